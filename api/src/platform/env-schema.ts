/**
 * The environment read through TypeBox schemas (decision 205): the API's settings (config.ts,
 * billing-config.ts, stream-config.ts) and the edge's and release tools' (deploy/src/config.ts)
 * each declare their variables as one schema object, and `readEnv` reads them all the same way.
 *
 * - Every variable is text in the environment; the schema's type says how it is read: a number
 *   with `Number()`, a boolean from true/1/false/0, a list split on commas.
 * - Unset and empty are the same: the variable is absent and the caller's default applies.
 * - A value that breaks its schema is reported as `NAME must be <rule>, got "<value>"` (the value
 *   left out for secrets) and reads as absent, so one start reports every problem at once.
 */
import Type from 'typebox';
import type { Static, TSchema } from 'typebox';
import Value from 'typebox/value';

export type Env = Record<string, string | undefined>;

/** What every variable's schema carries: the rule in words, and whether its value is secret. */
interface RuleOptions {
  rule: string;
  secret?: boolean;
}

const ruleOf = (schema: TSchema) => (schema as TSchema & RuleOptions).rule;
const isSecret = (schema: TSchema) => (schema as TSchema & RuleOptions).secret === true;

/** "a, b or c": how a rule names the allowed words. */
export const either = (values: readonly string[]) =>
  values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;

/** A whole number in a range (the `rule` may say what it counts). */
export const envInt = (min: number, max: number, rule = `a whole number from ${min} to ${max}`) =>
  Type.Integer({ minimum: min, maximum: max, rule });

/** A number in a range. */
export const envNumber = (min: number, max: number) =>
  Type.Number({ minimum: min, maximum: max, rule: `between ${min} and ${max}` });

/** true/1 or false/0. */
export const envBool = () => Type.Boolean({ rule: 'true or false' });

/** One of a few words. */
export const envOneOf = <const Values extends readonly string[]>(values: Values) =>
  Type.Unsafe<Values[number]>(
    Type.Union(
      values.map((value) => Type.Literal(value)),
      { rule: either(values) },
    ),
  );

/** Text matching a pattern; `rule` says in words what the pattern wants. */
export const envText = (pattern: RegExp, rule: string, options: { secret?: boolean } = {}) =>
  Type.String({ pattern: pattern.source, rule, ...options });

/** Text a function accepts (what a pattern cannot say, e.g. a key's decoded length). */
export const envCheckedText = (
  check: (value: string) => boolean,
  rule: string,
  options: { secret?: boolean } = {},
) => Type.Refine(Type.String({ rule, ...options }), check);

/** Any text: the variable has no rule beyond being set. */
export const envAnyText = () => Type.String({ rule: 'text' });

/** A comma-separated list (entries trimmed, empty ones dropped), each entry matching `item`. */
export const envList = (item: RegExp, rule: string, options: { secret?: boolean } = {}) =>
  Type.Array(Type.String({ pattern: item.source }), { minItems: 1, rule, ...options });

type EnvSchema = Record<string, TSchema>;

/** What `readEnv` gives: each variable's value, or undefined when unset or refused. */
export type EnvValues<Schema extends EnvSchema> = { [Name in keyof Schema]?: Static<Schema[Name]> };

/** The environment's text as the value the schema checks. */
function fromText(schema: TSchema, raw: string): unknown {
  const { type } = schema as { type?: string };
  if (type === 'integer' || type === 'number') return raw.trim() === '' ? raw : Number(raw);
  if (type === 'boolean') {
    if (raw === 'true' || raw === '1') return true;
    if (raw === 'false' || raw === '0') return false;
    return raw;
  }
  if (type === 'array')
    return raw
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
  return raw;
}

/**
 * Reads every variable `schema` names from `env`. A refused value adds its problem to `problems`
 * and reads as undefined, so the caller's default stands in while the rest is checked.
 */
export function readEnv<const Schema extends EnvSchema>(
  schema: Schema,
  env: Env,
  problems: string[],
): EnvValues<Schema> {
  const values: Record<string, unknown> = {};
  for (const [name, variable] of Object.entries(schema)) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const value = fromText(variable, raw);
    if (Value.Check(variable, value)) values[name] = value;
    else
      problems.push(
        `${name} must be ${ruleOf(variable)}${isSecret(variable) ? '' : `, got "${raw}"`}`,
      );
  }
  return values as EnvValues<Schema>;
}

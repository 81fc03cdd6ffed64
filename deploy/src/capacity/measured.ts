/**
 * The measured input of the capacity model: what `npm run bench:surge` writes to
 * deploy/capacity/surge-measured.json (issue 24 §3), or a provisional file derived from the other
 * benches until a surge run replaces it (decision 320). Read through a TypeBox schema, so a
 * missing, mistyped or extra field is refused with its name before any figure is computed.
 */
import Type from 'typebox';
import type { Static, TSchema } from 'typebox';
import Value from 'typebox/value';

const count = Type.Number({ minimum: 0 });
const positive = Type.Number({ exclusiveMinimum: 0 });

const CallFigures = Type.Object(
  { reqPerSec: count, p50Ms: count, p99Ms: count, errors: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);

export const MeasuredSchema = Type.Object(
  {
    /** "bench:surge" for a real surge run; "provisional" for figures derived from other benches. */
    source: Type.Union([Type.Literal('bench:surge'), Type.Literal('provisional')]),
    measuredAt: Type.String({ format: 'date-time' }),
    mode: Type.Union([Type.Literal('single'), Type.Literal('cluster')]),
    machine: Type.Object(
      { cores: Type.Integer({ minimum: 1 }), loadavg: Type.Array(count, { minItems: 3 }) },
      { additionalProperties: false },
    ),
    viewers: Type.Integer({ minimum: 1 }),
    errors: Type.Integer({ minimum: 0 }),
    rampP99Ms: count,
    steadyP99Ms: count,
    apiCpuMsPerViewerMinute: positive,
    pgTransactionsPerViewerMinute: count,
    /** null: the run had no Redis on the viewer's path to count. */
    redisOpsPerViewerMinute: Type.Union([count, Type.Null()]),
    viewersPerApiCore: positive,
    perCall: Type.Record(Type.String({ minLength: 1 }), CallFigures),
  },
  { additionalProperties: false },
);

export type Measured = Static<typeof MeasuredSchema>;

/** A measured file the model cannot use; `field` names the first offending field (dotted path). */
export class MeasuredFileError extends Error {
  constructor(
    readonly code: 'MEASURED_NOT_JSON' | 'MEASURED_INVALID',
    readonly field: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'MeasuredFileError';
  }
}

interface SchemaError {
  instancePath: string;
  message: string;
  params: { requiredProperties?: string[]; additionalProperties?: string[] };
}

/** The dotted field an error is about: `machine.cores`, `perCall.grant.p99Ms`, … */
function fieldOf(error: SchemaError): string {
  const parent = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const named = error.params.requiredProperties?.[0] ?? error.params.additionalProperties?.[0];
  if (named === undefined) return parent;
  return parent ? `${parent}.${named}` : named;
}

/** Parses `text` and checks it against `schema`; `file` only names it in the error. */
export function readCheckedJson<S extends TSchema>(
  schema: S,
  text: string,
  file: string,
): Static<S> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new MeasuredFileError(
      'MEASURED_NOT_JSON',
      null,
      `${file} is not JSON: ${(error as Error).message}`,
    );
  }
  const errors = [...Value.Errors(schema, value)] as SchemaError[];
  // The schema's own "schema is false" twin of an extra property adds nothing to its message.
  const first = errors.find((e) => e.message !== 'schema is false') ?? errors[0];
  if (first) {
    const field = fieldOf(first) || '(the whole file)';
    throw new MeasuredFileError(
      'MEASURED_INVALID',
      field,
      `${file}: field "${field}" ${first.message}`,
    );
  }
  return value as Static<S>;
}

/** Parses and checks a measured file's text; `file` only names it in the error. */
export function parseMeasured(text: string, file: string): Measured {
  const measured = readCheckedJson(MeasuredSchema, text, file);
  if (measured.errors > 0)
    throw new MeasuredFileError(
      'MEASURED_INVALID',
      'errors',
      `${file}: field "errors" is ${measured.errors}; a run with errors measures nothing (decision 180)`,
    );
  return measured;
}

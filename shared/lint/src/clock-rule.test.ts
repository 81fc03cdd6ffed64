/** @jest-environment node */
/**
 * The API's one-clock rule (decision 420, eslint.config.mjs): `Date.now()`, `new Date()` and
 * `Date()` in api/src are errors that point at the injected clock; dates built from a value, the
 * clock module itself, tests and the test harness are allowed.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

type Message = { ruleId: string | null; message: string };

function lint(cases: { file: string; code: string }[]): Message[][] {
  const output = execFileSync(process.execPath, [path.join(__dirname, 'lint-cases.mjs')], {
    input: JSON.stringify(cases),
    encoding: 'utf8',
  });
  return JSON.parse(output) as Message[][];
}

const refused: [string, string, string][] = [
  ['Date.now() in a feature', 'api/src/billing/x.ts', 'export const t = Date.now();'],
  [
    'Date.now passed as a function',
    'api/src/ops/x.ts',
    'export const now = () => [1].map(Date.now);',
  ],
  ['new Date() in a route', 'api/src/streams/routes/x.ts', 'export const at = new Date();'],
  ['Date() as a string', 'api/src/platform/http/x.ts', 'export const s = Date();'],
];

const allowed: [string, string, string][] = [
  ['a date built from a value', 'api/src/billing/x.ts', 'export const at = new Date(0);'],
  ['the clock module', 'api/src/platform/clock.ts', 'export const at = () => new Date();'],
  ['a test', 'api/src/billing/x.test.ts', 'export const t = Date.now();'],
  ['the test harness', 'api/src/testing/x.ts', 'export const at = new Date();'],
  ['outside the API', 'deploy/src/x.ts', 'export const t = Date.now();'],
];

const clockRule = (messages: Message[]) =>
  messages.filter((m) => m.ruleId === 'no-restricted-syntax');

describe('the one-clock lint rule (decision 420)', () => {
  const results = lint([...refused, ...allowed].map(([, file, code]) => ({ file, code })));

  it.each(refused.map(([name], i) => [name, i] as const))('refuses %s', (_name, index) => {
    const messages = clockRule(results[index] ?? []);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.message).toMatch(/services\.clock/);
  });

  it.each(allowed.map(([name], i) => [name, refused.length + i] as const))(
    'allows %s',
    (_name, index) => {
      expect(clockRule(results[index] ?? [])).toEqual([]);
    },
  );
});

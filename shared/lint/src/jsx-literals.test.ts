/** @jest-environment node */
/**
 * Issue 34 §4 (decision 472): in the translated folders, words in JSX are lint errors; the
 * catalogue's t(...) and punctuation pass, and folders not yet translated are left alone.
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

const literalRule = (messages: Message[]) =>
  messages.filter((m) => m.ruleId === 'crease/jsx-literals');

const refused: [string, string, string][] = [
  [
    'English text between tags',
    'mf-auth/src/screens/x.tsx',
    'export const A = () => <p>Sign in</p>;',
  ],
  ['Hindi text between tags', 'shell/src/layout/x.tsx', 'export const A = () => <p>साइन इन</p>;'],
  [
    'an aria-label string',
    'shell/src/pages/x.tsx',
    'export const A = () => <nav aria-label="Main" />;',
  ],
  [
    "a component's label",
    'mf-auth/src/forms/x.tsx',
    'export const A = () => <F label="Password" />;\nconst F = (p: { label: string }) => <b>{p.label}</b>;',
  ],
  [
    'a string in a conditional',
    'mf-auth/src/screens/x.tsx',
    "export const A = ({ busy }: { busy: boolean }) => <b>{busy ? 'Saving…' : 'Save'}</b>;",
  ],
  ...['mf-billing', 'mf-catalog', 'mf-player', 'mf-legal'].map((app): [string, string, string] => [
    `a word in ${app}, translated like every remote`,
    `${app}/src/screens/x.tsx`,
    'export const A = () => <p>Plans</p>;',
  ]),
];

const allowed: [string, string, string][] = [
  [
    'a message from the catalogue',
    'mf-auth/src/screens/x.tsx',
    "declare const t: (k: string) => string;\nexport const A = () => <p>{t('signin.title')}</p>;",
  ],
  ['punctuation and symbols', 'shell/src/layout/x.tsx', "export const A = () => <p>● {' '}·</p>;"],
  ['a class name', 'shell/src/pages/x.tsx', 'export const A = () => <p className="lead" />;'],
  ['a test', 'mf-auth/src/screens/x.test.tsx', 'export const A = () => <p>Sign in</p>;'],
  [
    'the staff console (staff read English; viewers never see it)',
    'deploy/ops-console/src/screens/x.tsx',
    'export const A = () => <p>Plans</p>;',
  ],
];

describe('crease/jsx-literals', () => {
  const results = lint([...refused, ...allowed].map(([, file, code]) => ({ file, code })));

  it.each(refused.map((c, i) => [c[0], i] as const))('refuses %s', (_name, index) => {
    const messages = literalRule(results[index] ?? []);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages[0]?.message).toMatch(/messages catalogue/);
  });

  it.each(allowed.map((c, i) => [c[0], refused.length + i] as const))(
    'allows %s',
    (_name, index) => {
      expect(literalRule(results[index] ?? [])).toEqual([]);
    },
  );
});

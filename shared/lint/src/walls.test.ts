/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

interface Case {
  file: string;
  code: string;
}
type Message = { ruleId: string | null; message: string };

/** Lints every case with the repository's own eslint.config.mjs, in one ESLint process. */
function lint(cases: Case[]): Message[][] {
  const output = execFileSync(process.execPath, [path.join(__dirname, 'lint-cases.mjs')], {
    input: JSON.stringify(cases),
    encoding: 'utf8',
  });
  return JSON.parse(output) as Message[][];
}

const violations: [string, Case, RegExp][] = [
  [
    'the shell imports a remote',
    { file: 'shell/src/platform/x.ts', code: "export { a } from 'mf-auth/src/screens';" },
    /loads remotes at runtime only/,
  ],
  [
    'the shell imports the API',
    { file: 'shell/src/platform/x.ts', code: "import { a } from 'api';\nexport { a };" },
    /never import the API or deploy/,
  ],
  [
    'a remote imports deploy with require()',
    { file: 'mf-billing/src/x.ts', code: "export const d = require('deploy/edge');" },
    /never import the API or deploy/,
  ],
  [
    'a new remote (mf-player) imports another remote by path',
    {
      file: 'mf-player/src/x.ts',
      code: "import { a } from '../../mf-auth/src/screens';\nexport { a };",
    },
    /never imports another remote or the shell/,
  ],
  [
    'a remote imports the shell with a dynamic import()',
    { file: 'mf-player/src/x.ts', code: "export const m = () => import('../../shell/src/boot');" },
    /never imports another remote or the shell/,
  ],
  [
    'a remote test reaches into the API outside its test harness',
    { file: 'mf-auth/src/x.test.ts', code: "import { a } from 'api';\nexport { a };" },
    /only through its test harness/,
  ],
  [
    'the API imports e2e',
    { file: 'api/src/x.test.ts', code: "import '../../e2e/support/site';" },
    /Only e2e\/ imports e2e\//,
  ],
  [
    'the API imports the shell',
    { file: 'api/src/x.ts', code: "export { a } from '../../shell/src/boot';" },
    /The API never imports/,
  ],
  [
    'deploy imports a remote',
    { file: 'deploy/src/x.ts', code: "export * from '../../mf-legal/src/screens';" },
    /never imports the shell's or a remote's source/,
  ],
  [
    'e2e imports the API source',
    { file: 'e2e/tests/x.ts', code: "export { a } from '../../api/src/app';" },
    /e2e drives the running site/,
  ],
  [
    'shared imports an app',
    { file: 'shared/ui/src/x.ts', code: "export { a } from 'shell';" },
    /shared\/ never imports an app/,
  ],
  [
    'production code imports test-utils',
    { file: 'shell/src/platform/x.ts', code: "export { a } from '@crease/test-utils';" },
    /for tests only/,
  ],
  [
    'shell: session imports http (upward)',
    { file: 'shell/src/session/x.ts', code: "export { a } from '../http/token-endpoint';" },
    /session\/ sits below http\//,
  ],
  [
    'shell: layout imports routes (upward)',
    { file: 'shell/src/layout/x.ts', code: "export { a } from '../routes/create-routes';" },
    /layout\/ sits below routes\//,
  ],
  [
    'shell: remotes imports routes (upward)',
    { file: 'shell/src/remotes/x.ts', code: "export { a } from '../routes/create-routes';" },
    /remotes\/ sits below routes\//,
  ],
  [
    'API: platform/ imports a feature',
    { file: 'api/src/platform/http/x.ts', code: "export { a } from '../../accounts';" },
    /platform\/ imports no feature/,
  ],
  [
    'API: platform/ imports services.ts (above it)',
    { file: 'api/src/platform/x.ts', code: "import type { ApiServices } from '../services';" },
    /platform\/ imports no feature and nothing above it/,
  ],
  [
    'API: a feature imports services.ts instead of taking what it uses',
    { file: 'api/src/billing/x.ts', code: "import type { ApiServices } from '../services';" },
    /takes what it uses/,
  ],
  [
    "API: a feature reaches into a lower feature's file, not its index.ts",
    { file: 'api/src/billing/x.ts', code: "export { a } from '../accounts/sessions';" },
    /only through that feature's index\.ts/,
  ],
  [
    'API: a lower feature imports a higher one (accounts -> billing)',
    { file: 'api/src/accounts/routes/x.ts', code: "export { a } from '../../billing';" },
    /accounts\/ sits below billing\//,
  ],
  [
    "API: a feature's tables.ts reaches a higher feature's tables",
    { file: 'api/src/accounts/tables.ts', code: "export { a } from '../streams/tables';" },
    /accounts\/ sits below streams\//,
  ],
  [
    "API: a feature's service takes a lower feature's tables.ts directly",
    { file: 'api/src/streams/x.ts', code: "export { a } from '../billing/tables';" },
    /only through that feature's index\.ts/,
  ],
];

const allowed: [string, Case][] = [
  [
    "a shell test starts the real API through the API's test harness",
    { file: 'shell/src/http/x.test.ts', code: "export { a } from 'api/testing/test-api';" },
  ],
  [
    "a remote imports its own src/api/ (not the API's)",
    { file: 'mf-billing/src/screens/x.ts', code: "export { a } from '../api/billing-client';" },
  ],
  ['deploy runs the API', { file: 'deploy/src/x.ts', code: "export { a } from 'api/config';" }],
  [
    'shell: routes imports layout (downward)',
    { file: 'shell/src/routes/x.ts', code: "export { a } from '../layout/app-layout';" },
  ],
  [
    'a test imports @crease/test-utils',
    { file: 'api/src/x.test.ts', code: "export { a } from '@crease/test-utils/chromium';" },
  ],
  [
    "API: a feature imports a lower feature's index.ts and platform/",
    {
      file: 'api/src/streams/routes/x.ts',
      code: "export { a } from '../../billing';\nexport { b } from '../../platform/errors';",
    },
  ],
  [
    "API: a feature's tables.ts takes a lower feature's tables.ts (a foreign key)",
    { file: 'api/src/billing/tables.ts', code: "export { users } from '../accounts/tables';" },
  ],
  [
    'API: app.ts wires every feature',
    { file: 'api/src/app.ts', code: "export { a } from './billing/routes/checkouts';" },
  ],
  [
    "API: a feature's test reaches the test harness",
    { file: 'api/src/billing/x.test.ts', code: "export { a } from '../testing/test-api';" },
  ],
];

const wallsOf = (messages: Message[]) => messages.filter((m) => m.ruleId === 'crease/walls');

describe('the lint walls (eslint.config.mjs, crease/walls)', () => {
  // One ESLint process for all cases: loading the config and parsers takes seconds.
  const results = lint([...violations.map(([, c]) => c), ...allowed.map(([, c]) => c)]);

  it.each(violations.map(([name, , expected], i) => [name, expected, i] as const))(
    'fails when %s',
    (_name, expected, index) => {
      const walls = wallsOf(results[index] ?? []);
      expect(walls).toHaveLength(1);
      expect(walls[0]?.message).toMatch(expected);
    },
  );

  it.each(allowed.map(([name], i) => [name, violations.length + i] as const))(
    'passes when %s',
    (_name, index) => {
      expect(wallsOf(results[index] ?? [])).toEqual([]);
    },
  );
});

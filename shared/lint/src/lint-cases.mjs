// Lints each case from stdin with the repository's real ESLint config and prints the messages.
// Run in its own Node process by walls.test.ts: ESLint loads its flat config with import(),
// which jest's module sandbox does not offer.
import { ESLint } from 'eslint';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');
let input = '';
for await (const chunk of process.stdin) input += chunk;
const cases = JSON.parse(input);
const eslint = new ESLint({ cwd: root });
const results = [];
for (const { file, code } of cases) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  results.push((result?.messages ?? []).map((m) => ({ ruleId: m.ruleId, message: m.message })));
}
process.stdout.write(JSON.stringify(results));

/**
 * `npm run k8s:check [-- <dir>]`: validates every manifest in deploy/k8s (or `<dir>`) against the
 * Kubernetes API schema (deploy/src/k8s/k8s-schema.ts, decision 324). Prints one line per problem
 * and exits 1 on any; `--json` prints the problems as JSON instead (for the tests).
 */
import path from 'node:path';
import { checkManifestSchemas } from '../k8s/k8s-schema';

const args = process.argv.slice(2);
const json = args.includes('--json');
const dir = path.resolve(
  args.find((a) => !a.startsWith('--')) ?? path.join(import.meta.dirname, '..', '..', 'k8s'),
);

const problems = await checkManifestSchemas(dir);
if (json) console.info(JSON.stringify(problems));
else if (problems.length === 0)
  console.info(`${dir}: every manifest matches its Kubernetes schema`);
else
  for (const p of problems)
    console.error(`${p.file} ${p.object} ${p.field || '(object)'}: ${p.message}`);
process.exitCode = problems.length ? 1 : 0;

// Rewrites docs/decisions/README.md from the records (npm run decisions:index).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INDEX_FILE, readRecords, renderIndex } from './decision-index.mjs';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/decisions');
const { records, problems } = readRecords(dir);
for (const problem of problems) console.error(problem);
writeFileSync(path.join(dir, INDEX_FILE), renderIndex(records));
console.info(`docs/decisions/${INDEX_FILE}: ${records.length} records`);
process.exitCode = problems.length > 0 ? 1 : 0;

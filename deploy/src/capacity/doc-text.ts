/**
 * docs/capacity.md as Prettier formats it with the repository's settings, so `npm run lint`
 * accepts the generated file as it is. (Prettier loads its plugins with a dynamic import, which
 * jest's CommonJS runtime cannot do: only the CLI uses this module.)
 */
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { renderCapacityDoc } from './capacity-doc';
import type { CapacityReport } from './capacity-doc';
import { CAPACITY_DOC, REPO_ROOT } from './report';

export async function capacityDocText(report: CapacityReport): Promise<string> {
  const docPath = path.join(REPO_ROOT, CAPACITY_DOC);
  const options = (await resolveConfig(docPath)) ?? {};
  return format(renderCapacityDoc(report), { ...options, filepath: docPath });
}

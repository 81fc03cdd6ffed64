/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SchemaProblem } from './k8s-schema';

/**
 * Every manifest in deploy/k8s against the Kubernetes API schema (decision 324). The checker is
 * ESM-only, so it runs as `npm run k8s:check` does, in its own process.
 */
const REPO = path.resolve(import.meta.dirname, '..', '..', '..');
const K8S_DIR = path.join(REPO, 'deploy', 'k8s');

function check(dir: string): SchemaProblem[] {
  try {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'deploy/src/cli/check-k8s.ts', dir, '--json'],
      { cwd: REPO, encoding: 'utf8' },
    );
    return JSON.parse(out) as SchemaProblem[];
  } catch (error) {
    const { status, stdout } = error as { status: number; stdout: string };
    if (status !== 1) throw error;
    return JSON.parse(stdout) as SchemaProblem[];
  }
}

describe('deploy/k8s against the Kubernetes schema', () => {
  let broken: string;
  beforeAll(() => {
    broken = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-k8s-schema-'));
    for (const file of fs.readdirSync(K8S_DIR))
      fs.copyFileSync(path.join(K8S_DIR, file), path.join(broken, file));
  });
  afterAll(() => fs.rmSync(broken, { recursive: true, force: true }));

  it('every manifest matches its kind’s schema', () => {
    expect(check(K8S_DIR)).toEqual([]);
  }, 60_000);

  it('names the field a broken manifest gets wrong, and refuses a kind it has no schema for', () => {
    const edit = (file: string, from: string, to: string) => {
      const full = path.join(broken, file);
      const text = fs.readFileSync(full, 'utf8');
      expect(text).toContain(from);
      fs.writeFileSync(full, text.replace(from, to));
    };
    edit('api-hpa.yaml', 'minReplicas: ', 'minReplicas: three # ');
    edit('api-deployment.yaml', 'containerPort: 8081', "containerPort: 'http'");
    edit('api-pdb.yaml', 'kind: PodDisruptionBudget', 'kind: PodDisruptionBudgets');
    const problems = check(broken);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          file: 'api-hpa.yaml',
          field: '/spec/minReplicas',
          message: 'must be integer',
        }),
        expect.objectContaining({
          file: 'api-deployment.yaml',
          field: '/spec/template/spec/containers/0/ports/0/containerPort',
        }),
        expect.objectContaining({ file: 'api-pdb.yaml', field: '/kind' }),
      ]),
    );
    expect(problems).toHaveLength(3);
  }, 60_000);
});

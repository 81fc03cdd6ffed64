/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SURGE_RUN } from '../testing/surge-run';
import { renderCapacityDoc } from './capacity-doc';
import {
  CAPACITY_DOC,
  INGEST_MEASURED_FILE,
  MEASURED_FILE,
  REPO_ROOT,
  buildReport,
} from './report';

/** `npm run capacity -- <args>` (the CLI formats with Prettier, which jest cannot load). */
function capacityCli(...args: string[]) {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'deploy/src/cli/capacity.ts', ...args],
    { cwd: REPO_ROOT, encoding: 'utf8' },
  );
  return { status: run.status, out: run.stdout + run.stderr };
}

/** A scratch checkout: the measured file, the document and deploy/k8s. */
function copyOfCheckout(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-capacity-root-'));
  for (const file of [MEASURED_FILE, INGEST_MEASURED_FILE, CAPACITY_DOC]) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.copyFileSync(path.join(REPO_ROOT, file), path.join(root, file));
  }
  fs.cpSync(path.join(REPO_ROOT, 'deploy', 'k8s'), path.join(root, 'deploy', 'k8s'), {
    recursive: true,
  });
  return root;
}

describe('docs/capacity.md', () => {
  const report = buildReport();

  it('is what npm run capacity writes from the model and the measured file (not stale)', () => {
    const { status, out } = capacityCli('--check');
    expect(out).toContain('agree with the model');
    expect(status).toBe(0);
  }, 60_000);

  it('goes stale when the measured file changes, and the CLI says which files', () => {
    const root = copyOfCheckout();
    try {
      const file = path.join(root, MEASURED_FILE);
      const measured = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof SURGE_RUN;
      const dearer = { ...measured, apiCpuMsPerViewerMinute: measured.apiCpuMsPerViewerMinute * 3 };
      fs.writeFileSync(file, JSON.stringify(dearer));
      const { status, out } = capacityCli('--check', `--root=${root}`);
      expect(status).toBe(1);
      expect(out).toContain(`Stale: ${CAPACITY_DOC}, deploy/k8s/api-hpa.yaml`);
      // Regenerating there makes it current again.
      expect(capacityCli(`--root=${root}`).status).toBe(0);
      expect(capacityCli('--check', `--root=${root}`).status).toBe(0);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 90_000);

  it('refuses a measured file that breaks the schema, naming the field, and writes nothing', () => {
    const root = copyOfCheckout();
    try {
      const file = path.join(root, MEASURED_FILE);
      const { viewersPerApiCore: _, ...rest } = JSON.parse(fs.readFileSync(file, 'utf8'));
      fs.writeFileSync(file, JSON.stringify(rest));
      const before = fs.readFileSync(path.join(root, CAPACITY_DOC), 'utf8');
      const { status, out } = capacityCli(`--root=${root}`);
      expect(status).toBe(2);
      expect(out).toContain('MEASURED_INVALID');
      expect(out).toContain('field "viewersPerApiCore"');
      expect(fs.readFileSync(path.join(root, CAPACITY_DOC), 'utf8')).toBe(before);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);

  it('quotes the measured input with its date, machine and load', () => {
    const doc = renderCapacityDoc(report);
    const m = report.measured;
    expect(doc).toContain(m.measuredAt);
    expect(doc).toContain(
      `${m.machine.cores} cores, load average ${m.machine.loadavg.join(' / ')}`,
    );
  });

  it('says the figures are provisional until a surge run replaces them', () => {
    const provisional = renderCapacityDoc({
      ...report,
      measured: { ...SURGE_RUN, source: 'provisional' },
    });
    expect(provisional).toMatch(/\*\*Provisional\.\*\*/);
    expect(renderCapacityDoc({ ...report, measured: SURGE_RUN })).not.toMatch(/Provisional/);
  });

  it('has a column per tier and states what breaks first at each', () => {
    const doc = renderCapacityDoc(report);
    expect(doc).toContain('| 10k viewers | 1M viewers | 10M viewers |');
    for (const tier of ['10k', '1M', '10M']) expect(doc).toContain(`### ${tier} viewers`);
    for (const words of ['bitrate ladder', 'segment / part', 'CDN cache hit rate'])
      expect(doc).toContain(words);
  });
});

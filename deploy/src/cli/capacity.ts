/**
 * `npm run capacity`: prints the capacity table for 10k, 1M and 10M viewers from
 * deploy/capacity/surge-measured.json, rewrites docs/capacity.md, and writes the API's replica
 * policy into deploy/k8s (docs/capacity.md, decisions 320–323).
 * - `-- --check` changes nothing and exits 1 when the document or a manifest is stale;
 * - `-- --root=<dir>` works on another checkout's files (the tests' copies);
 * - a measured file the model cannot use exits 2 with its code and the field.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CapacityReport } from '../capacity/capacity-doc';
import { capacityDocText } from '../capacity/doc-text';
import { audience, figure, markdownTable } from '../capacity/format';
import { syncManifests } from '../capacity/k8s-sync';
import { MeasuredFileError } from '../capacity/measured';
import { CAPACITY_DOC, REPO_ROOT, buildReport } from '../capacity/report';

const CHECK = process.argv.includes('--check');
const ROOT = path.resolve(
  process.argv.find((a) => a.startsWith('--root='))?.slice('--root='.length) ?? REPO_ROOT,
);
const K8S_DIR = path.join(ROOT, 'deploy', 'k8s');

function printSummary({ plans, measured, verdicts, policy, measuredFile }: CapacityReport) {
  console.info(
    `Capacity from ${measuredFile} (${measured.source}, ${measured.measuredAt}, ${measured.machine.cores} cores, load ${measured.machine.loadavg.join(' ')})`,
  );
  const row = (label: string, value: (i: number) => string) => [
    label,
    ...plans.map((_, i) => value(i)),
  ];
  console.info(
    markdownTable(
      ['', ...plans.map((p) => audience(p.viewers))],
      [
        row('API replicas', (i) => figure(plans[i]!.apiReplicas)),
        row('API cores', (i) => figure(plans[i]!.apiCores)),
        row('PostgreSQL writes/s (peak)', (i) => figure(plans[i]!.pgWritesPerSecPeak)),
        row('Redis ops/s (peak)', (i) => figure(plans[i]!.redisOpsPerSecPeak)),
        row('CDN egress Gbit/s', (i) => figure(plans[i]!.cdnEgressGbps)),
        row('origin egress Gbit/s', (i) => figure(plans[i]!.originEgressGbps)),
        row('breaks first', (i) => verdicts[i]!.broken[0]?.resource.id ?? '—'),
      ],
    ),
  );
  console.info(
    `HPA ${policy.minReplicas}…${policy.maxReplicas} at ${policy.cpuTargetPercent} % of ${policy.cpuRequestMillicores}m; PDB maxUnavailable ${policy.pdbMaxUnavailablePercent}%`,
  );
}

/** What `npm run capacity` would change, without changing it. */
function staleFiles(report: CapacityReport, current: string, text: string): string[] {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-capacity-'));
  try {
    for (const file of fs.readdirSync(K8S_DIR))
      fs.copyFileSync(path.join(K8S_DIR, file), path.join(scratch, file));
    return [
      ...(current === text ? [] : [CAPACITY_DOC]),
      ...syncManifests(scratch, report.policy).map((f) => `deploy/k8s/${f}`),
    ];
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

async function main() {
  const report = buildReport(ROOT);
  printSummary(report);
  const docPath = path.join(ROOT, CAPACITY_DOC);
  const text = await capacityDocText(report);
  const current = fs.existsSync(docPath) ? fs.readFileSync(docPath, 'utf8') : '';
  if (CHECK) {
    const stale = staleFiles(report, current, text);
    if (stale.length) {
      console.error(`Stale: ${stale.join(', ')}. Run npm run capacity.`);
      process.exitCode = 1;
    } else console.info(`${CAPACITY_DOC} and deploy/k8s agree with the model.`);
    return;
  }
  if (current !== text) fs.writeFileSync(docPath, text);
  const changed = syncManifests(K8S_DIR, report.policy);
  console.info(
    `${current === text ? 'unchanged' : 'wrote'} ${CAPACITY_DOC}; deploy/k8s: ${changed.length ? `updated ${changed.join(', ')}` : 'unchanged'}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof MeasuredFileError) {
    console.error(`${error.code}: ${error.message}`);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});

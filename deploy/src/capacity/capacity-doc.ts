/**
 * docs/capacity.md, rendered from the model (decision 320): the measured input quoted with its
 * date, machine and load, the assumptions with their reasons, the table for each tier, what
 * breaks first and the fix, and the API's replica policy that deploy/k8s carries.
 */
import type { Assumptions } from './assumptions';
import { ladderTotalKbps, meanViewerKbps } from './assumptions';
import type { TierVerdict } from './bottlenecks';
import { audience, figure, markdownTable, percent, roughly } from './format';
import type { Measured } from './measured';
import type { IngestMeasured } from './ingest';
import { ingestSection } from './ingest';
import type { TierPlan } from './model';
import { originRequestsPerEdge, writesPerViewerMinute } from './model';
import { secondsToScale } from './scaling-policy';
import type { ApiScalingPolicy } from './scaling-policy';

/** Issue 24 §3's goal for watching viewers per API core at steady state, media on the CDN. */
export const VIEWERS_PER_CORE_GOAL = 10_000;

export interface CapacityReport {
  measured: Measured;
  measuredFile: string;
  ingest: IngestMeasured;
  ingestFile: string;
  assumptions: Assumptions;
  plans: TierPlan[];
  verdicts: TierVerdict[];
  policy: ApiScalingPolicy;
}

function measuredSection({ measured: m, measuredFile }: CapacityReport): string {
  const provisional =
    m.source === 'bench:surge'
      ? ''
      : `\n> **Provisional.** These figures are not a \`bench:surge\` run: they are derived from \`npm run bench:api\` and \`npm run bench:origin\` on this machine (decision 323). Replace \`${measuredFile}\` with a surge run's file and run \`npm run capacity\`.\n`;
  const rows = [
    ['source', `\`${m.source}\` (${m.mode})`],
    ['measured at', m.measuredAt],
    ['machine', `${m.machine.cores} cores, load average ${m.machine.loadavg.join(' / ')}`],
    ['viewers, errors', `${figure(m.viewers)}, ${m.errors}`],
    ['p99 ramp / steady', `${figure(m.rampP99Ms)} ms / ${figure(m.steadyP99Ms)} ms`],
    ['API CPU per viewer-minute', `${figure(m.apiCpuMsPerViewerMinute)} ms`],
    [
      'viewers per API core',
      `${figure(m.viewersPerApiCore)} (goal: ${figure(VIEWERS_PER_CORE_GOAL)}, issue 24)`,
    ],
    ['PostgreSQL transactions per viewer-minute', figure(m.pgTransactionsPerViewerMinute)],
    [
      'Redis operations per viewer-minute',
      m.redisOpsPerViewerMinute === null
        ? 'not measured (no Redis on the viewer’s steady path)'
        : figure(m.redisOpsPerViewerMinute),
    ],
  ];
  const calls = Object.entries(m.perCall).map(([call, f]) => [
    `\`${call}\``,
    figure(f.reqPerSec),
    figure(f.p50Ms),
    figure(f.p99Ms),
    String(f.errors),
  ]);
  return [
    '## Measured input',
    `From \`${measuredFile}\`.`,
    provisional,
    markdownTable(['measure', 'value'], rows),
    '',
    markdownTable(['call', 'req/s', 'p50 ms', 'p99 ms', 'errors'], calls),
  ].join('\n');
}

function assumptionsSection(a: Assumptions): string {
  const ladder = a.ladder.map((s) => `${s.name} ${s.kbps} kbit/s × ${percent(s.share)}`);
  const rows = [
    [
      'bitrate ladder and mix',
      `${ladder.join(', ')}; audio ${a.audioKbps} kbit/s`,
      'The encoder caps of the stream recipe (`api/src/streams/media/media-recipe.ts`): a real match fills them, the test card stays under. Half the audience on phones.',
    ],
    [
      'mean per viewer',
      `${figure(meanViewerKbps(a))} kbit/s`,
      'The ladder mix plus one commentary language.',
    ],
    [
      'segment / part',
      `${a.segmentSeconds} s / ${a.partSeconds} s`,
      'The origin’s LL-HLS (decision 216).',
    ],
    [
      'CDN cache hit rate',
      percent(a.cdnHitRate),
      'Segments and parts are immutable and shared by every viewer of a rendition; misses are the first request per edge and evictions.',
    ],
    [
      'CDN edge locations',
      String(a.cdnEdgeLocations),
      `Each pulls every rendition at least once (${figure(ladderTotalKbps(a))} kbit/s) and sends the origin ${figure(originRequestsPerEdge(a))} LL-HLS requests/s (a blocking reload and a part per rendition per part), whatever its audience.`,
    ],
    [
      'origin CPU per edge request',
      `${a.originCpuMsPerRequest} ms`,
      '`npm run bench:origin`, API CPU per LL request (playlist or part).',
    ],
    [
      'access check cache',
      `${a.accessCacheSeconds} s per token`,
      'The edge’s cached auth subrequest (docs/streams.md, decisions 151 and 356): nginx keeps it up to a second longer, and the origin answers from its polled revocations.',
    ],
    [
      'tokens and heartbeats',
      `paid ${a.paidTokenSeconds} s, trial ${a.trialTokenSeconds} s, renewed ${a.renewalMarginSeconds} s before the end (at most half way); trial heartbeat every ${a.heartbeatSeconds} s`,
      'The API’s stream defaults and the player’s timers.',
    ],
    [
      'trial share',
      percent(a.trialShare),
      `A final draws trials. Writes per viewer-minute: ${figure(writesPerViewerMinute(a))}.`,
    ],
    [
      'join window',
      `${a.joinWindowSeconds} s`,
      'The whole tier arrives within ten minutes of the toss.',
    ],
    [
      'per join',
      `${a.writesPerJoin} writes, ${a.cpuMsPerJoin} ms API CPU, ${a.redisOpsPerJoin} Redis op`,
      'Refresh (rotates the session) and grant (opens a stream); CPU from `npm run bench:api` (decision 323); the page view’s analytics beacon is rate limited in Redis.',
    ],
    [
      'HPA target / ramp ceiling',
      `${percent(a.targetUtilization)} / ${percent(a.rampCeiling)}`,
      'Steady load at the target; steady plus joins under the ceiling, before the HPA catches up.',
    ],
    [
      'pod',
      `${a.podCpuRequestMillicores}m CPU request, pool of ${a.podDbPoolSize} connections, at least ${a.minReplicas} pods`,
      'One Node event loop per pod; one pod per zone at least.',
    ],
    [
      'one regional cluster',
      `${audience(a.viewersPerCluster)} viewers`,
      'Its HPA’s maxReplicas covers this tier (decision 321).',
    ],
  ];
  const l = a.limits;
  const limits = [
    ['PostgreSQL primary', `${figure(l.pgPrimaryWritesPerSec)} writes/s`],
    ['PostgreSQL instance', `${figure(l.pgReadsPerInstancePerSec)} indexed reads/s`],
    ['PostgreSQL connections', figure(l.pgConnections)],
    ['Redis primary', `${figure(l.redisOpsPerSec)} ops/s`],
    ['origin tier', `${figure(l.originEgressGbps)} Gbit/s`],
    ['one CDN provider', `${figure(l.cdnEgressGbps)} Gbit/s`],
  ];
  return [
    '## Assumptions',
    markdownTable(['assumption', 'value', 'why'], rows),
    '',
    'What one instance of each shared part is taken to carry (decision 322):',
    '',
    markdownTable(['part', 'limit'], limits),
  ].join('\n');
}

function tableSection(plans: TierPlan[], policy: ApiScalingPolicy): string {
  const row = (label: string, value: (p: TierPlan) => string) => [
    label,
    ...plans.map((p) => value(p)),
  ];
  const rows = [
    row('API replicas (pods)', (p) => figure(p.apiReplicas)),
    row('API cores: busy steady / busy joining / provisioned', (p) =>
      [p.apiCoresSteady, p.apiCoresSteady + p.apiCoresJoining, p.apiCores].map(figure).join(' / '),
    ),
    row('HPA from minReplicas, at best (s)', (p) =>
      p.apiReplicas > policy.maxReplicas
        ? `${figure(secondsToScale(p.apiReplicas, policy))} (to the cap, ${policy.maxReplicas})`
        : figure(secondsToScale(p.apiReplicas, policy)),
    ),
    row('joins/s in the window', (p) => figure(p.joinsPerSec)),
    row(
      'PostgreSQL writes/s: steady / peak',
      (p) => `${figure(p.pgWritesPerSec)} / ${figure(p.pgWritesPerSecPeak)}`,
    ),
    row(
      'PostgreSQL transactions/s (reads/s)',
      (p) => `${figure(p.pgTransactionsPerSec)} (${figure(p.pgReadsPerSec)})`,
    ),
    row('PostgreSQL connections', (p) => figure(p.pgConnections)),
    row(
      'Redis ops/s: steady / peak',
      (p) =>
        `${p.redisOpsPerSec === null ? 'n/m' : figure(p.redisOpsPerSec)} / ${figure(p.redisOpsPerSecPeak)}`,
    ),
    row('edge access checks/s', (p) => figure(p.accessChecksPerSec)),
    row('origin requests/s', (p) => figure(p.originRequestsPerSec)),
    row('CDN egress Gbit/s', (p) => figure(p.cdnEgressGbps)),
    row('origin egress Gbit/s', (p) => figure(p.originEgressGbps)),
  ];
  return [
    '## The table',
    'Concurrent viewers watching one match; no fix below applied ("n/m": not measured).',
    '',
    markdownTable(['', ...plans.map((p) => `${audience(p.viewers)} viewers`)], rows),
  ].join('\n');
}

function breaksSection(verdicts: TierVerdict[]): string {
  const parts = verdicts.map((v) => {
    const head = `### ${audience(v.viewers)} viewers`;
    const broken = v.broken.map(
      (b, i) =>
        `${i + 1}. **${b.resource.name}**: ${figure(b.load)} ${b.resource.unit} against ${figure(b.resource.limit)}, out from about ${roughly(b.atViewers)} viewers. Fix: ${b.resource.fix}`,
    );
    const next = v.next
      ? `${v.broken.length ? 'Next' : 'Nothing runs out at this size. First'}: **${v.next.resource.name}** at about ${roughly(v.next.atViewers)} viewers. Fix: ${v.next.resource.fix}`
      : 'Nothing else runs out below 10 billion viewers.';
    return [head, ...broken, '', next].join('\n');
  });
  return ['## What breaks first', ...parts].join('\n\n');
}

function policySection(p: ApiScalingPolicy): string {
  return [
    '## The API’s replica policy (deploy/k8s)',
    `One regional cluster carries ${audience(p.viewersPerCluster)} viewers; larger audiences add clusters. \`deploy/src/k8s/manifests-capacity.test.ts\` fails when the manifests disagree (decision 321).`,
    '',
    markdownTable(
      ['setting', 'value'],
      [
        ['HPA minReplicas', `${p.minReplicas} (one pod per zone)`],
        [
          'HPA maxReplicas',
          `${p.maxReplicas} (the ${audience(p.viewersPerCluster)} tier, rounded up to 10)`,
        ],
        ['HPA CPU target', `${p.cpuTargetPercent} % of the request`],
        [
          'HPA fastest scale-up',
          `+${p.scaleUpPercent} % every ${p.scaleUpPeriodSeconds} s (scale-down: 5-minute window)`,
        ],
        ['container CPU request', `${p.cpuRequestMillicores}m (no CPU limit: no throttling)`],
        [
          'PodDisruptionBudget maxUnavailable',
          `${p.pdbMaxUnavailablePercent} % (at most a third of the headroom; at least one pod)`,
        ],
      ],
    ),
    '',
    `Before a big match, raise \`minReplicas\` to the expected tier’s replicas 30 minutes before the toss: from ${p.minReplicas} pods the HPA needs ${figure(secondsToScale(p.maxReplicas, p))} s to reach ${p.maxReplicas} at best (nodes ready, metrics fresh), while the audience arrives within the join window.`,
  ].join('\n');
}

export function renderCapacityDoc(report: CapacityReport): string {
  return [
    '# Capacity',
    '',
    `Generated by \`npm run capacity\` from \`${report.measuredFile}\`, \`${report.ingestFile}\` and the model in \`deploy/src/capacity/\` (decisions 320–323). Do not edit by hand: \`deploy/src/capacity/capacity-doc.test.ts\` fails when this file is stale.`,
    '',
    measuredSection(report),
    '',
    assumptionsSection(report.assumptions),
    '',
    tableSection(report.plans, report.policy),
    '',
    breaksSection(report.verdicts),
    '',
    policySection(report.policy),
    '',
    ingestSection(report.ingest, report.ingestFile, report.assumptions),
    '',
  ].join('\n');
}

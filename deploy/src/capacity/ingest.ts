/**
 * The ingest side of capacity (issue 32 §7): what a live channel's transcoder costs, how many
 * channels a machine carries, and what a match hour stores. The CPU figures are measured
 * (deploy/capacity/ingest-measured.json: CPU seconds for a fixed feed, decision 418), read through
 * a schema like the surge file; storage follows from the encoder caps the model already assumes.
 */
import Type from 'typebox';
import type { Static } from 'typebox';
import type { Assumptions } from './assumptions';
import { ladderTotalKbps } from './assumptions';
import { figure, markdownTable, percent } from './format';
import { readCheckedJson } from './measured';

const positive = Type.Number({ exclusiveMinimum: 0 });

export const IngestMeasuredSchema = Type.Object(
  {
    /** "manual" for timed runs by hand; "bench:ingest" once that bench writes this file. */
    source: Type.Union([Type.Literal('manual'), Type.Literal('bench:ingest')]),
    method: Type.String({ minLength: 1 }),
    feed: Type.String({ minLength: 1 }),
    /** How many seconds of feed each run transcoded. */
    feedSeconds: positive,
    machine: Type.Object(
      {
        cores: Type.Integer({ minimum: 1 }),
        loadavg: Type.Array(Type.Number({ minimum: 0 }), { minItems: 3 }),
      },
      { additionalProperties: false },
    ),
    runs: Type.Array(
      Type.Object(
        {
          at: Type.String({ format: 'date-time' }),
          /** CPU seconds for the whole ladder (1080p, 720p, 480p and the AAC commentary). */
          ladderCpuSeconds: positive,
          /** CPU seconds with the top rendition copied, not encoded (not used: decision 418). */
          passthroughCpuSeconds: positive,
          /** bench:ingest: the full ladder's parts as written, MB per match hour (decision 486). */
          partsMegabytesPerHour: Type.Optional(positive),
        },
        { additionalProperties: false },
      ),
      { minItems: 1 },
    ),
  },
  { additionalProperties: false },
);

export type IngestMeasured = Static<typeof IngestMeasuredSchema>;

export function parseIngestMeasured(text: string, file: string): IngestMeasured {
  return readCheckedJson(IngestMeasuredSchema, text, file);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** Machine sizes the section plans for: this machine, a common node, a large node. */
export const INGEST_MACHINE_CORES = [2, 8, 32] as const;

export interface IngestPlan {
  coresPerChannel: { ladder: number; passthrough: number };
  /** Channels per machine size at the model's target utilisation (the rest is headroom). */
  channelsPerMachine: { cores: number; ladder: number; passthrough: number }[];
  /** At most, at the encoder caps: every rendition and commentary language kept. */
  gigabytesPerMatchHour: number;
  /** Measured from the parts' bytes (the median run that has it), or null. */
  partsGigabytesPerMatchHour: number | null;
}

export function planIngest(m: IngestMeasured, a: Assumptions): IngestPlan {
  const ladder = median(m.runs.map((r) => r.ladderCpuSeconds)) / m.feedSeconds;
  const passthrough = median(m.runs.map((r) => r.passthroughCpuSeconds)) / m.feedSeconds;
  const parts = m.runs.flatMap((r) =>
    r.partsMegabytesPerHour === undefined ? [] : [r.partsMegabytesPerHour],
  );
  const fits = (cores: number, perChannel: number) =>
    Math.floor((cores * a.targetUtilization) / perChannel);
  return {
    coresPerChannel: { ladder, passthrough },
    channelsPerMachine: INGEST_MACHINE_CORES.map((cores) => ({
      cores,
      ladder: fits(cores, ladder),
      passthrough: fits(cores, passthrough),
    })),
    gigabytesPerMatchHour: (ladderTotalKbps(a) * 1000 * 3600) / 8 / 1e9,
    partsGigabytesPerMatchHour: parts.length ? median(parts) / 1000 : null,
  };
}

/** docs/capacity.md's "Ingest" section. */
export function ingestSection(m: IngestMeasured, file: string, a: Assumptions): string {
  const plan = planIngest(m, a);
  const runs = m.runs.map((r) => [
    r.at,
    `${figure(r.ladderCpuSeconds)} s`,
    `${figure(r.passthroughCpuSeconds)} s`,
  ]);
  const machines = plan.channelsPerMachine.map((c) => [
    `${c.cores} cores`,
    figure(c.ladder),
    figure(c.passthrough),
  ]);
  return [
    '## Ingest',
    `From \`${file}\` (\`${m.source}\`: ${m.method}; ${m.machine.cores} cores, load average ${m.machine.loadavg.join(' / ')}). Each run transcoded ${m.feed}.${m.source === 'manual' ? ' `bench:ingest` (issue 32 §8) will replace these figures.' : ''}`,
    '',
    markdownTable(['run', 'full ladder, CPU', 'top passed through, CPU'], runs),
    '',
    `A channel's transcoder takes **${figure(plan.coresPerChannel.ladder)} of a core** for the full ladder (the median run), and would take ${figure(plan.coresPerChannel.passthrough)} with the top rendition passed through (not used: decision 418). Channels per machine at ${percent(a.targetUtilization)} busy, the API's target, leaving the rest for the media server, the slate and a channel's restart:`,
    '',
    markdownTable(['machine', 'channels, full ladder', 'channels, passthrough'], machines),
    '',
    `Storage per match hour, at most: **${figure(plan.gigabytesPerMatchHour)} GB** (every rendition and commentary language at its encoder cap, ${figure(ladderTotalKbps(a))} kbit/s in all); a real match fills the caps, the test card stays under them.` +
      (plan.partsGigabytesPerMatchHour === null
        ? ''
        : ` Measured from the parts' bytes of the full ladder on the bench's feed (the median run): **${figure(plan.partsGigabytesPerMatchHour)} GB** per match hour; a busier picture moves it towards the caps.`),
  ].join('\n');
}

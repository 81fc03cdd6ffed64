/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_ASSUMPTIONS, ladderTotalKbps } from './assumptions';
import { ingestSection, parseIngestMeasured, planIngest } from './ingest';
import type { IngestMeasured } from './ingest';
import { MeasuredFileError } from './measured';
import { INGEST_MEASURED_FILE, REPO_ROOT } from './report';

const RUNS: IngestMeasured = {
  source: 'manual',
  method: 'timed by hand',
  feed: '10 s of 720p',
  feedSeconds: 10,
  machine: { cores: 2, loadavg: [1, 1, 1] },
  runs: [
    { at: '2026-11-28T17:38:00.000Z', ladderCpuSeconds: 9, passthroughCpuSeconds: 4 },
    { at: '2026-11-28T18:30:00.000Z', ladderCpuSeconds: 11, passthroughCpuSeconds: 5 },
    { at: '2026-11-28T19:00:00.000Z', ladderCpuSeconds: 10, passthroughCpuSeconds: 6 },
  ],
};

describe('the ingest side of capacity', () => {
  it('reads the committed measured file', () => {
    const text = fs.readFileSync(path.join(REPO_ROOT, INGEST_MEASURED_FILE), 'utf8');
    expect(parseIngestMeasured(text, INGEST_MEASURED_FILE).runs.length).toBeGreaterThan(0);
  });

  it('refuses a run without its ladder figure, naming the field', () => {
    const { ladderCpuSeconds: _, ...broken } = RUNS.runs[0]!;
    try {
      parseIngestMeasured(JSON.stringify({ ...RUNS, runs: [broken] }), 'ingest.json');
      throw new Error('accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(MeasuredFileError);
      expect((error as MeasuredFileError).field).toBe('runs.0.ladderCpuSeconds');
    }
  });

  it('plans from the median run: cores per channel, channels per machine at the target, storage at the caps', () => {
    const plan = planIngest(RUNS, DEFAULT_ASSUMPTIONS);
    expect(plan.coresPerChannel).toEqual({ ladder: 1, passthrough: 0.5 });
    const target = DEFAULT_ASSUMPTIONS.targetUtilization;
    expect(plan.channelsPerMachine).toContainEqual({
      cores: 8,
      ladder: Math.floor(8 * target),
      passthrough: Math.floor((8 * target) / 0.5),
    });
    expect(plan.gigabytesPerMatchHour).toBeCloseTo(
      (ladderTotalKbps(DEFAULT_ASSUMPTIONS) * 3600) / 8 / 1e6,
    );
    expect(ingestSection(RUNS, 'ingest.json', DEFAULT_ASSUMPTIONS)).toContain('**1 of a core**');
    expect(plan.partsGigabytesPerMatchHour).toBeNull();
  });

  it("quotes the parts' bytes per match hour of bench:ingest's runs, the median of those that have it", () => {
    const measured: IngestMeasured = {
      ...RUNS,
      source: 'bench:ingest',
      runs: RUNS.runs.map((run, i) => ({ ...run, partsMegabytesPerHour: [500, 700, 600][i]! })),
    };
    expect(planIngest(measured, DEFAULT_ASSUMPTIONS).partsGigabytesPerMatchHour).toBeCloseTo(0.6);
    const section = ingestSection(measured, 'ingest.json', DEFAULT_ASSUMPTIONS);
    expect(section).toContain("Measured from the parts' bytes");
    expect(section).toContain('**0.60 GB** per match hour');
    expect(section).not.toContain('will replace these figures');
  });
});

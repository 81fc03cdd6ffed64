/** @jest-environment node */
import { ResponseCheck, UnexpectedResponses } from '@crease/test-utils/bench-kit';
import {
  FailedChecks,
  FrameChecks,
  channelsPerCore,
  cpuTicks,
  ingestLastLine,
  ingestVerdict,
  isRefusal,
  median,
} from './ingest-figures';
import type { IngestSamples } from './ingest-figures';

const SAMPLES: IngestSamples = {
  glassToGlassMs: [3100, 2900, 3000, 3400],
  connectToFrameMs: [4000, 5000, 4500],
  lossToSlateMs: [1200, 1000, 1100],
  ladderCpuPerWallSecond: 1.6,
};

describe('the ingest bench figures', () => {
  it('takes medians, the middle pair averaged for an even count', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it("reads a process's CPU ticks after its name, which may hold spaces and parentheses", () => {
    const stat = '4242 (ffmpeg (x) y) S 1 2 3 4 5 6 7 8 9 10 700 55 0 0 20 0 1 0 99';
    expect(cpuTicks(stat)).toBe(755);
    expect(() => cpuTicks('4242 (ffmpeg) S 1')).toThrow('unreadable stat');
  });

  it('counts channels per core from one channel’s CPU seconds per wall second', () => {
    expect(channelsPerCore(0.5)).toBe(2);
    expect(channelsPerCore(0)).toBeNaN();
  });

  it('prints the last line in the issue’s words when every check held', () => {
    const responses = new ResponseCheck();
    responses.record('GET /live playlist', 200, { status: 200 });
    const figures = ingestVerdict(responses, new FrameChecks(), SAMPLES);
    expect(ingestLastLine(figures)).toBe(
      'ingest: glass-to-glass median 3.05 s, connect-to-frame median 4.50 s, ' +
        'loss-to-slate median 1.10 s, 0.63 channels per core',
    );
  });

  it('refuses every figure over one unexpected response', () => {
    const responses = new ResponseCheck();
    responses.record('GET /live playlist', 200, { status: 200 });
    responses.record('GET /live part', 404, { status: 200 });
    const refused = () => ingestVerdict(responses, new FrameChecks(), SAMPLES);
    expect(refused).toThrow(UnexpectedResponses);
    expect(refused).toThrow('GET /live part: 1 of 1 responses unexpected (404 x1)');
  });

  it('refuses every figure over one failed frame check, naming it', () => {
    const checks = new FrameChecks();
    expect(checks.expect(true, 'fine')).toBe(true);
    expect(checks.expect(false, 'a feed frame whose capture time the encoder never made')).toBe(
      false,
    );
    const refused = () => ingestVerdict(new ResponseCheck(), checks, SAMPLES);
    expect(refused).toThrow(FailedChecks);
    expect(refused).toThrow('a feed frame whose capture time the encoder never made');
    try {
      refused();
    } catch (error) {
      expect(isRefusal(error)).toBe(true);
    }
  });

  it('refuses when a figure has no sample at all, or the ladder no CPU figure', () => {
    const empty = { ...SAMPLES, lossToSlateMs: [], ladderCpuPerWallSecond: Number.NaN };
    expect(() => ingestVerdict(new ResponseCheck(), new FrameChecks(), empty)).toThrow(
      /no loss-to-slate sample\n- no CPU figure for the ladder/,
    );
  });

  it('a crash is not a refusal', () => {
    expect(isRefusal(new Error('boom'))).toBe(false);
  });
});

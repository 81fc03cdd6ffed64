/**
 * The ingest bench's figures and its refusal (issue 32 §8, decisions 180 and 487): the medians,
 * the transcoder's CPU from /proc, and the last line, which is printed only when every response
 * was expected, every frame check held and every figure has samples. Otherwise `ingestVerdict`
 * throws and the bench prints no figure.
 */
import { UnexpectedResponses } from '@crease/test-utils/bench-kit';
import type { ResponseCheck } from '@crease/test-utils/bench-kit';

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A process's CPU time so far in clock ticks (user + system), from its /proc/<pid>/stat text. */
export function cpuTicks(stat: string): number {
  // The command name (field 2) may hold spaces and parentheses: fields are counted after its ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error('unreadable stat');
  return utime + stime;
}

/** Channels one core transcodes in real time, given one channel's CPU seconds per wall second. */
export function channelsPerCore(cpuPerWallSecond: number): number {
  return cpuPerWallSecond > 0 ? 1 / cpuPerWallSecond : Number.NaN;
}

/** Checks on what the bench saw and measured (frames, processes), beside the responses. */
export class FrameChecks {
  private readonly failed: string[] = [];

  /** Records a failed check when `ok` is false; returns `ok`. */
  expect(ok: boolean, what: string): boolean {
    if (!ok) this.failed.push(what);
    return ok;
  }

  failures(): readonly string[] {
    return this.failed;
  }
}

/** Thrown instead of figures when a frame or measurement check failed. */
export class FailedChecks extends Error {
  override name = 'FailedChecks';
}

export interface IngestSamples {
  glassToGlassMs: readonly number[];
  connectToFrameMs: readonly number[];
  lossToSlateMs: readonly number[];
  /** The full ladder's transcoder: CPU seconds per wall second. */
  ladderCpuPerWallSecond: number;
}

export interface IngestFigures {
  glassToGlassS: number;
  connectToFrameS: number;
  lossToSlateS: number;
  channelsPerCore: number;
}

/** The figures from the samples (seconds, medians). */
export function ingestFigures(samples: IngestSamples): IngestFigures {
  return {
    glassToGlassS: median(samples.glassToGlassMs) / 1000,
    connectToFrameS: median(samples.connectToFrameMs) / 1000,
    lossToSlateS: median(samples.lossToSlateMs) / 1000,
    channelsPerCore: channelsPerCore(samples.ladderCpuPerWallSecond),
  };
}

/** The bench's last line, exactly as issue 32 §8 words it. */
export function ingestLastLine(figures: IngestFigures): string {
  return (
    `ingest: glass-to-glass median ${figures.glassToGlassS.toFixed(2)} s, ` +
    `connect-to-frame median ${figures.connectToFrameS.toFixed(2)} s, ` +
    `loss-to-slate median ${figures.lossToSlateS.toFixed(2)} s, ` +
    `${figures.channelsPerCore.toFixed(2)} channels per core`
  );
}

/**
 * The figures, or a throw: any unexpected response (`UnexpectedResponses`), any failed frame or
 * measurement check, or a figure without samples (`FailedChecks`) means no figure is printed.
 */
export function ingestVerdict(
  responses: ResponseCheck,
  checks: FrameChecks,
  samples: IngestSamples,
): IngestFigures {
  responses.assertExpected();
  const failures = [...checks.failures()];
  const missing = (
    [
      ['glass-to-glass', samples.glassToGlassMs],
      ['connect-to-frame', samples.connectToFrameMs],
      ['loss-to-slate', samples.lossToSlateMs],
    ] as const
  ).filter(([, values]) => values.length === 0);
  for (const [name] of missing) failures.push(`no ${name} sample`);
  if (!(samples.ladderCpuPerWallSecond > 0)) failures.push('no CPU figure for the ladder');
  if (failures.length)
    throw new FailedChecks(
      `refusing to print figures measured over failed checks:\n- ${failures.join('\n- ')}`,
    );
  return ingestFigures(samples);
}

/** Whether an error is one of the bench's refusals (as opposed to a crash). */
export const isRefusal = (error: unknown) =>
  error instanceof FailedChecks || error instanceof UnexpectedResponses;

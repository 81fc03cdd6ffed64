/**
 * What the surge's calls measured, per call type and phase: every latency (sorted once when
 * read, exact percentiles) and every unexpected answer, through the benches' shared
 * ResponseCheck (decision 180), so an unexpected answer anywhere refuses every figure.
 */
import type { Expectation, ResponseCheck } from '@crease/test-utils/bench-kit';
import type { Answer } from './surge-http';

export type Phase = 'ramp' | 'steady';
export const PHASES: readonly Phase[] = ['ramp', 'steady'];

export interface CallFigures {
  requests: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

interface Samples {
  latencies: number[];
  errors: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export class SurgeStats {
  private readonly samples = new Map<string, Samples>();
  private phase: Phase = 'ramp';
  private readonly phaseSeconds: Record<Phase, number> = { ramp: 0, steady: 0 };
  private phaseStarted = performance.now();

  constructor(private readonly check: ResponseCheck) {}

  /** Starts `phase` now (the previous phase's length is kept for its rates). */
  enter(phase: Phase): void {
    this.phaseSeconds[this.phase] += (performance.now() - this.phaseStarted) / 1000;
    this.phase = phase;
    this.phaseStarted = performance.now();
  }

  /** Ends the current phase. */
  finish(): void {
    this.enter(this.phase);
  }

  get current(): Phase {
    return this.phase;
  }

  /** Records one answer of `call`; returns whether it was what the call expects. */
  record(call: string, answer: Answer, expectation: Expectation): boolean {
    const outcome = answer.status === 0 ? `no answer (${answer.error})` : answer.status;
    const ok = this.check.record(call, outcome, expectation, answer.body);
    const key = `${this.phase}\t${call}`;
    let samples = this.samples.get(key);
    if (!samples) {
      samples = { latencies: [], errors: 0 };
      this.samples.set(key, samples);
    }
    samples.latencies.push(answer.ms);
    if (!ok) samples.errors += 1;
    return ok;
  }

  calls(): string[] {
    return [...new Set([...this.samples.keys()].map((key) => key.split('\t')[1] ?? ''))];
  }

  /** One call type's figures in `phases` (both: the whole run). */
  figures(call: string, phases: readonly Phase[] = PHASES): CallFigures {
    const latencies: number[] = [];
    let errors = 0;
    let seconds = 0;
    for (const phase of phases) {
      const samples = this.samples.get(`${phase}\t${call}`);
      seconds += this.phaseSeconds[phase];
      if (!samples) continue;
      latencies.push(...samples.latencies);
      errors += samples.errors;
    }
    latencies.sort((a, b) => a - b);
    return {
      requests: latencies.length,
      reqPerSec: seconds > 0 ? round1(latencies.length / seconds) : 0,
      p50Ms: round1(percentile(latencies, 50)),
      p99Ms: round1(percentile(latencies, 99)),
      errors,
    };
  }

  /** The p99 of every call of `phase` together (filtered by `include`). */
  p99(phase: Phase, include: (call: string) => boolean = () => true): number {
    const latencies: number[] = [];
    for (const [key, samples] of this.samples) {
      const [of, call = ''] = key.split('\t');
      if (of === phase && include(call)) latencies.push(...samples.latencies);
    }
    latencies.sort((a, b) => a - b);
    return round1(percentile(latencies, 99));
  }

  errors(): number {
    let errors = 0;
    for (const samples of this.samples.values()) errors += samples.errors;
    return errors;
  }

  seconds(phase: Phase): number {
    return this.phaseSeconds[phase];
  }
}

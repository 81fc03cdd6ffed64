/** @jest-environment node */
import type { FastifyBaseLogger } from 'fastify';
import { PeriodicPass } from './periodic-pass';

/** A logger that keeps what was logged as an error. */
function errorLog() {
  const errors: string[] = [];
  const log = { error: (_data: unknown, message: string) => errors.push(message) };
  return { log: log as unknown as FastifyBaseLogger, errors };
}

// The job's timer runs on jest's timers, moved by hand: no real sleep, whatever the machine's load.
beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] }));
afterEach(() => jest.useRealTimers());

describe('PeriodicPass', () => {
  it('runs the pass again and again, and a failed pass is logged without ending the job', async () => {
    const { log, errors } = errorLog();
    let passes = 0;
    const job = new PeriodicPass(
      'test pass',
      async () => {
        passes += 1;
        if (passes === 1) throw new Error('database away');
      },
      log,
    );
    job.start(10);
    await jest.advanceTimersByTimeAsync(9_999);
    expect(passes).toBe(0);
    await jest.advanceTimersByTimeAsync(20_001);
    expect(passes).toBe(3);
    await job.stop();
    expect(errors).toEqual(['test pass failed']);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(passes).toBe(3);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('stop() waits for a pass under way, and passes never overlap', async () => {
    const { log } = errorLog();
    let running = 0;
    let most = 0;
    let finished = 0;
    const job = new PeriodicPass(
      'slow pass',
      async () => {
        running += 1;
        most = Math.max(most, running);
        // Each pass takes 30 s: longer than the 1 s interval.
        await new Promise((resolve) => setTimeout(resolve, 30_000));
        running -= 1;
        finished += 1;
      },
      log,
    );
    job.start(1);
    await jest.advanceTimersByTimeAsync(1_000 + 30_000 + 1_000 + 10_000);
    expect(finished).toBe(1);
    expect(running).toBe(1);
    const stopped = job.stop();
    await jest.advanceTimersByTimeAsync(20_000);
    await stopped;
    expect(running).toBe(0);
    expect(finished).toBe(2);
    expect(most).toBe(1);
  });

  it('an interval of 0 runs nothing', async () => {
    const { log } = errorLog();
    let passes = 0;
    const job = new PeriodicPass('idle pass', async () => void (passes += 1), log);
    job.start(0);
    expect(jest.getTimerCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(60_000);
    await job.stop();
    expect(passes).toBe(0);
  });
});

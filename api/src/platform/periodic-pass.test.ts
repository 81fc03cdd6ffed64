/** @jest-environment node */
import type { FastifyBaseLogger } from 'fastify';
import { PeriodicPass } from './periodic-pass';

/** A logger that keeps what was logged as an error. */
function errorLog() {
  const errors: string[] = [];
  const log = { error: (_data: unknown, message: string) => errors.push(message) };
  return { log: log as unknown as FastifyBaseLogger, errors };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    job.start(0.01);
    while (passes < 3) await sleep(5);
    await job.stop();
    expect(errors).toEqual(['test pass failed']);
    const after = passes;
    await sleep(50);
    expect(passes).toBe(after);
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
        await sleep(30);
        running -= 1;
        finished += 1;
      },
      log,
    );
    job.start(0.001);
    while (running === 0) await sleep(1);
    await job.stop();
    expect(running).toBe(0);
    expect(finished).toBeGreaterThanOrEqual(1);
    expect(most).toBe(1);
  });

  it('an interval of 0 runs nothing', async () => {
    const { log } = errorLog();
    let passes = 0;
    const job = new PeriodicPass('idle pass', async () => void (passes += 1), log);
    job.start(0);
    await sleep(30);
    await job.stop();
    expect(passes).toBe(0);
  });
});

/** @jest-environment node */
import pino from 'pino';
import { BackgroundJobs } from './background-jobs';
import type { FastifyBaseLogger } from 'fastify';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

function recordingJob(name: string, order: string[], fail?: 'start' | 'stop') {
  return {
    start: async () => {
      if (fail === 'start') throw new Error(`${name} cannot start`);
      order.push(`start ${name}`);
    },
    stop: async () => {
      if (fail === 'stop') throw new Error(`${name} cannot stop`);
      order.push(`stop ${name}`);
    },
  };
}

describe('the API’s background jobs', () => {
  it('start in registration order and stop in reverse, and say where each is', async () => {
    const order: string[] = [];
    const jobs = new BackgroundJobs(log);
    jobs.add('payments', recordingJob('payments', order));
    jobs.add('renewals', recordingJob('renewals', order));
    expect(jobs.report()).toEqual([
      { name: 'payments', state: 'registered' },
      { name: 'renewals', state: 'registered' },
    ]);
    await jobs.startAll();
    await jobs.stopAll();
    expect(order).toEqual(['start payments', 'start renewals', 'stop renewals', 'stop payments']);
    expect(jobs.report().map((job) => job.state)).toEqual(['stopped', 'stopped']);
  });

  it('refuses a start when a job cannot start, naming it, and stops only what runs', async () => {
    const order: string[] = [];
    const jobs = new BackgroundJobs(log);
    jobs.add('payments', recordingJob('payments', order));
    jobs.add('mail', recordingJob('mail', order, 'start'));
    jobs.add('renewals', recordingJob('renewals', order));
    await expect(jobs.startAll()).rejects.toThrow('background job "mail" did not start');
    await jobs.stopAll();
    expect(order).toEqual(['start payments', 'stop payments']);
    expect(jobs.report().map((job) => job.state)).toEqual(['stopped', 'failed', 'registered']);
  });

  it('still stops the others when one fails to stop', async () => {
    const order: string[] = [];
    const jobs = new BackgroundJobs(log);
    jobs.add('payments', recordingJob('payments', order));
    jobs.add('reminders', recordingJob('reminders', order, 'stop'));
    jobs.add('demo', recordingJob('demo', order), { running: true });
    await jobs.startAll();
    await jobs.stopAll();
    expect(order).toEqual(['start payments', 'start reminders', 'stop demo', 'stop payments']);
    expect(jobs.report()).toContainEqual({ name: 'reminders', state: 'failed' });
  });

  it('refuses a name registered twice', () => {
    const jobs = new BackgroundJobs(log);
    jobs.add('mail', recordingJob('mail', []));
    expect(() => jobs.add('mail', recordingJob('mail', []))).toThrow(/registered twice/);
  });
});

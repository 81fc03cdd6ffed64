import type { FastifyBaseLogger } from 'fastify';

/** A job the API runs beside its requests (a periodic pass, a poller, a provider's sender). */
export interface BackgroundJob {
  start(): void | Promise<void>;
  stop(): Promise<void>;
}

export type BackgroundJobState = 'registered' | 'running' | 'stopped' | 'failed';

/** One job's line in `report()` (the API's /readyz "jobs" and its start-up log). */
export interface BackgroundJobReport {
  name: string;
  state: BackgroundJobState;
}

/**
 * Every background job of one API instance, registered once in the composition root: started in
 * registration order when the API is ready, stopped in reverse order when it closes (a job that
 * needs another, such as renewals on the payment provider, is registered after it). A job that
 * fails to start stops the start (the instance is not ready without it); a job that fails to stop
 * is logged and the others still stop, so the database is never closed under a running pass.
 */
export class BackgroundJobs {
  private readonly jobs: { name: string; job: BackgroundJob; state: BackgroundJobState }[] = [];

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Registers a job; `running` for one its own factory has already started (the demo clock). */
  add(name: string, job: BackgroundJob, options: { running?: boolean } = {}): void {
    if (this.jobs.some((entry) => entry.name === name))
      throw new Error(`background job "${name}" is registered twice`);
    this.jobs.push({ name, job, state: options.running ? 'running' : 'registered' });
  }

  async startAll(): Promise<void> {
    for (const entry of this.jobs) {
      if (entry.state !== 'registered') continue;
      try {
        await entry.job.start();
        entry.state = 'running';
      } catch (error) {
        entry.state = 'failed';
        throw new Error(`background job "${entry.name}" did not start`, { cause: error });
      }
    }
    this.log.info({ jobs: this.report() }, 'background jobs started');
  }

  async stopAll(): Promise<void> {
    for (const entry of [...this.jobs].reverse()) {
      if (entry.state !== 'running') continue;
      try {
        await entry.job.stop();
        entry.state = 'stopped';
      } catch (error) {
        entry.state = 'failed';
        this.log.error({ err: error }, `background job "${entry.name}" did not stop cleanly`);
      }
    }
  }

  report(): BackgroundJobReport[] {
    return this.jobs.map(({ name, state }) => ({ name, state }));
  }
}

import type { FastifyBaseLogger } from 'fastify';

/**
 * A job's pass, run every `intervalSeconds` on each API replica until stopped (the reminder job,
 * lifecycle mail, housekeeping). A pass starts only after the previous one has ended, a failed
 * pass is logged and the next one still runs, and stop() waits for a pass under way.
 */
export class PeriodicPass {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;

  constructor(
    private readonly what: string,
    private readonly pass: () => Promise<unknown>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Passes every `intervalSeconds` until stop(); 0 runs none (tests call the pass themselves). */
  start(intervalSeconds: number): void {
    if (intervalSeconds <= 0 || !this.stopped) return;
    this.stopped = false;
    const next = () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => {
        this.running = this.pass()
          .catch((error: unknown) => this.log.error({ err: error }, `${this.what} failed`))
          .finally(() => {
            this.running = null;
            next();
          });
      }, intervalSeconds * 1000);
      this.timer.unref();
    };
    next();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}

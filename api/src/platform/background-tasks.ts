import type { FastifyBaseLogger } from 'fastify';

/** Work that must not delay a response (mail) but must finish before the API closes. */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();
  constructor(private readonly log: FastifyBaseLogger) {}

  run(task: () => Promise<void>): void {
    const promise = task()
      .catch((error: unknown) => this.log.error({ err: error }, 'background task failed'))
      .finally(() => this.pending.delete(promise));
    this.pending.add(promise);
  }

  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}

import { isRemoteName } from '@crease/contract';
import type { AppName } from '../artifacts/artifact-store';
import { canaryRollback } from './canary-release';
import type { AutomaticRollback } from './registry-log';
import type { ReleaseRegistry } from './release-registry';

/** Who the history names for the canary guard's own rollbacks. */
export const CANARY_GUARD_ACTOR = 'canary-guard';

export interface CanaryGuardOptions {
  /** How often the guard looks even without new signals here (other replicas store them too). */
  intervalMs?: number;
  onRollback?: (app: string, rollback: AutomaticRollback) => void;
  onError?: (error: unknown) => void;
}

/**
 * Rolls a failing canary back by itself (decision 141). It judges each running canary from the
 * signals stored since it started; a "failing" verdict commits a `canary-rollback` as
 * `canary-guard`, with the figures in the history. A healthy canary is only reported: a person
 * promotes it. Checks never overlap; a check asked for during one runs right after it.
 */
export class CanaryGuard {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly registry: ReleaseRegistry,
    private readonly options: CanaryGuardOptions = {},
  ) {}

  /** One pass over every running canary; resolves with the rollbacks it made. */
  async checkNow(): Promise<AutomaticRollback[]> {
    const made: AutomaticRollback[] = [];
    const head = this.registry.log.head();
    for (const [app, release] of Object.entries(head?.apps ?? {})) {
      const canary = release?.canary;
      if (!canary || !isRemoteName(app)) continue;
      const rollback = await this.rollBackIfFailing(app, canary.version);
      if (rollback) {
        made.push(rollback);
        this.options.onRollback?.(app, rollback);
      }
    }
    return made;
  }

  /**
   * The guard's own rollback: only of the canary it judged (`version`), and only while the
   * verdict is still "failing" when the commit is prepared, so a promote or a manual rollback in
   * between is never undone. Null when there was nothing to roll back.
   */
  async rollBackIfFailing(app: AppName, version: string): Promise<AutomaticRollback | null> {
    const registry = this.registry;
    const live = registry.log.head()?.apps[app];
    if (live?.canary?.version !== version) return null;
    const health = registry.canaryHealth(app, live);
    if (health?.verdict !== 'failing') return null;
    const reason = `Automatic rollback of the canary ${version}: ${health.summary}`;
    const rollback: AutomaticRollback = {
      at: registry.now().toISOString(),
      version,
      reason,
      figures: health.figures,
    };
    const result = await registry.commit({ actor: CANARY_GUARD_ACTOR, reason }, async (apps) => {
      const current = apps[app];
      if (!current || current.canary?.version !== version) return null;
      return canaryRollback(apps, app, current, rollback);
    });
    return result.changes.length > 0 ? rollback : null;
  }

  /** Asks for a check (after each flush of new signals); never throws. */
  poke(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.checkNow();
        } catch (error) {
          // A conflict with a person's release (or a full disk) is retried at the next poke.
          this.options.onError?.(error);
        }
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  start(): this {
    this.timer ??= setInterval(() => void this.poke(), this.options.intervalMs ?? 2000);
    this.timer.unref();
    return this;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

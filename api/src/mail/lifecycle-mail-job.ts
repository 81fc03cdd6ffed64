/**
 * The lifecycle-mail job (decision 290). Every API replica runs it on the API's clock; a pass
 * 1. turns unhandled billing events into queued mail (billing-event-intake.ts),
 * 2. queues "renews soon" notices for annual plans (renewal-notices.ts),
 * 3. sends every pending message (lifecycle-mail-sender.ts).
 * Welcome, password-changed and new-device mail is queued by accounts and billing in the
 * transaction of the fact itself. All state is in the database: a restart resumes, and row
 * claims keep each message to one send with several replicas.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, RecipientGate } from '../accounts';
import type { Clock } from '../platform/clock';
import type { Db } from '../platform/db/client';
import { PeriodicPass } from '../platform/periodic-pass';
import { takeBillingEvents } from './billing-event-intake';
import { LifecycleMailSender } from './lifecycle-mail-sender';
import type { SendOutcome } from './lifecycle-mail-sender';
import { queueRenewalNotices } from './renewal-notices';

export interface LifecycleMailPass extends SendOutcome {
  billingEvents: number;
  renewalNotices: number;
}

export class LifecycleMailJob {
  private readonly sender: LifecycleMailSender;
  private readonly periodic: PeriodicPass;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    mailer: Mailer,
    siteOrigin: string,
    log: FastifyBaseLogger,
    recipients: RecipientGate,
  ) {
    this.sender = new LifecycleMailSender(db, mailer, siteOrigin, log, recipients);
    this.periodic = new PeriodicPass('lifecycle mail pass', () => this.pass(), log);
  }

  /** Passes every `intervalSeconds` until stop(); 0 runs none (tests call pass()). */
  start(intervalSeconds: number): void {
    this.periodic.start(intervalSeconds);
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  async pass(): Promise<LifecycleMailPass> {
    const now = this.clock.now();
    let billingEvents = 0;
    for (;;) {
      const taken = await takeBillingEvents(this.db, now);
      billingEvents += taken;
      if (taken === 0) break;
    }
    const renewalNotices = await queueRenewalNotices(this.db, now);
    const sent = await this.sender.sendPending(now);
    return { billingEvents, renewalNotices, ...sent };
  }
}

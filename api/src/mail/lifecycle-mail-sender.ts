/**
 * Sends queued lifecycle mail (decision 290). A replica claims pending rows with FOR UPDATE SKIP
 * LOCKED and a lease (`claimed_until`, platform/db/row-claims.ts), so two replicas never send the
 * same row, and a replica that dies mid-send frees its rows when the lease ends. Marketing mail to a viewer who said no
 * to news is skipped for good (decision 291); a failed send is tried again on a later pass, up
 * to MAX_ATTEMPTS. After an account-deleted notice is sent, its address and payload are blanked.
 * Mail to an address the account never proved is skipped (`unverified`, decision 405), and a new
 * sign-in notice past the recipient's hourly cap is skipped (`recipient-cap`, decision 406).
 * A message is written in the account's saved language as of sending, not as of queueing
 * (decision 488): a viewer who switches to Hindi before the pass gets Hindi.
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { LifecycleMailKind, Mailer, RecipientGate } from '../accounts';
import type { Db } from '../platform/db/client';
import { claimWithLease, endClaim, forEachClaimed } from '../platform/db/row-claims';
import { mailLanguage } from '../platform/mail-text';
import { welcomeOfferFor } from '../billing';
import { isMarketing, renderLifecycleMail } from './render-mail';

const BATCH = 50;
/** Longer than one render and send take. */
const LEASE_SECONDS = 120;
export const MAX_ATTEMPTS = 5;

interface ClaimedMail {
  id: number | string;
  user_id: string | null;
  kind: LifecycleMailKind;
  to: string;
  payload: Record<string, unknown>;
  attempts: number;
  /** null when the account row is gone (only an account-deleted notice is sent then). */
  email_subscribe: boolean | null;
  /** Whether the account proved the address (null when the row is gone). */
  verified: boolean | null;
  /** The account's saved site language now (null: none saved, or the row is gone). */
  ui_language: string | null;
}

/**
 * Mail an outsider can set off by signing in somewhere (decision 406): it counts in the
 * recipient's hourly cap. Receipts, plan notices and the like follow the viewer's own acts.
 */
const CAPPED_KINDS: ReadonlySet<LifecycleMailKind> = new Set(['new-device']);

export interface SendOutcome {
  sent: number;
  skipped: number;
  failed: number;
}

export class LifecycleMailSender {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly siteOrigin: string,
    private readonly log: FastifyBaseLogger,
    private readonly recipients: RecipientGate,
  ) {}

  /** Sends every pending row it can claim, batch after batch. */
  async sendPending(now: Date): Promise<SendOutcome> {
    const outcome: SendOutcome = { sent: 0, skipped: 0, failed: 0 };
    await forEachClaimed(
      BATCH,
      () => this.claim(now),
      async (row) => {
        outcome[await this.send(row, now)] += 1;
      },
    );
    return outcome;
  }

  private claim(now: Date): Promise<ClaimedMail[]> {
    return claimWithLease<ClaimedMail>(this.db, {
      table: 'lifecycle_mail',
      alias: 'm',
      key: ['id'],
      due: sql`m.sent_at IS NULL AND m.skipped_reason IS NULL`,
      orderBy: sql`m.created_at, m.id`,
      batch: BATCH,
      now,
      leaseSeconds: LEASE_SECONDS,
      returning: sql`m.id, m.user_id, m.kind, m."to", m.payload, m.attempts`,
      select: sql`SELECT c.id, c.user_id, c.kind, c."to", c.payload, c.attempts, u.email_subscribe,
          (u.email_verified_at IS NOT NULL) AS verified, p.ui_language
        FROM claimed c LEFT JOIN users u ON u.id = c.user_id
        LEFT JOIN account_preferences p ON p.user_id = c.user_id`,
    });
  }

  private async send(row: ClaimedMail, now: Date): Promise<keyof SendOutcome> {
    if (isMarketing(row.kind) && row.email_subscribe !== true) {
      await this.finish(row, sql`skipped_reason = 'unsubscribed'`);
      return 'skipped';
    }
    // Nothing goes to an address its account never proved (decision 405); an account-deleted
    // notice whose account row is gone is the one message that cannot be checked, and is owed.
    const unproved =
      row.verified === false || (row.verified === null && row.kind !== 'account-deleted');
    if (unproved) {
      await this.finish(row, sql`skipped_reason = 'unverified'`);
      return 'skipped';
    }
    if (CAPPED_KINDS.has(row.kind) && !(await this.recipients.admit(row.to, 'account'))) {
      await this.finish(row, sql`skipped_reason = 'recipient-cap'`);
      return 'skipped';
    }
    try {
      const message = await renderLifecycleMail(
        row.kind,
        row.to,
        await this.payloadAt(row, now),
        this.siteOrigin,
        mailLanguage(row.ui_language),
      );
      await this.mailer.send(message);
    } catch (error) {
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      this.log.warn(
        { err: error, mail: row.id, kind: row.kind, attempts: row.attempts },
        giveUp ? 'lifecycle mail failed; giving up' : 'lifecycle mail failed; will retry',
      );
      await this.finish(row, giveUp ? sql`skipped_reason = 'failed'` : null);
      return 'failed';
    }
    const forget = row.kind === 'account-deleted' ? sql`, "to" = '', payload = '{}'::jsonb` : sql``;
    await this.finish(row, sql`sent_at = ${now.toISOString()}::timestamptz${forget}`);
    return 'sent';
  }

  /**
   * What the mail says, as of sending: the welcome mail names the welcome coupon only if the
   * account may still use it now (decision 393), never a code that would be refused.
   */
  private async payloadAt(row: ClaimedMail, now: Date): Promise<Record<string, unknown>> {
    if (row.kind !== 'welcome' || !row.user_id) return row.payload;
    const { coupon } = await welcomeOfferFor(this.db, row.user_id, now);
    return { ...row.payload, offer: coupon };
  }

  /** Ends this replica's claim on the row, setting what the attempt decided. */
  private async finish(row: ClaimedMail, set: SQL | null): Promise<void> {
    await endClaim(this.db, 'lifecycle_mail', sql`id = ${row.id}`, set ?? undefined);
  }
}

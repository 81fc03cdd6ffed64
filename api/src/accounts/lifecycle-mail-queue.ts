/**
 * The lifecycle-mail queue (table lifecycle_mail, decision 290). Whoever knows a fact queues its
 * message in the fact's own transaction; the mail feature renders and sends it later. A message
 * already queued (same kind and dedupe key) is not queued again: that is the "once".
 */
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { lifecycleMail } from './tables';
import { approximateNetwork, describeDevice } from './user-agent';

export const LIFECYCLE_MAIL_KINDS = [
  'welcome',
  'receipt',
  'renewal-upcoming',
  'renewal-failed',
  'plan-ended',
  'password-changed',
  'new-device',
  'account-deleted',
  // Support's actions (issue 33 §4, decision 402).
  'refund-issued',
  'support-signed-out',
  // Support cancelled or extended the plan (decision 414).
  'support-plan-changed',
  // The RBI's pre-debit notice of a UPI AutoPay debit, 24 h or more before it (decision 462).
  'mandate-debit-notice',
] as const;
export type LifecycleMailKind = (typeof LIFECYCLE_MAIL_KINDS)[number];

/** A database handle or an open transaction. */
export type QueueExecutor = Pick<Db, 'insert' | 'select'>;

export interface QueuedMail {
  userId: string | null;
  kind: LifecycleMailKind;
  dedupeKey: string;
  to: string;
  payload: Record<string, unknown>;
  at: Date;
  skippedReason?: string;
}

/** Queues one message; false when it was queued before (nothing changes then). */
export async function queueLifecycleMail(tx: QueueExecutor, mail: QueuedMail): Promise<boolean> {
  const inserted = await tx
    .insert(lifecycleMail)
    .values({
      userId: mail.userId,
      kind: mail.kind,
      dedupeKey: mail.dedupeKey,
      to: mail.to,
      payload: mail.payload,
      createdAt: mail.at,
      skippedReason: mail.skippedReason ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: lifecycleMail.id });
  return inserted.length > 0;
}

export interface SignInDevice {
  vidictId: string;
  deviceOs: string;
  deviceType: string;
  userAgent: string;
}

/**
 * A device registered for the first time on this account (a sign-in from it). The account's very
 * first device is the one it signed up on, so it is recorded but not announced; every later new
 * vidictId gets "signed in on a new device", once per device, however often it comes back.
 * The payload holds only our own words (decision 407): "Chrome on Windows" from our parsing of
 * the User-Agent, and the network (`ip`, the address the proxies vouch for) with its host part
 * hidden. The client's own text is never kept for the mail, so it can never be printed in it.
 */
export async function queueNewDeviceMail(
  tx: QueueExecutor,
  user: { id: string; email: string },
  device: SignInDevice,
  otherDevicesRegistered: boolean,
  at: Date,
  ip?: string,
): Promise<boolean> {
  const [seenBefore] = await tx
    .select({ id: lifecycleMail.id })
    .from(lifecycleMail)
    .where(
      and(
        eq(lifecycleMail.userId, user.id),
        eq(lifecycleMail.kind, 'new-device'),
        ne(lifecycleMail.dedupeKey, `${user.id}:${device.vidictId}`),
      ),
    )
    .limit(1);
  const first = !seenBefore && !otherDevicesRegistered;
  return queueLifecycleMail(tx, {
    userId: user.id,
    kind: 'new-device',
    dedupeKey: `${user.id}:${device.vidictId}`,
    to: user.email,
    payload: {
      device: describeDevice(device.userAgent, device.deviceType, device.deviceOs),
      network: ip ? approximateNetwork(ip) : null,
      at: at.toISOString(),
    },
    at,
    ...(first ? { skippedReason: 'first-device' } : {}),
  });
}

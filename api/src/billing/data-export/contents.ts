/**
 * What "Download my data" holds (issue 34 §5, decision 437): the account's own rows, read with
 * named columns so no secret can slip in when a table gains one (no password hash, token or code
 * hashes, provider references or payment-method ids). Mail sent is the outbox's log of it.
 */
import type { PreparedQuery } from '../../platform/db/client';

type Row = Record<string, unknown>;

const SECTIONS = {
  profile: `SELECT id, email, first_name AS "firstName", last_name AS "lastName",
      email_verified_at AS "emailVerifiedAt", created_at AS "createdAt"
    FROM users WHERE id = $1`,
  settings: `SELECT region, video_quality AS "videoQuality", email_subscribe AS "emailSubscribe"
    FROM users WHERE id = $1`,
  subscription: `SELECT s.state, s.plan_id AS "planId", p.name AS "planName",
      s.period_start AS "periodStart", s.period_end AS "periodEnd", s.renewing,
      s.next_renewal_at AS "nextRenewalAt", s.period_price_cents AS "periodPriceCents",
      s.cancelled_at AS "cancelledAt", s.ended_reason AS "endedReason",
      s.created_at AS "createdAt"
    FROM subscriptions s LEFT JOIN plans p ON p.id = s.plan_id WHERE s.user_id = $1`,
  payments: `SELECT id, plan_id AS "planId", plan_name AS "planName", amount_cents AS "amountCents",
      list_price_cents AS "listPriceCents", currency, coupon_code AS "couponCode",
      payment_system AS "paymentSystem", card_brand AS "cardBrand", paid_at AS "paidAt",
      plan_end_date AS "planEndDate", invoice_number AS "invoiceNumber", net_cents AS "netCents",
      tax_cents AS "taxCents", tax_rate_bp AS "taxRateBp", tax_region AS "taxRegion"
    FROM payments WHERE user_id = $1 ORDER BY paid_at, id`,
  refunds: `SELECT r.id, r.payment_id AS "paymentId", p.invoice_number AS "invoiceNumber",
      r.amount_cents AS "amountCents", r.currency, r.refunded_at AS "refundedAt"
    FROM refunds r JOIN payments p ON p.id = r.payment_id
    WHERE r.user_id = $1 ORDER BY r.refunded_at, r.id`,
  devices: `SELECT vidict_id AS "vidictId", device_os AS "deviceOs", device_type AS "deviceType",
      app_version AS "appVersion", user_agent AS "userAgent", registered_at AS "registeredAt",
      last_seen_at AS "lastSeenAt"
    FROM devices WHERE user_id = $1 ORDER BY registered_at, vidict_id`,
  follows: `SELECT kind, target, created_at AS "createdAt"
    FROM catalog_follows WHERE user_id = $1 ORDER BY created_at, kind, target`,
  followSettings: `SELECT remind_followed AS "remindFollowed"
    FROM catalog_follow_settings WHERE user_id = $1`,
  reminders: `SELECT event_id AS "eventId", source, created_at AS "createdAt", sent_at AS "sentAt"
    FROM catalog_reminders WHERE user_id = $1 ORDER BY created_at, event_id`,
} as const;

const MAIL_SENT = `SELECT subject, sent_at AS "sentAt" FROM mail_outbox WHERE "to" = $1
  ORDER BY sent_at, id`;

/** Dates as ISO 8601 whichever driver read them; everything else as read. */
const plain = (row: Row): Row =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      value instanceof Date ? value.toISOString() : value,
    ]),
  );

export interface DataExport {
  format: 'crease-data-export/1';
  exportedAt: string;
  profile: Row | null;
  settings: (Row & { remindFollowed: boolean | null }) | null;
  subscription: Row | null;
  payments: Row[];
  refunds: Row[];
  devices: Row[];
  follows: Row[];
  reminders: Row[];
  mailSent: Row[];
}

/** The export of one account, as of `now`. */
export async function buildDataExport(
  prepared: PreparedQuery,
  userId: string,
  email: string,
  now: Date,
): Promise<DataExport> {
  const read = async (name: keyof typeof SECTIONS) =>
    (await prepared<Row>(`data_export_${name}`, SECTIONS[name], [userId])).map(plain);
  const [profile, settings, subscription, payments, refunds, devices, follows] = [
    await read('profile'),
    await read('settings'),
    await read('subscription'),
    await read('payments'),
    await read('refunds'),
    await read('devices'),
    await read('follows'),
  ];
  const [followSettings] = await read('followSettings');
  const reminders = await read('reminders');
  const mailSent = (await prepared<Row>('data_export_mail_sent', MAIL_SENT, [email])).map(plain);
  return {
    format: 'crease-data-export/1',
    exportedAt: now.toISOString(),
    profile: profile[0] ?? null,
    settings: settings[0]
      ? { ...settings[0], remindFollowed: (followSettings?.remindFollowed as boolean) ?? null }
      : null,
    subscription: subscription[0] ?? null,
    payments,
    refunds,
    devices,
    follows,
    reminders,
    mailSent,
  };
}

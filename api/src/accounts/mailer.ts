import { desc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../platform/db/client';
import { mailOutbox } from './tables';
import type { Clock } from '../platform/clock';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links in the message (the reset link), for the dev outbox and the log. */
  links: string[];
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/** SMTP via nodemailer, when SMTP_URL is set. */
export function smtpMailer(url: string, from: string): Mailer {
  const transporter = nodemailer.createTransport(url);
  return {
    transport: 'smtp',
    async send({ to, subject, text, html }) {
      await transporter.sendMail({ from, to, subject, text, html });
    },
  };
}

/**
 * No SMTP: the database outbox is the delivery. Outside production it is readable at
 * GET /api/v1/dev/outbox, and `announce` prints each link so the reset flow works locally.
 */
export function outboxMailer(
  db: Db,
  clock: Clock,
  announce?: (message: MailMessage) => void,
): Mailer {
  return {
    transport: 'outbox',
    async send(message) {
      await db.insert(mailOutbox).values({
        id: crypto.randomUUID(),
        ...message,
        transport: 'outbox',
        sentAt: clock.now(),
      });
      announce?.(message);
    },
  };
}

/** The mail the outbox kept for one (normalised) address, newest first: the dev outbox's read. */
export async function outboxFor(db: Db, to: string, limit = 50) {
  return db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.sentAt))
    .limit(limit);
}

/** The newest mail the outbox kept, whoever it went to: the dev outbox page without an address. */
export async function recentOutbox(db: Db, limit = 20) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.sentAt)).limit(limit);
}

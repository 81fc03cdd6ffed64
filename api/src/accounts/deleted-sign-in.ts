/**
 * A sign-in with the email of an account deleted not long ago (decision 408). The answer is the
 * unknown email's (INVALID_CREDENTIALS), so nobody learns which addresses had accounts; the owner
 * is told by mail instead, at most once a day, within the per-recipient cap, and only when the
 * account had proved that mailbox. All of it happens after the answer: timing tells nothing.
 */
import type { FastifyInstance } from 'fastify';
import { emailHash, recentTombstone } from './account-erasure';
import { sendDeletedAccountSignInNotice } from './account-mail';

const DAY_SECONDS = 86_400;

type Services = Pick<
  FastifyInstance['services'],
  'background' | 'database' | 'clock' | 'attempts' | 'mailer' | 'config'
>;

export const deletedNoticeKey = (email: string) => `mail:deleted-notice:${emailHash(email)}`;

export function noticeDeletedAccountSignIn(services: Services, email: string): void {
  services.background.run(async () => {
    const { attempts, mailer, config } = services;
    const tombstone = await recentTombstone(services.database.db, email, services.clock.now());
    if (!tombstone) return;
    // Every try on a deleted account's email is counted (hashed), told or not.
    const today = await attempts.hit(deletedNoticeKey(email), DAY_SECONDS);
    if (today.count > 1 || !tombstone.emailVerified) return;
    // The account's saved language went with it (erasure): English (decision 488).
    await sendDeletedAccountSignInNotice({ attempts, mailer, caps: config.mail }, email, 'en');
  });
}

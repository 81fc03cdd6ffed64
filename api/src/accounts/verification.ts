/**
 * The verification mail (decision 405): a link to <site>/verify-email?email=…&token=…, sent at
 * registration and on request, within the per-recipient cap. Until the viewer opens one, no
 * other mail goes to the address except reset links and sign-in codes they ask for themselves.
 */
import type { FastifyInstance } from 'fastify';
import { issueEmailCode } from './email-codes';
import { sendVerificationMail } from './account-mail';
import { accountMailLanguage } from './mail-language';

type Services = Pick<
  FastifyInstance['services'],
  'config' | 'attempts' | 'database' | 'clock' | 'mailer'
>;

/** Issues a verification link for the account and mails it; false when the cap held it back. */
export async function sendVerification(
  services: Services,
  user: { id: string; email: string },
  siteOrigin: string,
): Promise<boolean> {
  const { config, database, clock, mailer, attempts } = services;
  const ttl = config.mail.verifyLinkSeconds;
  const token = await issueEmailCode(database.db, user.id, 'verify', clock.now(), ttl);
  const link = `${siteOrigin}/verify-email?email=${encodeURIComponent(user.email)}&token=${encodeURIComponent(token)}`;
  return sendVerificationMail(
    { mailer, attempts, caps: config.mail },
    user.email,
    link,
    ttl,
    await accountMailLanguage(database.db, user.id),
  );
}

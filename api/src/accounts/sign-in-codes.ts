/**
 * Sign-in with an emailed code (decision 406): the owner's way in that an attacker cannot block.
 * 100 wrong passwords from many networks hold the account on every new network for the hour
 * (decision 170); a code read from the mailbox signs in past that hold, and makes the network a
 * known one, so the password works from it too. Codes are 60 bits and limited per network, never
 * per account: guessing is hopeless, and nobody else's failures can lock the owner out of them.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EMAIL_CODE_GRANT_TYPE, normalizeEmail } from '@crease/contract';
import { countAttempt } from './attempt-limits';
import { issueEmailCode, normalizeSignInCode, redeemEmailCode } from './email-codes';
import { sendSignInCodeMail } from './account-mail';
import { accountMailLanguage } from './mail-language';
import { activeViewerId } from './accounts-service';
import { ApiError } from './errors';
import {
  KNOWN_NETWORK_SECONDS,
  loginKnownNetworkKey,
  loginPairKey,
  networkOf,
} from './sign-in-limits';
import type { IssuedTokens } from './sessions';

/** The token endpoint's grant type for an emailed code (an extension grant, RFC 6749 §4.5). */
export const EMAIL_CODE_GRANT = EMAIL_CODE_GRANT_TYPE;

/** Code redemptions per network per sign-in window, over all accounts. */
export const CODE_TRIES_PER_NETWORK = 20;

export const signInCodeNetworkKey = (network: string) => `login:code-network:${network}`;

type Services = Pick<
  FastifyInstance['services'],
  'config' | 'attempts' | 'database' | 'clock' | 'sessions' | 'mailer' | 'background'
>;

/**
 * Mails a sign-in code to the account with this email, after the answer (the answer is the same
 * for every address, decision 016). Unverified accounts get one too: like a reset link, it is
 * a mail the viewer asked for, and using it proves the mailbox.
 */
export function requestSignInCode(services: Services, email: string, siteOrigin: string): void {
  services.background.run(async () => {
    const { database, clock, config, attempts, mailer } = services;
    const userId = await activeViewerId(database.db, email);
    if (!userId) return;
    const ttl = config.mail.signInCodeSeconds;
    const code = await issueEmailCode(database.db, userId, 'sign-in', clock.now(), ttl);
    const link = `${siteOrigin}/signin?email=${encodeURIComponent(email)}&code=${encodeURIComponent(code)}`;
    const language = await accountMailLanguage(database.db, userId);
    await sendSignInCodeMail(
      { mailer, attempts, caps: config.mail },
      email,
      code,
      link,
      ttl,
      language,
    );
  });
}

/** grant_type=EMAIL_CODE_GRANT: username and code; a new session, as the password grant gives. */
export async function emailCodeGrant(
  request: FastifyRequest,
  services: Services,
  body: { username?: string; code?: string },
): Promise<IssuedTokens> {
  if (body.username === undefined)
    throw new ApiError('VALIDATION_FAILED', 'Missing field "username" in the body.');
  if (body.code === undefined)
    throw new ApiError('VALIDATION_FAILED', 'Missing field "code" in the body.');
  const { attempts, config, database, clock, sessions } = services;
  const network = networkOf(request.ip);
  await countAttempt(
    attempts,
    [{ key: signInCodeNetworkKey(network), max: CODE_TRIES_PER_NETWORK }],
    config.loginWindowSeconds,
  );
  const email = normalizeEmail(body.username);
  const userId = await redeemEmailCode(
    database.db,
    email,
    normalizeSignInCode(body.code),
    'sign-in',
    clock.now(),
  );
  if (!userId) throw new ApiError('INVALID_SIGN_IN_CODE');
  // The mailbox's owner is here: this network is theirs, as after a password sign-in.
  await attempts.undo(signInCodeNetworkKey(network));
  await attempts.clear(loginPairKey(email, network));
  await attempts.hit(loginKnownNetworkKey(email, network), KNOWN_NETWORK_SECONDS);
  return sessions.start(userId);
}

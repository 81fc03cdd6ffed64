/**
 * Registration, password reset (docs/product.md §7.2-7.3) and password change. Enumeration policy
 * (decision 016): registration says "already registered" (the viewer needs to know); sign-in and
 * reset never tell. All three hash a password either way, so timing does not tell either.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ChangePasswordRequestSchema,
  ForgotPasswordRequestSchema,
  RegistrationRequestSchema,
  ResetPasswordRequestSchema,
} from '@crease/contract/schemas';
import {
  ACCOUNT_PATHS,
  BOT_CHECK_HEADER,
  MESSAGES,
  emailProblem,
  normalizeEmail,
  passwordProblem,
} from '@crease/contract';
import {
  activeViewerId,
  changePassword,
  createViewer,
  findResetLink,
  resetPassword,
  storeResetToken,
} from '../accounts-service';
import { ApiError } from '../errors';
import { authenticate } from '../authenticate';
import { siteHostOf, siteOrigin } from '../../platform/http/site-host';
import { loginAccountKey } from '../attempt-limits';
import { countSignInAttempt, loginPairKey, networkOf } from '../sign-in-limits';
import { hashOpaqueToken, newOpaqueToken } from '../opaque-tokens';
import { countProofUse, requiredLevel } from '../bot-check-risk';
import { sendResetMail } from '../account-mail';
import { accountMailLanguage } from '../mail-language';
import { markEmailVerified } from '../email-codes';
import { sendVerification } from '../verification';
import {
  ResultResponse,
  botCheckHeader,
  errorResponses,
  result,
} from '../../platform/http/error-schemas';

const RegisterRequest = RegistrationRequestSchema;
const InitResetRequest = ForgotPasswordRequestSchema;
const ResetPasswordRequest = ResetPasswordRequestSchema;
const ChangePasswordRequest = ChangePasswordRequestSchema;

export const RESULT_MESSAGES = {
  passwordReset: 'Your password has been reset. Sign in with your new password.',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
} as const;

/** What the sign-up, password and reset routes use of the API's services (app.ts declares them). */
export type AuthRouteServices = Pick<
  FastifyInstance['services'],
  | 'config'
  | 'botCheck'
  | 'hasher'
  | 'database'
  | 'background'
  | 'mailer'
  | 'sessions'
  | 'attempts'
  | 'accessTokens'
  | 'clock'
>;

/**
 * The bot check of register and init-reset: the proof must be as hard as this network's volume
 * of the action calls for (decision 409), and it then counts in that volume.
 */
async function requireBotCheck(
  request: FastifyRequest,
  services: Pick<AuthRouteServices, 'botCheck' | 'config' | 'attempts'>,
  action: 'register' | 'reset',
) {
  const { botCheck, attempts, config } = services;
  const token = request.headers[BOT_CHECK_HEADER.toLowerCase()];
  const minLevel =
    botCheck.provider === 'altcha' ? await requiredLevel(attempts, config, action, request.ip) : 0;
  if (
    !(await botCheck.verify(typeof token === 'string' ? token : undefined, action, {
      ip: request.ip,
      siteHost: siteHostOf(request, config),
      minLevel,
    }))
  )
    throw new ApiError('BOT_CHECK_FAILED');
  await countProofUse(attempts, action, request.ip);
}

function checkEmail(raw: string): string {
  const problem = emailProblem(raw);
  if (problem) throw new ApiError('INVALID_EMAIL', problem);
  return normalizeEmail(raw);
}

function checkPassword(password: string, email: string): void {
  const problem = passwordProblem(password, email);
  if (problem) throw new ApiError('WEAK_PASSWORD', problem);
}

export async function authRoutes(
  root: FastifyInstance,
  services: AuthRouteServices,
): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { config } = services;

  app.post(
    `/${ACCOUNT_PATHS.register}`,
    {
      config: {
        accepts: 'json',
        idempotent: true,
        rateLimit: { max: config.registerPerMinute, timeWindow: 60_000 },
      },
      schema: {
        tags: ['accounts'],
        summary: 'Register a viewer (then sign in with the password grant)',
        description: `Needs a bot-check token in ${BOT_CHECK_HEADER}. First and last name are fixed to defaults (docs/product.md §3). A registered email gets 409 EMAIL_ALREADY_REGISTERED (decision 016).`,
        security: [{ botCheck: [], xsrf: [] }],
        headers: botCheckHeader,
        body: RegisterRequest,
        response: {
          201: Type.Object({ userId: Type.String({ format: 'uuid' }), email: Type.String() }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      await requireBotCheck(request, services, 'register');
      const email = checkEmail(body.email);
      checkPassword(body.password, email);
      // Hash before looking: a taken email costs the same time as a new one.
      const passwordHash = await services.hasher.hash(body.password);
      const userId = await createViewer(services.database.db, {
        email,
        passwordHash,
        emailSubscribe: body.emailSubscribe,
      });
      if (!userId) throw new ApiError('EMAIL_ALREADY_REGISTERED');
      // The mailbox is not proved yet: the only mail it gets is the link that proves it
      // (decision 405). The welcome mail waits for that.
      const origin = siteOrigin(request, services);
      services.background.run(() =>
        sendVerification(services, { id: userId, email }, origin).then(() => {}),
      );
      return reply.code(201).send({ userId, email });
    },
  );

  app.post(
    `/${ACCOUNT_PATHS.initReset}`,
    {
      config: {
        accepts: 'json',
        idempotent: true,
        rateLimit: { max: config.resetPerMinute, timeWindow: 60_000 },
      },
      schema: {
        tags: ['accounts'],
        summary: 'Send a password-reset link',
        description: `Always the same 200 answer whether or not the email has an account. Needs ${BOT_CHECK_HEADER}. The link is <site>/reset-password?email=…&token=…, valid for ${config.resetTokenSeconds} s, single use.`,
        security: [{ botCheck: [], xsrf: [] }],
        headers: botCheckHeader,
        body: InitResetRequest,
        response: { 200: ResultResponse, ...errorResponses },
      },
    },
    async (request) => {
      const body = request.body;
      await requireBotCheck(request, services, 'reset');
      const email = checkEmail(body.email);
      const origin = siteOrigin(request, services);
      // The token, the mail and its delivery happen after the answer: the response time is the
      // same whether or not the account exists.
      services.background.run(async () => {
        const { db } = services.database;
        const userId = await activeViewerId(db, email);
        if (!userId) return;
        const token = newOpaqueToken();
        await storeResetToken(
          db,
          userId,
          hashOpaqueToken(token),
          services.clock.now(),
          config.resetTokenSeconds,
        );
        const link = `${origin}/reset-password?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`;
        // Within the per-recipient cap, whoever asks from wherever (decision 406).
        const { mailer, attempts } = services;
        await sendResetMail(
          { mailer, attempts, caps: config.mail },
          email,
          link,
          config.resetTokenSeconds,
          await accountMailLanguage(db, userId),
        );
      });
      return result('RESET_EMAIL_SENT', MESSAGES.resetEmailSent, null);
    },
  );

  app.post(
    `/${ACCOUNT_PATHS.resetPassword}`,
    {
      config: {
        accepts: 'json',
        idempotent: true,
        rateLimit: { max: config.resetPerMinute * 4, timeWindow: 60_000 },
      },
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with a reset link',
        description:
          '200 PASSWORD_RESET on success (every session of the account is signed out). 208 RESET_LINK_EXPIRED when the link is expired, already used or unknown (docs/product.md §8).',
        security: [{ xsrf: [] }],
        body: ResetPasswordRequest,
        response: { 200: ResultResponse, 208: ResultResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const email = normalizeEmail(body.email);
      const expired = () =>
        reply.code(208).send(result('RESET_LINK_EXPIRED', MESSAGES.resetLinkExpired, null));
      const { db } = services.database;
      const row = await findResetLink(db, hashOpaqueToken(body.token), email);
      if (!row || row.usedAt || row.expiresAt <= services.clock.now()) return expired();
      checkPassword(body.newPassword, email);
      const passwordHash = await services.hasher.hash(body.newPassword);
      // Every other outstanding link dies too, and every session signs out.
      const done = await resetPassword(
        db,
        services.sessions,
        { ...row, email },
        passwordHash,
        services.clock.now(),
      );
      if (!done) return expired();
      // The link came from the mailbox: it is proved (decision 405).
      await markEmailVerified(db, row.userId, services.clock.now());
      // Proving the mailbox lifts the account's hold everywhere, and on the network the link
      // was opened from (decision 170).
      await services.attempts.clear(loginAccountKey(email));
      await services.attempts.clear(loginPairKey(email, networkOf(request.ip)));
      return result('PASSWORD_RESET', RESULT_MESSAGES.passwordReset, row.userId);
    },
  );

  app.post(
    `/${ACCOUNT_PATHS.changePassword}`,
    {
      config: { accepts: 'json', idempotent: true },
      schema: {
        tags: ['accounts'],
        summary: 'Change the password of the signed-in viewer',
        description: "Signs out every other session of the account; the caller's session stays.",
        security: [{ bearer: [], xsrf: [] }],
        body: ChangePasswordRequest,
        response: { 200: ResultResponse, ...errorResponses },
      },
    },
    async (request) => {
      const body = request.body;
      const user = await authenticate(request, services);
      // Guesses at the old password count with the password grant's (decisions 055, 170):
      // first counted, then checked, so parallel guesses cannot pass the limit.
      const attempt = await countSignInAttempt(
        services.attempts,
        config,
        user.email,
        request.ip,
        user.id,
      );
      if (!(await services.hasher.verify(user.passwordHash, body.oldPassword))) {
        await attempt.failed();
        throw new ApiError('INVALID_OLD_PASSWORD', undefined, { userId: user.id });
      }
      // The right old password was no failure: the counters get their attempt back.
      await attempt.succeeded();
      const problem = passwordProblem(body.newPassword, user.email);
      if (problem) throw new ApiError('WEAK_PASSWORD', problem, { userId: user.id });
      const passwordHash = await services.hasher.hash(body.newPassword);
      await changePassword(
        services.database.db,
        services.sessions,
        user,
        passwordHash,
        services.clock.now(),
      );
      return result('PASSWORD_CHANGED', RESULT_MESSAGES.passwordChanged, user.id);
    },
  );
}

/**
 * Proving the mailbox and signing in by mail (decisions 405, 406): the verification link's
 * target, the signed-in viewer's verification state and resend, and the sign-in code request.
 * Answers never tell whether an address has an account (decision 016).
 */
import { Type } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_PATHS, BOT_CHECK_HEADER, MESSAGES, normalizeEmail } from '@crease/contract';
import { ForgotPasswordRequestSchema } from '@crease/contract/schemas';
import { authenticate } from '../authenticate';
import { ApiError } from '../errors';
import { redeemEmailCode } from '../email-codes';
import { requestSignInCode } from '../sign-in-codes';
import { sendVerification } from '../verification';
import { countProofUse, requiredLevel } from '../bot-check-risk';
import { siteHostOf, siteOrigin } from '../../platform/http/site-host';
import {
  ResultResponse,
  botCheckHeader,
  errorResponses,
  result,
} from '../../platform/http/error-schemas';

export const EMAIL_MESSAGES = {
  verified: 'Thank you: your email address is confirmed.',
  verificationSent: 'We have sent a new confirmation link to your email address.',
  alreadyVerified: 'Your email address is already confirmed.',
} as const;

export type EmailRouteServices = Pick<
  FastifyInstance['services'],
  | 'config'
  | 'botCheck'
  | 'database'
  | 'background'
  | 'mailer'
  | 'sessions'
  | 'attempts'
  | 'accessTokens'
  | 'clock'
>;

const VerifyEmailRequest = Type.Object(
  {
    email: Type.String({ maxLength: 300 }),
    token: Type.String({ minLength: 1, maxLength: 128 }),
  },
  { additionalProperties: false },
);

const VerificationState = Type.Object({
  email: Type.String(),
  verified: Type.Boolean(),
  verifiedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export async function emailRoutes(
  root: FastifyInstance,
  services: EmailRouteServices,
): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { config } = services;

  app.post(
    `/${ACCOUNT_PATHS.verifyEmail}`,
    {
      config: {
        accepts: 'json',
        idempotent: true,
        rateLimit: { max: config.resetPerMinute * 4, timeWindow: 60_000 },
      },
      schema: {
        tags: ['accounts'],
        summary: "Confirm the viewer's email address with the mailed link",
        description:
          '200 EMAIL_VERIFIED (the welcome mail follows). 410 VERIFICATION_LINK_EXPIRED when the link is unknown, used or expired: a signed-in viewer asks for a new one with POST email-verification. No sign-in needed: the link may be opened on another device.',
        security: [{ xsrf: [] }],
        body: VerifyEmailRequest,
        response: { 200: ResultResponse, ...errorResponses },
      },
    },
    async (request) => {
      const email = normalizeEmail(request.body.email);
      const userId = await redeemEmailCode(
        services.database.db,
        email,
        request.body.token,
        'verify',
        services.clock.now(),
      );
      if (!userId) throw new ApiError('VERIFICATION_LINK_EXPIRED');
      return result('EMAIL_VERIFIED', EMAIL_MESSAGES.verified, userId);
    },
  );

  app.get(
    `/${ACCOUNT_PATHS.emailVerification}`,
    {
      schema: {
        tags: ['accounts'],
        summary: "Whether the signed-in viewer's email address is confirmed",
        security: [{ bearer: [] }],
        response: { 200: VerificationState, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await authenticate(request, services);
      reply.header('cache-control', 'no-store');
      return {
        email: user.email,
        verified: user.emailVerifiedAt !== null,
        verifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
      };
    },
  );

  app.post(
    `/${ACCOUNT_PATHS.emailVerification}`,
    {
      config: { idempotent: true },
      schema: {
        tags: ['accounts'],
        summary: 'Send the signed-in viewer a new confirmation link',
        description: `200 VERIFICATION_EMAIL_SENT (within the per-recipient cap of ${config.mail.perRecipientPerHour} account mails an hour; past it nothing more is sent that hour, and the links already sent still work). 200 EMAIL_VERIFIED when it is confirmed already.`,
        security: [{ bearer: [], xsrf: [] }],
        response: { 200: ResultResponse, ...errorResponses },
      },
    },
    async (request) => {
      const user = await authenticate(request, services);
      if (user.emailVerifiedAt)
        return result('EMAIL_VERIFIED', EMAIL_MESSAGES.alreadyVerified, user.id);
      const origin = siteOrigin(request, services);
      services.background.run(() => sendVerification(services, user, origin).then(() => {}));
      return result('VERIFICATION_EMAIL_SENT', EMAIL_MESSAGES.verificationSent, user.id);
    },
  );

  app.post(
    `/${ACCOUNT_PATHS.signInCode}`,
    {
      config: {
        accepts: 'json',
        idempotent: true,
        rateLimit: { max: config.resetPerMinute, timeWindow: 60_000 },
      },
      schema: {
        tags: ['accounts'],
        summary: 'Mail a sign-in code (the way in while new networks are held)',
        description: `Always the same 200 SIGN_IN_CODE_SENT answer. Needs ${BOT_CHECK_HEADER} (a signin proof, as hard as the password grant's). The code works once, for ${config.mail.signInCodeSeconds} s; redeem it at POST /oauth2/token with grant_type=urn:crease:params:oauth:grant-type:email-code, username and code. A new code never cancels an older one.`,
        security: [{ botCheck: [], xsrf: [] }],
        headers: botCheckHeader,
        body: ForgotPasswordRequestSchema,
        response: { 200: ResultResponse, ...errorResponses },
      },
    },
    async (request) => {
      const token = request.headers[BOT_CHECK_HEADER.toLowerCase()];
      const { botCheck, attempts } = services;
      const passed = await botCheck.verify(
        typeof token === 'string' ? token : undefined,
        'signin',
        {
          ip: request.ip,
          siteHost: siteHostOf(request, config),
          minLevel:
            botCheck.provider === 'altcha'
              ? await requiredLevel(attempts, config, 'signin', request.ip)
              : 0,
        },
      );
      if (!passed) throw new ApiError('BOT_CHECK_FAILED');
      // Code requests from one network make its next signin proofs dearer (decision 409).
      await countProofUse(attempts, 'sign-in-code', request.ip);
      const email = normalizeEmail(request.body.email);
      requestSignInCode(services, email, siteOrigin(request, services));
      return result('SIGN_IN_CODE_SENT', MESSAGES.signInCodeSent, null);
    },
  );
}

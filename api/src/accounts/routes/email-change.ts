/**
 * Changing the account's email (decision 423): the signed-in ask, and the mailed link's target.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_PATHS, emailProblem, normalizeEmail } from '@crease/contract';
import { EmailChangeConfirmationSchema, EmailChangeRequestSchema } from '@crease/contract/schemas';
import { authenticate } from '../authenticate';
import {
  EMAIL_CHANGE_LINK_SECONDS,
  EMAIL_CHANGES_PER_ACCOUNT_PER_HOUR,
  confirmEmailChange,
  countEmailChangeAsk,
  mailEmailChangeLink,
} from '../email-change';
import { ApiError } from '../errors';
import { countSignInAttempt } from '../sign-in-limits';
import { siteOrigin } from '../../platform/http/site-host';
import { ResultResponse, errorResponses, result } from '../../platform/http/error-schemas';
import type { EmailRouteServices } from './email';

export const EMAIL_CHANGE_MESSAGES = {
  linkSent:
    'We sent a link to the new address. Open it within an hour to finish the change; until then your account keeps its current email.',
  changed: 'Your email address is changed. Sign in with the new address from now on.',
} as const;

export async function emailChangeRoutes(
  root: FastifyInstance,
  services: EmailRouteServices & Pick<FastifyInstance['services'], 'hasher'>,
): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { config } = services;

  app.post(
    `/${ACCOUNT_PATHS.emailChange}`,
    {
      config: { accepts: 'json', idempotent: true },
      schema: {
        tags: ['accounts'],
        summary: 'Ask to move the signed-in account to a new email address',
        description: `Needs the current password (400 INVALID_OLD_PASSWORD; wrong passwords count with the sign-in limits). 400 EMAIL_UNCHANGED for the account's own address. Otherwise always 200 EMAIL_CHANGE_SENT, whether or not another account holds the address (that account's owner is sent nothing); a link that works once for ${EMAIL_CHANGE_LINK_SECONDS} s goes to the new address only. At most ${EMAIL_CHANGES_PER_ACCOUNT_PER_HOUR} asks per account an hour (429 TOO_MANY_ATTEMPTS with Retry-After); per new address a few links an hour and the per-recipient cap, past which nothing is sent and the answer is the same.`,
        security: [{ bearer: [], xsrf: [] }],
        body: EmailChangeRequestSchema,
        response: { 200: ResultResponse, ...errorResponses },
      },
    },
    async (request) => {
      const user = await authenticate(request, services);
      const problem = emailProblem(request.body.newEmail);
      if (problem) throw new ApiError('INVALID_EMAIL', problem, { userId: user.id });
      const newEmail = normalizeEmail(request.body.newEmail);
      // Guesses at the password count with the password grant's, as change-password's do.
      const attempt = await countSignInAttempt(
        services.attempts,
        config,
        user.email,
        request.ip,
        user.id,
      );
      if (!(await services.hasher.verify(user.passwordHash, request.body.password))) {
        await attempt.failed();
        throw new ApiError('INVALID_OLD_PASSWORD', 'Your password is incorrect.', {
          userId: user.id,
        });
      }
      await attempt.succeeded();
      if (newEmail === user.email)
        throw new ApiError('EMAIL_UNCHANGED', undefined, { userId: user.id });
      await countEmailChangeAsk(services, user.id);
      const origin = siteOrigin(request, services);
      // Whether the address is free decides only what happens after the answer.
      services.background.run(() =>
        mailEmailChangeLink(services, user.id, newEmail, origin).then(() => {}),
      );
      return result('EMAIL_CHANGE_SENT', EMAIL_CHANGE_MESSAGES.linkSent, user.id);
    },
  );

  app.post(
    `/${ACCOUNT_PATHS.confirmEmailChange}`,
    {
      config: {
        accepts: 'json',
        idempotent: true,
        rateLimit: { max: config.resetPerMinute * 4, timeWindow: 60_000 },
      },
      schema: {
        tags: ['accounts'],
        summary: 'Finish an email change with the link mailed to the new address',
        description:
          '200 EMAIL_CHANGED: the account signs in with the new address, which counts as confirmed; receipts, reminders and queued notices go there; sessions stay signed in; the old address is told (when it was confirmed). 410 EMAIL_CHANGE_LINK_EXPIRED when the link is unknown, used, expired or edited. 409 EMAIL_UNAVAILABLE when another account took the address since the ask. No sign-in needed: the link may be opened on another device.',
        security: [{ xsrf: [] }],
        body: EmailChangeConfirmationSchema,
        response: { 200: ResultResponse, ...errorResponses },
      },
    },
    async (request) => {
      const email = normalizeEmail(request.body.email);
      const userId = await confirmEmailChange(services, email, request.body.token);
      return result('EMAIL_CHANGED', EMAIL_CHANGE_MESSAGES.changed, userId);
    },
  );
}

/**
 * The docs/product.md §3 Account overview, the viewer's settings (video quality, email subscription, the
 * profile's region: decision 350), and
 * deleting the account (decision 302).
 */
import { Type } from '@fastify/type-provider-typebox';
import type { Static } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { BILLING_PATHS, REGION_RULE, isRegion } from '@crease/contract';
import { accountOverview } from '../account';
import { deleteAccount } from '../account-deletion';
import { users } from '../../accounts';
import { ApiError, isApiError } from '../errors';
import { authenticate, countSignInAttempt } from '../../accounts';
import {
  AccountDeletionRequestSchema,
  AccountDeletionResultSchema,
  AccountOverviewSchema,
  AccountSettingsSchema,
  VideoQualitySchema,
  billingErrorResponses,
} from '../schemas';

const SettingsBody = Type.Object(
  {
    videoQuality: Type.Optional(VideoQualitySchema),
    emailSubscribe: Type.Optional(Type.Boolean()),
    region: Type.Optional(
      Type.String({
        maxLength: 16,
        description:
          'GLOBAL or an ISO 3166-1 alpha-2 country code; the tax rate of later payments (decision 350)',
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const services = app.services;

  app.get(
    `/${BILLING_PATHS.account}`,
    {
      schema: {
        tags: ['billing'],
        summary:
          'The account overview (docs/product.md §3): profile, plan, recent payments, devices',
        security: [{ bearer: [] }],
        response: { 200: AccountOverviewSchema, ...billingErrorResponses },
      },
    },
    async (request, reply) => {
      const user = await authenticate(request, services);
      reply.header('cache-control', 'private, no-store');
      return accountOverview(
        services.database.db,
        user,
        services.config.billing,
        services.clock.now(),
      );
    },
  );

  app.patch(
    `/${BILLING_PATHS.accountSettings}`,
    {
      config: { accepts: 'json', idempotent: true },
      schema: {
        tags: ['billing'],
        summary: 'Change the preferred video quality, the email subscription and/or the region',
        security: [{ bearer: [], xsrf: [] }],
        body: SettingsBody,
        response: { 200: AccountSettingsSchema, ...billingErrorResponses },
      },
    },
    async (request) => {
      const user = await authenticate(request, services);
      const body = request.body as Static<typeof SettingsBody>;
      // Checked here, not by the schema: ajv's enum message would list all 250 values.
      if (body.region !== undefined && !isRegion(body.region))
        throw new ApiError('VALIDATION_FAILED', REGION_RULE);
      const [row] = await services.database.db
        .update(users)
        .set({ ...body, updatedAt: services.clock.now() })
        .where(eq(users.id, user.id))
        .returning({
          videoQuality: users.videoQuality,
          emailSubscribe: users.emailSubscribe,
          region: users.region,
        });
      return row as Static<typeof AccountSettingsSchema>;
    },
  );

  app.post(
    `/${BILLING_PATHS.accountDeletion}`,
    {
      config: { accepts: 'json', idempotent: true },
      schema: {
        tags: ['billing'],
        summary:
          'Delete the account: sessions, devices and streams end; the ledger is kept anonymised',
        description:
          'Needs the current password (400 INVALID_OLD_PASSWORD otherwise; wrong passwords count with the sign-in limits, 429 TOO_MANY_ATTEMPTS with Retry-After past them). The plan ends at once and nothing renews; every sign-in session is revoked (refresh tokens get invalid_grant, access tokens 401); devices, follows and open streams are removed; the email is free to register again, and signing in with it answers 400 ACCOUNT_DELETED for 30 days (decision 302).',
        security: [{ bearer: [], xsrf: [] }],
        body: AccountDeletionRequestSchema,
        response: { 200: AccountDeletionResultSchema, ...billingErrorResponses },
      },
    },
    async (request) => {
      const user = await authenticate(request, services);
      const { password } = request.body as Static<typeof AccountDeletionRequestSchema>;
      // The password check counts with the sign-in's guesses (decisions 055, 170, 353): counted
      // first, so an open tab cannot be used to try passwords faster than the sign-in form.
      const attempt = await countSignInAttempt(
        services.attempts,
        services.config,
        user.email,
        request.ip,
        user.id,
      );
      try {
        const deleted = await deleteAccount(services, user, password, request.log);
        await attempt.succeeded();
        return deleted;
      } catch (error) {
        if (isApiError(error) && error.code === 'INVALID_OLD_PASSWORD') await attempt.failed();
        // Any other failure (the provider down) came after the right password: give it back.
        else await attempt.succeeded();
        throw error;
      }
    },
  );
}

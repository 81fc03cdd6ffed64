/**
 * "Download my data" (issue 34 §5, decision 437): POST asks for the export (signed in, XSRF) and
 * mails a link; GET with the link's token answers the JSON as a download.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { DATA_EXPORT_PATHS } from '@crease/contract';
import { accountMailLanguage, authenticate } from '../../accounts';
import { siteOrigin } from '../../platform/http/site-host';
import { openDataExport, requestDataExport } from '../data-export/requests';
import type { DataExportDeps } from '../data-export/requests';
import { billingErrorResponses } from '../schemas';

const Requested = Type.Object({
  email: Type.String(),
  linkExpiresAt: Type.String({ format: 'date-time' }),
});

export async function dataExportRoutes(app: FastifyInstance): Promise<void> {
  const services = app.services;
  const deps: DataExportDeps = {
    attempts: services.attempts,
    mailer: services.mailer,
    clock: services.clock,
    prepared: services.database.prepared,
    secret: services.config.jwtSecret,
  };

  app.post(
    `/${DATA_EXPORT_PATHS.request}`,
    {
      schema: {
        tags: ['billing'],
        summary: 'Download my data: mail the verified address a link to the account export',
        description:
          '202 DataExportRequested: a link to GET /api/v1/account/data-export/{token} is mailed to the account email; it works once, for 24 hours. An unverified email: 409 DATA_EXPORT_EMAIL_UNVERIFIED, nothing mailed. One export per account per 24 hours: 429 DATA_EXPORT_TOO_SOON with Retry-After and retryAt (decision 437).',
        security: [{ bearer: [], xsrf: [] }],
        response: { 202: Requested, ...billingErrorResponses },
      },
    },
    async (request, reply) => {
      const user = await authenticate(request, services);
      const language = await accountMailLanguage(services.database.db, user.id);
      const requested = await requestDataExport(
        deps,
        user,
        siteOrigin(request, services),
        language,
      );
      reply.header('cache-control', 'private, no-store');
      return reply.code(202).send(requested);
    },
  );

  app.get(
    // A wildcard: the signed token is longer than the router's 100-character limit on a :param.
    `/${DATA_EXPORT_PATHS.download.replace(':token', '*')}`,
    {
      schema: {
        tags: ['billing'],
        summary: 'The mailed export link: the account data as a JSON download',
        description:
          'No sign-in: the signed token is the key. Works once, within 24 hours, while the account exists; else 410 DATA_EXPORT_LINK_INVALID. Holds the profile, settings, subscription, payments and refunds (with invoice numbers), devices, follows, reminders and the mail sent (subject and date); never a password hash, token, code or provider reference.',
      },
    },
    async (request, reply) => {
      const token = (request.params as Record<string, string>)['*'] ?? '';
      const data = await openDataExport(deps, token);
      const day = data.exportedAt.slice(0, 10);
      reply.header('cache-control', 'private, no-store');
      reply.header('content-disposition', `attachment; filename="crease-data-${day}.json"`);
      reply.type('application/json; charset=utf-8');
      return reply.send(JSON.stringify(data, null, 2));
    },
  );
}

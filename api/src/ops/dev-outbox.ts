import { Type } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { normalizeEmail } from '@crease/contract';
import { outboxFor } from '../accounts';
import type { Db } from '../platform/db/client';
import { errorResponses } from '../platform/http/error-schemas';

/** Outside production only (not even registered there): the mail the API "sent", newest first. */
export async function devOutboxRoutes(root: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/v1/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Mail kept in the outbox for one address (not in production)',
        querystring: Type.Object(
          { to: Type.String({ maxLength: 300 }) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Array(
            Type.Object({
              to: Type.String(),
              subject: Type.String(),
              text: Type.String(),
              html: Type.String(),
              links: Type.Array(Type.String()),
              sentAt: Type.String({ format: 'date-time' }),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const rows = await outboxFor(db, normalizeEmail(request.query.to));
      reply.header('cache-control', 'no-store');
      return rows.map(({ to, subject, text, html, links, sentAt }) => ({
        to,
        subject,
        text,
        html,
        links,
        sentAt: sentAt.toISOString(),
      }));
    },
  );
}

import { Type } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { normalizeEmail } from '@crease/contract';
import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../accounts';
import { errorResponses } from '../platform/http/error-schemas';

/** Outside production only (not even registered there): the mail the API "sent", newest first. */
export async function devOutboxRoutes(root: FastifyInstance): Promise<void> {
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
      const rows = await app.services.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, normalizeEmail(request.query.to)))
        .orderBy(desc(mailOutbox.sentAt))
        .limit(50);
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

import { Type } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ControlledClock } from '../platform/clock';
import type { Clock } from '../platform/clock';
import { ApiError } from '../platform/errors';
import { errorResponses } from '../platform/http/error-schemas';

/** At most a year at a time: enough for an annual renewal, small enough to catch a typo. */
const MAX_ADVANCE_SECONDS = 366 * 24 * 3600;

const ClockReading = Type.Object({ now: Type.String({ format: 'date-time' }) });

/**
 * Outside production only (not even registered there): read the API's clock, and move it
 * forward so that end-to-end tests can see renewals, reminders and expiries happen. The clock
 * moves for this process only; it never goes back.
 */
export async function devClockRoutes(
  root: FastifyInstance,
  { clock }: { clock: Clock },
): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/v1/dev/clock',
    {
      schema: {
        tags: ['development'],
        summary: "The API's clock (not in production)",
        response: { 200: ClockReading, ...errorResponses },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { now: clock.now().toISOString() };
    },
  );
  app.post(
    '/api/v1/dev/clock',
    {
      schema: {
        tags: ['development'],
        summary: "Move the API's clock forward (not in production)",
        body: Type.Object(
          { advanceSeconds: Type.Integer({ minimum: 1, maximum: MAX_ADVANCE_SECONDS }) },
          { additionalProperties: false },
        ),
        response: { 200: ClockReading, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!(clock instanceof ControlledClock)) {
        throw new ApiError('NOT_FOUND', 'This API runs on a clock that cannot be moved.');
      }
      clock.advance(request.body.advanceSeconds);
      reply.header('cache-control', 'no-store');
      return { now: clock.now().toISOString() };
    },
  );
}

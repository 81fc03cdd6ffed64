import { Type } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ControlledClock } from '../platform/clock';
import { errorResponses } from '../platform/http/error-schemas';

/** A day either way: enough to reach any fixture the e2e site holds, never a runaway clock. */
const MAX_MOVE_SECONDS = 24 * 60 * 60;

/**
 * Outside production only, and only with CREASE_DEV_CLOCK=true (decision 276): moves the API's
 * clock, so an end-to-end test sees time-driven work (match reminders) without waiting for it.
 * Registered only when the clock is one that can move; production refuses the setting at start.
 */
export async function devClockRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { clock } = app.services;
  if (!(clock instanceof ControlledClock)) return;
  app.post(
    '/api/v1/dev/clock',
    {
      config: { accepts: 'json' },
      schema: {
        tags: ['development'],
        summary: "Move the API's clock (CREASE_DEV_CLOCK, not in production)",
        body: Type.Object(
          {
            advanceSeconds: Type.Integer({ minimum: -MAX_MOVE_SECONDS, maximum: MAX_MOVE_SECONDS }),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ now: Type.String({ format: 'date-time' }) }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      clock.advance(request.body.advanceSeconds);
      reply.header('cache-control', 'no-store');
      return { now: clock.now().toISOString() };
    },
  );
}

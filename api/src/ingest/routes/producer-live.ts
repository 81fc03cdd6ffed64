/**
 * The producer's live controls on a channel (issue 33 §2): its ingest health, the last 10
 * minutes (decision 448), and the slate up or down by hand (decision 450). Staff bearer,
 * producer and admin only (the guard comes from the composition root: ingest sits below staff).
 * Putting the slate up twice is one change: the second answers 200 and is not audited.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PRODUCER_PATHS } from '@crease/contract';
import type { ChannelHealth } from '@crease/contract';
import { IngestChannelIdSchema } from '@crease/contract/schemas';
import { errorResponses } from '../../platform/http/error-schemas';
import { ApiError } from '../errors';
import type { HealthBook } from '../health-book';
import type { IngestProcess } from '../ingest-process';

export interface ProducerLiveDeps {
  book: HealthBook;
  /** The ingest server's process; null when this API runs none. */
  ingest: IngestProcess | null;
  /** Producer or admin: the audit actor `staff:<id>`, or 401 / 403. */
  requireProducer: (request: FastifyRequest) => Promise<string>;
}

const OnAirSchema = Type.Union([
  Type.Literal('primary'),
  Type.Literal('backup'),
  Type.Literal('slate'),
  Type.Literal('none'),
]);
const nullableNumber = Type.Union([Type.Number(), Type.Null()]);
const ChannelHealthSchema = Type.Object({
  channelId: Type.String(),
  connected: Type.Boolean(),
  slateHeld: Type.Boolean(),
  onAir: OnAirSchema,
  samples: Type.Array(
    Type.Object({
      at: Type.String({ format: 'date-time' }),
      inputKbps: nullableNumber,
      frameRate: nullableNumber,
      keyframeSeconds: nullableNumber,
      droppedFrames: nullableNumber,
      lastPartAgeMs: nullableNumber,
      onAir: OnAirSchema,
      viewers: Type.Integer(),
    }),
  ),
});
const params = Type.Object({ channelId: IngestChannelIdSchema });
const staffSecurity = [{ bearer: [] }];

export function producerLiveRoutes(deps: ProducerLiveDeps) {
  return async (root: FastifyInstance): Promise<void> => {
    const app = root.withTypeProvider<TypeBoxTypeProvider>();
    const health = (channelId: string): ChannelHealth => {
      const read = deps.book.read(channelId);
      // What the producer asked is the truth at once; the ingest's next report agrees.
      const slateHeld = deps.ingest?.slateHeld(channelId) ?? false;
      return { ...read, slateHeld, ...(slateHeld ? { onAir: 'slate' as const } : {}) };
    };

    app.get(
      `/${PRODUCER_PATHS.health}`,
      {
        config: { bearerOnly: true },
        schema: {
          tags: ['producer'],
          summary: "A channel's ingest health: the last 10 minutes, a sample every 2 s",
          security: staffSecurity,
          params,
          response: { 200: ChannelHealthSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        await deps.requireProducer(request);
        return reply.header('cache-control', 'no-store').send(health(request.params.channelId));
      },
    );

    app.put(
      `/${PRODUCER_PATHS.slate}`,
      {
        config: { bearerOnly: true, accepts: 'json' as const, audit: 'producer.slate' },
        schema: {
          tags: ['producer'],
          summary: 'Put the slate up by hand, or take it down (the feed on air again)',
          security: staffSecurity,
          params,
          body: Type.Object({ on: Type.Boolean() }, { additionalProperties: false }),
          response: { 200: ChannelHealthSchema, ...errorResponses },
        },
      },
      async (request) => {
        const actor = await deps.requireProducer(request);
        const { channelId } = request.params;
        if (!deps.ingest) throw new ApiError('INGEST_NOT_RUNNING');
        const { on } = request.body;
        if (deps.ingest.holdSlate(channelId, on)) {
          request.staffActor = actor;
          request.auditChange = {
            subject: `channel:${channelId}`,
            before: { slateHeld: !on },
            after: { slateHeld: on },
          };
        }
        return health(channelId);
      },
    );
  };
}

/**
 * Stream access (STREAM_PATHS, docs/streams.md): grant a stream (the product contract Edge stream request →
 * Channel stream + playback URL), renew its token, trial heartbeats, close it.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { Static } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STREAM_PATHS } from '@crease/contract';
import type {
  HeartbeatResult,
  StreamGrant,
  StreamRequest,
  StreamToken,
  WatchingNow,
} from '@crease/contract';
import { ApiError } from '../errors';
import { authenticate } from '../../accounts';
import {
  closeStream,
  grantStream,
  heartbeat,
  readWatching,
  renewToken,
  stopPlaybackThere,
} from '../streams-service';
import type { StreamContext } from '../streams-service';
import {
  HeartbeatResultSchema,
  StreamHeartbeatSchema as HeartbeatSchema,
  NotEntitledErrorSchema as NotEntitledSchema,
  StreamGrantSchema,
  StreamLimitErrorSchema as StreamLimitSchema,
  StreamRequestSchema,
  StreamTokenSchema,
  WatchingNowSchema as WatchingSchema,
} from '@crease/contract/schemas';
import { VidictId, billingErrorResponses } from '../../billing';
import { playbackNetworkOf } from '../playback-network';

const StreamParams = Type.Object({ streamId: Type.String({ format: 'uuid' }) });

const WatchingDeviceParams = Type.Object({ vidictId: VidictId });
const StopQuery = Type.Object({ by: Type.Optional(VidictId) }, { additionalProperties: false });

const path = (name: keyof typeof STREAM_PATHS) => `/${STREAM_PATHS[name]}`;

/** The services Fastify hands every route (`app.services`, declared in app.ts). */
type ApiServices = FastifyInstance['services'];

function context(services: ApiServices, request: FastifyRequest): StreamContext {
  return {
    db: services.database.db,
    billing: services.config.billing,
    streams: services.config.streams,
    tokens: services.streams.tokens,
    now: services.clock.now(),
    edge: services.config.streams.edgeUrl ?? `${request.protocol}://${request.host}/`,
    network: playbackNetworkOf(request.ip),
  };
}

export async function streamRoutes(app: FastifyInstance): Promise<void> {
  const services = app.services;
  const responses = { ...billingErrorResponses, 403: NotEntitledSchema };

  app.post(
    path('streams'),
    {
      // A retried request (the shell retries with the same Idempotency-Key) gets the same grant.
      config: { accepts: 'json', idempotent: true },
      schema: {
        tags: ['streams'],
        summary:
          'Start watching an event: the product contract Edge stream request → Channel stream',
        description:
          "201 StreamGrant when the account may watch now on this registered device and a screen is free: fewer than the plan maxDevices other devices are playing (decision 265). 403 NOT_ENTITLED + reason (no plan, trial time used…); 409 STREAM_LIMIT_REACHED + maxDevices and the devices playing now; 404 EVENT_NOT_FOUND; 400 for a bad videoQuality or a vidictId that is not a device of this account. videoQuality picks this stream's rendition (bitrateName); the account's preferred quality is not changed (it changes only with PATCH account/settings).",
        security: [{ bearer: [], xsrf: [] }],
        body: StreamRequestSchema,
        response: { 201: StreamGrantSchema, ...responses, 409: StreamLimitSchema },
      },
    },
    async (request, reply): Promise<StreamGrant> => {
      const user = await authenticate(request, services);
      const grant = await grantStream(
        context(services, request),
        user,
        request.body as StreamRequest,
      );
      reply.code(201).header('cache-control', 'no-store');
      return grant;
    },
  );

  app.post(
    path('token'),
    {
      // Not `idempotent`: a renewal repeated is a renewal (a fresh token for the same stream),
      // and the player never retries one; the replay row would cost two writes and a second
      // token check on the hottest signed-in call (bench:surge, decision 311).
      schema: {
        tags: ['streams'],
        summary: 'A fresh playback token for this stream, before the old one expires',
        description:
          '200 StreamToken. 403 NOT_ENTITLED + reason once the account may no longer watch (trial time used up, plan ended, device signed out); the stream is then closed. 404 STREAM_NOT_FOUND for a closed or unknown stream. Settles trial play that no heartbeat counted.',
        security: [{ bearer: [], xsrf: [] }],
        params: StreamParams,
        response: { 200: StreamTokenSchema, ...responses, 409: StreamLimitSchema },
      },
    },
    async (request, reply): Promise<StreamToken> => {
      const user = await authenticate(request, services);
      const { streamId } = request.params as Static<typeof StreamParams>;
      reply.header('cache-control', 'no-store');
      return renewToken(context(services, request), user, streamId);
    },
  );

  app.post(
    path('heartbeat'),
    {
      config: { accepts: 'json' },
      schema: {
        tags: ['streams'],
        summary:
          'While playing: count trial play time (about every heartbeatSeconds), and renew the token',
        description:
          'Adds at most the wall time since this stream was last counted, never time the account already counted (two tabs count once). A replayed sequence (not above the last) or a sentAt in the future counts zero. A counted heartbeat of a stream still entitled whose lease runs also renews its token: `playback` is then the next StreamToken, as POST token would answer.',
        security: [{ bearer: [], xsrf: [] }],
        params: StreamParams,
        body: HeartbeatSchema,
        response: { 200: HeartbeatResultSchema, ...responses },
      },
    },
    async (request, reply): Promise<HeartbeatResult> => {
      const user = await authenticate(request, services);
      const { streamId } = request.params as Static<typeof StreamParams>;
      const beat = request.body as Static<typeof HeartbeatSchema>;
      if (Number.isNaN(Date.parse(beat.sentAt)))
        throw new ApiError('VALIDATION_FAILED', 'Field "sentAt" must be an ISO 8601 date-time.');
      reply.header('cache-control', 'no-store');
      return heartbeat(context(services, request), user, streamId, beat);
    },
  );

  app.delete(
    path('stream'),
    {
      // Not `idempotent` (decision 375): its 204 was never stored for a replay (no body), so the
      // claim only cost two writes on every close; a second close answers 404 STREAM_NOT_FOUND
      // either way, and the player closes once, best effort, without retrying.
      schema: {
        tags: ['streams'],
        summary: 'Stop watching: the stream no longer takes one of the plan maxDevices screens',
        security: [{ bearer: [], xsrf: [] }],
        params: StreamParams,
        response: { 204: Type.Null(), ...responses },
      },
    },
    async (request, reply) => {
      const user = await authenticate(request, services);
      const { streamId } = request.params as Static<typeof StreamParams>;
      await closeStream(context(services, request), user, streamId);
      return reply.code(204).send();
    },
  );

  app.get(
    path('watching'),
    {
      schema: {
        tags: ['streams'],
        summary: "The account's devices playing now, and its plan's screens at a time",
        security: [{ bearer: [] }],
        response: { 200: WatchingSchema, ...responses },
      },
    },
    async (request, reply): Promise<WatchingNow> => {
      const user = await authenticate(request, services);
      reply.header('cache-control', 'private, no-store');
      return readWatching(context(services, request), user);
    },
  );

  app.delete(
    path('watchingDevice'),
    {
      config: { idempotent: true },
      schema: {
        tags: ['streams'],
        summary: 'Stop playback there: close every stream of that device of the account',
        description:
          "204 whether or not it was playing. Its screen is free for the next grant at once; the origin refuses its tokens within 3 s (decision 151), and its player's next renewal answers 404 STREAM_NOT_FOUND saying which device stopped it (`by`, the caller's own vidictId).",
        security: [{ bearer: [], xsrf: [] }],
        params: WatchingDeviceParams,
        querystring: StopQuery,
        response: { 204: Type.Null(), ...responses },
      },
    },
    async (request, reply) => {
      const user = await authenticate(request, services);
      const { vidictId } = request.params as Static<typeof WatchingDeviceParams>;
      const { by } = request.query as Static<typeof StopQuery>;
      await stopPlaybackThere(context(services, request), user, vidictId, by ?? null);
      return reply.code(204).send();
    },
  );
}

/**
 * TypeBox schemas of the streams API's wire shapes (STREAM_PATHS, docs/streams.md): the one
 * spelling of each (issue 35 §2). streams.ts derives the types with `Static`; the API validates
 * and documents with these. Re-exported by wire-schemas.ts (`@crease/contract/schemas`), so no
 * schema code reaches a browser bundle.
 */
import { Type } from 'typebox';
import { ENTITLEMENT_REASONS } from './billing';
import { STREAM_EVENT_STATUSES } from './catalog';
import {
  DeviceLimitErrorSchema,
  RegisteredDeviceSchema,
  StringEnum,
  VideoQualitySchema,
  VidictIdSchema,
} from './billing-schemas';
import { ErrorResponseSchema } from './wire-base-schemas';

const nullableInt = Type.Union([Type.Integer(), Type.Null()]);
/** ISO 8601. */
const isoDate = Type.String({ format: 'date-time' });

/** docs/product.md §3 Edge stream request, its quality narrowed to ours. */
export const StreamRequestSchema = Type.Object(
  {
    edgeAddress: Type.String({
      maxLength: 2048,
      description: "The edge the player last played from, or '' to let the API choose.",
    }),
    pk: Type.String({ minLength: 1, maxLength: 200, description: 'The eventId to watch.' }),
    vidictId: VidictIdSchema,
    videoQuality: VideoQualitySchema,
  },
  { additionalProperties: false, description: 'docs/product.md §3 Edge stream request.' },
);

/** A short-lived playback token: HMAC-signed, bound to account, device, channel and stream. */
export const StreamTokenSchema = Type.Object({
  token: Type.String(),
  /** The origin refuses the token after this. */
  expiresAt: isoDate,
  /** When the player should ask for the next one (well before expiresAt). */
  renewAt: isoDate,
});

/** The product contract's Channel stream, narrowed, plus what the player needs to play on. */
export const StreamGrantSchema = Type.Object(
  {
    userId: Type.String(),
    edge: Type.String(),
    application: Type.String(),
    streamApp: Type.String(),
    channelName: Type.String(),
    channelId: Type.String(),
    eventStatus: StringEnum(STREAM_EVENT_STATUSES),
    /** A RenditionName, or AUTO_BITRATE_NAME. */
    bitrateName: Type.String(),
    streamId: Type.String({ format: 'uuid' }),
    eventId: Type.String(),
    /** Absolute URL of the multivariant playlist, token included. */
    playlistUrl: Type.String(),
    playback: StreamTokenSchema,
    /** Seconds between heartbeats while playing; null when nothing is metered (a paid plan). */
    heartbeatSeconds: nullableInt,
    trialSecondsLeft: nullableInt,
    trialTodaySecondsLeft: nullableInt,
  },
  { description: 'docs/product.md §3 Channel stream plus the playback URL, token and metering.' },
);

/** POST heartbeat: sent about every heartbeatSeconds while the video is playing and visible. */
export const StreamHeartbeatSchema = Type.Object(
  {
    /** Strictly increasing per stream; a repeated or older one counts zero. */
    sequence: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
    /** The player's clock; one in the future (beyond a small skew) counts zero. */
    sentAt: Type.String({ format: 'date-time', maxLength: 40 }),
  },
  { additionalProperties: false },
);

export const HeartbeatResultSchema = Type.Object({
  /** Seconds this heartbeat added to the trial counters (0 when ignored or not metered). */
  countedSeconds: Type.Integer(),
  entitled: Type.Boolean(),
  reason: StringEnum(ENTITLEMENT_REASONS),
  trialSecondsLeft: nullableInt,
  trialTodaySecondsLeft: nullableInt,
  /**
   * The stream's next token, when this heartbeat renewed it (a counted heartbeat of a stream
   * still entitled whose lease runs): the player takes it as a renewal's answer and renews by
   * itself only when no heartbeat brought one in time. Absent otherwise (decision 373).
   */
  playback: Type.Optional(StreamTokenSchema),
});

/**
 * A 403 of the streams API: the error shape, plus, for NOT_ENTITLED, the entitlement reason the
 * screen turns into words.
 */
export const NotEntitledErrorSchema = Type.Object(
  { ...ErrorResponseSchema.properties, reason: Type.Optional(StringEnum(ENTITLEMENT_REASONS)) },
  { description: 'NOT_ENTITLED: the error shape plus the entitlement reason.' },
);

/**
 * 409 STREAM_LIMIT_REACHED: maxDevices screens already play; `devices` are the devices playing
 * now (never this one), to name them and offer "stop playback there".
 */
export const StreamLimitErrorSchema = Type.Object(
  { ...DeviceLimitErrorSchema.properties },
  {
    description: 'STREAM_LIMIT_REACHED: the error shape plus maxDevices and the devices watching.',
  },
);

/**
 * The plan's screens at a time: `maxDevices` is how many devices may play at once, `devices` the
 * devices playing now (a stream open whose lease has not lapsed; two tabs of one device are one).
 */
export const WatchingNowSchema = Type.Object(
  { maxDevices: Type.Integer(), devices: Type.Array(RegisteredDeviceSchema) },
  { description: "The devices playing now and the plan's screens at a time (maxDevices)." },
);

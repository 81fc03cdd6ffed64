/**
 * TypeBox schemas of the ingest API's wire shapes (issue 32, docs/streams.md "Going live"): the
 * one spelling of each; ingest.ts derives the types with `Static`. Re-exported by wire-schemas.ts
 * (`@crease/contract/schemas`), so no schema code reaches a browser bundle.
 */
import { Type } from 'typebox';

/** A channel's id, as the catalog's events carry it (`channelId`). */
export const IngestChannelIdSchema = Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,63}$' });

/** Which input of the channel a key feeds: the primary, or the backup that may publish beside it. */
export const IngestRoleSchema = Type.Union([Type.Literal('primary'), Type.Literal('backup')]);

export const IngestKeyRequestSchema = Type.Object(
  { role: Type.Optional(IngestRoleSchema) },
  { additionalProperties: false },
);

/** 201 of POST …/ingest-keys: the only time the stream key is ever shown. */
export const IngestKeyCreatedSchema = Type.Object({
  keyId: Type.String({ format: 'uuid' }),
  channelId: Type.String(),
  role: IngestRoleSchema,
  streamKey: Type.String({ description: 'Shown once; the API keeps only its SHA-256.' }),
  rtmpUrl: Type.String({ description: 'The encoder publishes to <rtmpUrl>/<streamKey>.' }),
  srtUrl: Type.Optional(
    Type.String({ description: 'Only where the media server takes SRT (streamid = the key).' }),
  ),
});

/** The newest refusal of a publisher on a key (decision 440). */
export const IngestRefusalSchema = Type.Object({
  at: Type.String({ format: 'date-time' }),
  reason: Type.Union([
    Type.Literal('resolution-too-large'),
    Type.Literal('no-video-track'),
    Type.Literal('bitrate-too-high'),
  ]),
  /** What the media server saw, for the operator: `7680x4320`, `52000 kbit/s`. */
  detail: Type.String(),
});

/** A key as the operator's list shows it: never the key itself. */
export const IngestKeySummarySchema = Type.Object({
  keyId: Type.String({ format: 'uuid' }),
  channelId: Type.String(),
  role: IngestRoleSchema,
  createdAt: Type.String({ format: 'date-time' }),
  createdBy: Type.String(),
  revokedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** An encoder holds a publish lease on it now. */
  publishing: Type.Boolean(),
  /** The newest time the media server dropped a publisher on it for what it sent, or null. */
  lastRefusal: Type.Union([IngestRefusalSchema, Type.Null()]),
});

/** The media server asks whether an encoder may publish with this key (POST ingest/publishes). */
export const IngestPublishRequestSchema = Type.Object(
  {
    streamKey: Type.String({ minLength: 1, maxLength: 200 }),
    /** The media server's id of the connection, so only that connection renews or ends it. */
    publisherId: Type.String({ minLength: 1, maxLength: 100 }),
  },
  { additionalProperties: false },
);

export const IngestPublisherSchema = Type.Object(
  { publisherId: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);

/** A publish allowed (or renewed): the lease lasts leaseSeconds unless renewed. */
export const IngestPublishGrantSchema = Type.Object({
  keyId: Type.String({ format: 'uuid' }),
  channelId: Type.String(),
  role: IngestRoleSchema,
  leaseSeconds: Type.Integer({ minimum: 1 }),
});

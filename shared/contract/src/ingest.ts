/**
 * Live ingest (issue 32): an operator's stream keys per channel, and the media server's
 * questions to the API about each publishing encoder. Paths and codes here; the shapes are the
 * schemas' (ingest-schemas.ts). docs/streams.md "Going live" describes the flow.
 */
import type { Static } from 'typebox';
import type {
  IngestKeyCreatedSchema,
  IngestKeyRequestSchema,
  IngestKeySummarySchema,
  IngestPublishGrantSchema,
  IngestPublishRequestSchema,
  IngestRefusalSchema,
  IngestRoleSchema,
} from './ingest-schemas';

export const INGEST_PATHS = {
  /** Operator bearer. POST IngestKeyRequest: 201 IngestKeyCreated; GET: IngestKeySummary[]. */
  keys: 'api/v1/operator/channels/:channelId/ingest-keys',
  /** Operator bearer. DELETE: 204, the key is revoked and its publisher dropped within 10 s. */
  key: 'api/v1/operator/channels/:channelId/ingest-keys/:keyId',
  /** Ingest server bearer. POST IngestPublishRequest: 201 IngestPublishGrant, 403, 409. */
  publishes: 'api/v1/ingest/publishes',
  /** Ingest server bearer. PUT {publisherId}: 200 IngestPublishGrant (renewed) or 403; DELETE: 204. */
  publish: 'api/v1/ingest/publishes/:keyId',
} as const;

export const INGEST_ROLES = ['primary', 'backup'] as const;
export type IngestRole = Static<typeof IngestRoleSchema>;
export type IngestKeyRequest = Static<typeof IngestKeyRequestSchema>;
export type IngestKeyCreated = Static<typeof IngestKeyCreatedSchema>;
export type IngestKeySummary = Static<typeof IngestKeySummarySchema>;
export type IngestPublishRequest = Static<typeof IngestPublishRequestSchema>;
export type IngestPublishGrant = Static<typeof IngestPublishGrantSchema>;
export type IngestRefusal = Static<typeof IngestRefusalSchema>;

/** Why the media server dropped a publisher whose key was good (decision 440). */
export const INGEST_REFUSAL_REASONS = [
  /** Wider or taller than 3840×2160 (its metadata says so). */
  'resolution-too-large',
  /** No video within 4 s of the publish. */
  'no-video-track',
  /** More than the configured kbit/s (CREASE_INGEST_MAX_KBPS) over 2 s. */
  'bitrate-too-high',
] as const;
export type IngestRefusalReason = IngestRefusal['reason'];

export const INGEST_ERROR_CODES = [
  /** No such key on this channel (a revoke of an unknown key). */
  'INGEST_KEY_NOT_FOUND',
  /** The media server's publish question: a wrong or revoked key (or a lease taken over). */
  'INGEST_KEY_REFUSED',
  /** Another encoder already publishes on this key (the backup has a key of its own). */
  'INGEST_KEY_IN_USE',
  /** A call to the ingest routes without the ingest server's bearer secret. */
  'INGEST_SERVER_UNAUTHORIZED',
  /** The producer's slate on an API that runs no ingest server (CREASE_INGEST_RTMP_PORT unset). */
  'INGEST_NOT_RUNNING',
] as const;
export type IngestErrorCode = (typeof INGEST_ERROR_CODES)[number];

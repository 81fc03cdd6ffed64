/**
 * Ingest's error codes (docs/streams.md "Going live"): the codes are the contract's
 * (@crease/contract INGEST_ERROR_CODES); each status and message is part of it too.
 */
import { ApiError, registerErrors, plainEntry } from '../platform/errors';
import type { ErrorTable } from '../platform/errors';

export const INGEST_ERRORS = {
  INGEST_KEY_NOT_FOUND: plainEntry(404, 'This channel has no such stream key.'),
  INGEST_KEY_REFUSED: plainEntry(
    403,
    'This stream key is not valid: it is wrong or has been revoked. Create a new one.',
  ),
  INGEST_KEY_IN_USE: plainEntry(
    409,
    'An encoder is already publishing with this stream key. A second encoder needs the channel’s backup key.',
  ),
  INGEST_SERVER_UNAUTHORIZED: plainEntry(401, 'Only the ingest server may call this.'),
  INGEST_NOT_RUNNING: plainEntry(
    503,
    'This API runs no ingest server (CREASE_INGEST_RTMP_PORT is not set), so it has no slate to put up.',
  ),
} satisfies ErrorTable;

registerErrors(INGEST_ERRORS);

export { ApiError };

/**
 * Streams and the stream origin's error codes (docs/streams.md).
 * The codes are the contract's (@crease/contract); each status and message is part of it too.
 */
import { ApiError, isApiError, registerErrors, plainEntry } from '../platform/errors';
import type { ErrorTable } from '../platform/errors';

export const STREAM_ERRORS = {
  NOT_ENTITLED: plainEntry(403, 'Choose a plan or start your free trial to watch.'),
  STREAM_LIMIT_REACHED: plainEntry(
    409,
    'Your plan allows no more streams at once. Stop watching on another device to watch here.',
  ),
  STREAM_NOT_FOUND: plainEntry(404, 'There is no such stream. Start the stream again.'),
  STREAM_TOKEN_INVALID: plainEntry(403, 'The playback token is not valid. Start the stream again.'),
  STREAM_NOT_STARTED: plainEntry(409, 'This stream has not started yet.'),
  SEGMENT_NOT_FOUND: plainEntry(404, 'This part of the stream is not available.'),
  STREAM_MEDIA_UNAVAILABLE: plainEntry(
    503,
    'The stream origin has no media. Run the media build step (npm run media -w api).',
  ),
} satisfies ErrorTable;

registerErrors(STREAM_ERRORS);

/** This feature's code throws ApiError from here, so its table is loaded first. */
export { ApiError, isApiError };

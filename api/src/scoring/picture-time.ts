/**
 * The picture's time (decision 444): a ball is stamped with the program-date-time of the frame on
 * air when the scorer pressed. The origin stamps each part with the wall time it covers, and a
 * player at the live edge holds back PART-HOLD-BACK plus the part being written, so the picture
 * on air runs this far behind the live clock. The console sends the time it computed at the
 * press (its clock set by the server's, minus this delay), so a ball queued offline keeps its
 * moment; without one the server stamps now minus the delay.
 */
import { PART_HOLD_BACK_SECONDS, PART_SECONDS } from '../streams';
import { ApiError } from './errors';

export const PICTURE_DELAY_MS = Math.round((PART_HOLD_BACK_SECONDS + PART_SECONDS) * 1000);

/** A sent time may run this far ahead of the server's clock (the two clocks' skew). */
const FUTURE_SLACK_MS = 5_000;

/**
 * The timeline `at` of a scored action: the sent picture time (or now minus the delay), never
 * ahead of now, and never before the timeline's latest entry (a viewer's timeline only moves on).
 */
export function pictureTimeOf(sent: string | undefined, now: Date, latest: Date | null): Date {
  let at = new Date(now.getTime() - PICTURE_DELAY_MS);
  if (sent !== undefined) {
    const ms = Date.parse(sent);
    if (!Number.isFinite(ms) || !/^\d{4}-\d\d-\d\dT/.test(sent))
      throw new ApiError('VALIDATION_FAILED', 'Field "pictureTime" must be an ISO 8601 instant.');
    if (ms > now.getTime() + FUTURE_SLACK_MS)
      throw new ApiError('VALIDATION_FAILED', 'Field "pictureTime" must not be in the future.');
    at = new Date(Math.min(ms, now.getTime()));
  }
  return latest && at.getTime() < latest.getTime() ? latest : at;
}

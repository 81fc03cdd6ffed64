/**
 * The follows API as every remote calls it (mf-catalog's /events, mf-player's match page), through
 * the shell's HTTP client: one client, so both pages send and read the same thing.
 */
import { FOLLOW_PATHS, eventCalendarPath, followPath, reminderPath } from './follows';
import type { FollowKind, FollowSettings, ViewerFollows } from './follows';
import type { Platform } from './screen-props';
import { isErrorResponse } from './wire';

/** The error the shell's ky client throws for a non-2xx answer; duck-typed (ky is the shell's). */
async function messageOf(error: unknown, fallback: string): Promise<string> {
  const response = (error as { response?: Response } | null)?.response;
  if (!response || typeof response.json !== 'function') return fallback;
  const body: unknown = await response.json().catch(() => null);
  return isErrorResponse(body) && response.status < 500 ? body.message : fallback;
}

/** A follow call that failed, with words fit to show. */
export class FollowError extends Error {
  override readonly name = 'FollowError';
}

async function call(run: () => Promise<Response>, fallback: string): Promise<ViewerFollows> {
  try {
    return (await (await run()).json()) as ViewerFollows;
  } catch (error) {
    throw new FollowError(await messageOf(error, fallback));
  }
}

/**
 * The viewer's follows and reminders (decision 275), through the shell's client (bearer, XSRF,
 * Idempotency-Key and retries are the shell's). Every write answers the whole ViewerFollows.
 */
export const followsClient = (http: Platform['http']) => ({
  read: () =>
    call(
      () => http.get(FOLLOW_PATHS.follows, { cache: 'no-store' }),
      'We could not load the teams you follow.',
    ),
  follow: (kind: FollowKind, id: string, on: boolean) =>
    call(
      () => (on ? http.put(followPath(kind, id)) : http.delete(followPath(kind, id))),
      on ? `We could not follow ${id} just now.` : `We could not unfollow ${id} just now.`,
    ),
  remind: (eventId: string, on: boolean) =>
    call(
      () => (on ? http.put(reminderPath(eventId)) : http.delete(reminderPath(eventId))),
      'We could not change that reminder just now.',
    ),
  remindFollowed: (remindFollowed: boolean) =>
    call(
      () => http.put(FOLLOW_PATHS.settings, { json: { remindFollowed } }),
      'We could not change your reminder setting just now.',
    ),
  /** Any of the settings (when reminders go, the viewer's time zone); the rest stay. */
  settings: (settings: FollowSettings) =>
    call(
      () => http.put(FOLLOW_PATHS.settings, { json: settings }),
      'We could not change your reminder setting just now.',
    ),
});

export type FollowsClient = ReturnType<typeof followsClient>;

/** The match's calendar file on the API host (public: a plain link downloads it). */
export function calendarUrl(apiOrigin: string, eventId: string): string {
  return `${apiOrigin.replace(/\/+$/, '')}/${eventCalendarPath(eventId)}`;
}

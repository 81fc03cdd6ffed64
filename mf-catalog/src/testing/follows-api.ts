import { sendJson } from '@crease/test-utils';
import type { TestHandler } from '@crease/test-utils';
import type { ViewerFollows } from '@crease/contract';

const error = (code: string, message: string) => ({
  code,
  userId: null,
  message,
  timeStamp: new Date().toISOString(),
});

/**
 * The follows API as the contract describes it (decision 275), in memory: each write answers
 * the whole ViewerFollows. `teams` are the names that exist (others are TEAM_NOT_FOUND).
 * Anything else goes to `next` (the catalog).
 */
export function followsApi(
  follows: ViewerFollows,
  teams: readonly string[],
  next: TestHandler,
): TestHandler {
  return (request, response) => {
    const url = new URL(request.url, 'http://x');
    const parts = url.pathname.split('/').slice(3).map(decodeURIComponent);
    const toggle = (list: string[], id: string) =>
      request.method === 'PUT'
        ? list.includes(id)
          ? list
          : [...list, id]
        : list.filter((item) => item !== id);
    if (parts[0] === 'follows' && request.method === 'GET' && parts.length === 1)
      return sendJson(response, 200, follows);
    if (parts[0] === 'follows' && parts[1] === 'settings') {
      Object.assign(follows, JSON.parse(request.body) as Partial<ViewerFollows>);
      return sendJson(response, 200, follows);
    }
    if (parts[0] === 'follows' && parts.length === 3) {
      const [, kind, id] = parts as [string, string, string];
      if (kind === 'team' && !teams.includes(id))
        return sendJson(
          response,
          404,
          error('TEAM_NOT_FOUND', 'No match on Crease has a team by that name.'),
        );
      if (kind === 'team') follows.teams = toggle(follows.teams, id);
      else follows.leagues = toggle(follows.leagues, id);
      return sendJson(response, 200, follows);
    }
    if (parts[0] === 'reminders' && parts.length === 2) {
      follows.reminders = toggle(follows.reminders, parts[1]!);
      return sendJson(response, 200, follows);
    }
    return next(request, response);
  };
}

export const noFollows = (): ViewerFollows => ({
  teams: [],
  leagues: [],
  reminders: [],
  remindFollowed: false,
  remindBefore: 15,
  timeZone: null,
});

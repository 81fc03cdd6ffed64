import ky from 'ky';
import { ACCOUNT_PATHS, BOT_CHECK_HEADER, INVALID_ACCESS_TOKEN, MESSAGES } from '@crease/contract';
import type { Platform, ScreenProps, Session, SessionListener } from '@crease/contract';

/** What the shell rejects an unusable token answer with: the spec's message and the code. */
const invalidAccessToken = () =>
  Object.assign(new Error(MESSAGES.invalidAccessToken), { code: INVALID_ACCESS_TOKEN });

/**
 * A Platform for component tests whose HTTP goes to a real local server (STYLE §8). The session
 * does what the shell's does on the wire (a form-encoded password grant with the bot-check
 * header, 'Invalid access token' for unusable answers) and keeps the tokens in memory.
 */
export function testPlatform(
  apiOrigin: string,
  options: { signedIn?: boolean; expired?: boolean } = {},
) {
  const http = ky.create({
    prefixUrl: apiOrigin,
    retry: 0,
    headers: { Accept: 'application/json' },
  });
  const listeners = new Set<SessionListener>();
  let accessToken: string | null = options.signedIn ? 'signed-in-token' : null;
  let expired = options.expired ?? false;
  const notify = () => listeners.forEach((listener) => listener(accessToken !== null));
  const session: Session & { accessToken(): string | null } = {
    isSignedIn: () => accessToken !== null,
    accessToken: () => accessToken,
    expired: () => expired,
    async signIn({ username, password, botCheckToken }) {
      const response = await http.post(ACCOUNT_PATHS.token, {
        body: new URLSearchParams({ grant_type: 'password', scope: 'API', username, password }),
        headers: botCheckToken ? { [BOT_CHECK_HEADER]: botCheckToken } : {},
      });
      const body = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
      if (typeof body.access_token !== 'string' || body.access_token === '')
        throw invalidAccessToken();
      if (typeof body.expires_in !== 'number' || !(body.expires_in > 0)) throw invalidAccessToken();
      accessToken = body.access_token;
      expired = false;
      notify();
    },
    signOut() {
      accessToken = null;
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const authorized = http.extend({
    hooks: {
      beforeRequest: [
        (request) => {
          if (accessToken) request.headers.set('Authorization', `Bearer ${accessToken}`);
        },
      ],
    },
  });
  const track = jest.fn();
  const platform: Platform = {
    http: authorized,
    session,
    botCheck: { token: async (action: string) => `proof-${action}` },
    analytics: { track },
    device: { vidictId: 'test-device', deviceOs: 'LINUX', deviceType: 'CHROME' },
    config: { productName: 'Crease', apiOrigin, features: {} },
  };
  return { platform, session, track };
}

export function screenProps(
  platform: Platform,
  screen: string,
  search = '',
): ScreenProps & { navigate: jest.Mock } {
  const pathname = `/${screen}`;
  return { screen, location: { pathname, search, hash: '' }, navigate: jest.fn(), platform };
}

import ky from 'ky';
import { ACCOUNT_PATHS, BOT_CHECK_HEADER, INVALID_ACCESS_TOKEN, MESSAGES } from '@crease/contract';
import type { Session, SessionListener } from '@crease/contract';
import { testPlatform as sharedTestPlatform } from '@crease/test-utils/platform';

export { screenProps } from '@crease/test-utils/platform';

/** What the shell rejects an unusable token answer with: the spec's message and the code. */
const invalidAccessToken = () =>
  Object.assign(new Error(MESSAGES.invalidAccessToken), { code: INVALID_ACCESS_TOKEN });

/**
 * The shared test Platform (@crease/test-utils) with a session that does what the shell's does
 * on the wire (a form-encoded password grant with the bot-check header, 'Invalid access token'
 * for unusable answers) and keeps the tokens in memory; the bearer is its token.
 */
export function testPlatform(
  apiOrigin: string,
  options: { signedIn?: boolean; expired?: boolean } = {},
) {
  const listeners = new Set<SessionListener>();
  let accessToken: string | null = options.signedIn ? 'signed-in-token' : null;
  let expired = options.expired ?? false;
  const notify = () => listeners.forEach((listener) => listener(accessToken !== null));
  // The token endpoint has its own client with no bearer, as in the shell.
  const tokenEndpoint = ky.create({
    prefixUrl: apiOrigin,
    retry: 0,
    headers: { Accept: 'application/json' },
  });
  const session: Session & { accessToken(): string | null } = {
    isSignedIn: () => accessToken !== null,
    accessToken: () => accessToken,
    expired: () => expired,
    async signIn({ username, password, botCheckToken }) {
      const response = await tokenEndpoint.post(ACCOUNT_PATHS.token, {
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
  const { platform, track } = sharedTestPlatform(apiOrigin, { bearer: () => accessToken, session });
  return { platform, session, track };
}

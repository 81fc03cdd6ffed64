/**
 * SPEC §3: the only keys the product keeps in local storage, spelled exactly. The shell owns
 * them; the edge reads `access_token` in index.html's first script to hide the welcome page
 * from a viewer who is signed in and about to be sent on.
 */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  forwarded: 'forwarded',
  sessionExpired: 'sessionExpired',
} as const;

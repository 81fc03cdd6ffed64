/**
 * docs/product.md §3: the only keys the product keeps in local storage, spelled exactly. The shell owns
 * them; the edge reads `access_token` in index.html's first script to hide the welcome page
 * from a viewer who is signed in and about to be sent on.
 */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  forwarded: 'forwarded',
  sessionExpired: 'sessionExpired',
} as const;

/**
 * Issue 21: the viewer's own playback choices on this device (localStorage, cleared with the
 * rest at sign-out) and, per browser tab, the wall time of the picture a viewer behind live is
 * watching (sessionStorage, UTC ISO; absent at live), which the /events card reads so it shows
 * no more of the match than the picture has (decisions 235, 236).
 */
export const PLAYER_STORAGE_KEYS = {
  /** localStorage: JSON DevicePlaybackPreferences of mf-player. */
  playbackPreferences: 'crease.player.preferences',
  /** sessionStorage prefix: `crease.pictureTime.<eventId>` → UTC ISO. */
  pictureTimePrefix: 'crease.pictureTime.',
} as const;

/** The sessionStorage key of one event's picture time (PLAYER_STORAGE_KEYS.pictureTimePrefix). */
export const pictureTimeKey = (eventId: string) =>
  `${PLAYER_STORAGE_KEYS.pictureTimePrefix}${eventId}`;

/**
 * Issue 34 §5 (decision 436): the visitor's cookie-consent choice. A first-party cookie, not
 * localStorage, because signing out clears localStorage and a consent choice outlives a session.
 * Value: `v1.analytics=0` or `v1.analytics=1`.
 */
export const CONSENT_STORAGE = {
  cookie: 'crease_consent',
} as const;

/**
 * Issue 34 §4 (decision 470): the language a visitor picked in the footer (localStorage, 'en' or
 * 'hi'). Sign-out clears localStorage, so the shell writes the choice back after clearing: a
 * language is not session data. Anything else stored here is ignored (the browser's language
 * decides), and a signed-in account's own choice wins over it.
 */
export const UI_LANGUAGE_STORAGE = {
  localStorage: 'crease.uiLanguage',
} as const;

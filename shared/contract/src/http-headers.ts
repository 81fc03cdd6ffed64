/**
 * Header and cookie names both sides of the wire spell: the shell and the remotes send them, the
 * API reads them (and lists them in CORS). HTTP names are case-insensitive; Node hands the API
 * its request headers lower-cased, so the API reads `name.toLowerCase()`.
 */

/** The double-submit cookie the API sets (decision 012), readable by the site's pages. */
export const XSRF_COOKIE = 'XSRF-TOKEN';

/** The header a state-changing call echoes the XSRF cookie's value in. */
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** One key per logical request, so a retried mutation happens once (decision 019). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * The API's own access tokens, for suites outside the API that check them (the edge counts a
 * signed-in viewer's release reports: decision 411). Minted by the API's class, so a change to
 * the token's claims breaks those suites too.
 */
export { AccessTokens } from '../accounts/access-tokens';
export { ControlledClock } from '../platform/clock';

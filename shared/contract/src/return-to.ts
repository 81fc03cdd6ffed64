/**
 * `returnTo`: where a viewer continues after /signin or /register (a plan's payment, a match).
 * One rule for the shell's guards and the auth screens, so neither can be used to leave the site.
 */
export const RETURN_TO_PARAM = 'returnTo';

/** Only a path on this site, never //host, a backslash trick, control characters or /signin again. */
export function isSafeReturnTo(path: string): boolean {
  return (
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.includes('\\') &&
    ![...path].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f) &&
    path.length <= 2048 &&
    !/^\/signin(?:[/?#]|$)/.test(path)
  );
}

/** The safe `returnTo` of a query string, or null. */
export function returnToFrom(search: string): string | null {
  const returnTo = new URLSearchParams(search).get(RETURN_TO_PARAM);
  return returnTo !== null && isSafeReturnTo(returnTo) ? returnTo : null;
}

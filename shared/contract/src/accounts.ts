/**
 * The accounts API as both sides see it: paths, stable error codes, the messages the spec fixes,
 * and the one set of form rules (the API validates with these, and mf-auth shows the same).
 */

/** API paths, relative to the API origin. docs/product.md §7 fixes the first three; the rest are ours. */
export const ACCOUNT_PATHS = {
  token: 'oauth2/token',
  /** RFC 7009: revokes the refresh token's whole family (sign-out). Form-encoded `token=`. */
  revoke: 'oauth2/revoke',
  initReset: 'api/v1/auth/init-reset',
  resetPassword: 'api/v1/auth/reset-password',
  register: 'api/v1/auth/register',
  changePassword: 'api/v1/auth/change-password',
  /** The signed-in viewer's UserProfile. */
  me: 'api/v1/me',
  botCheckChallenge: 'api/v1/bot-check/challenge',
  /** Proves the mailbox with the emailed link's token (decision 405). */
  verifyEmail: 'api/v1/auth/verify-email',
  /** The signed-in viewer's verification state (GET) and a fresh link (POST). */
  emailVerification: 'api/v1/auth/email-verification',
  /** Mails a sign-in code (decision 406); the token endpoint redeems it. */
  signInCode: 'api/v1/auth/sign-in-code',
  /** Asks to move the signed-in account to a new address; a link is mailed there (decision 423). */
  emailChange: 'api/v1/auth/email-change',
  /** The mailed link's target: the address changes (no sign-in needed, decision 423). */
  confirmEmailChange: 'api/v1/auth/email-change/confirm',
  /** The signed-in viewer's site language: GET it, PUT `{ uiLanguage }` (issue 34 §4). */
  uiLanguage: 'api/v1/auth/ui-language',
} as const;

/** The token endpoint's grant type for an emailed sign-in code (decision 406). */
export const EMAIL_CODE_GRANT_TYPE = 'urn:crease:params:oauth:grant-type:email-code';

/** The shell's analytics endpoints (page views and product events). */
export const ANALYTICS_PATHS = {
  pageViews: 'api/v1/analytics/page-views',
  events: 'api/v1/analytics/events',
} as const;

/** The OAuth client id of the site's own pages (the default CREASE_OAUTH_CLIENT_ID(S)). */
export const WEB_OAUTH_CLIENT_ID = 'crease-web';

/** Header that carries a bot-check token (ALTCHA payload or reCAPTCHA token) on protected calls. */
export const BOT_CHECK_HEADER = 'X-Bot-Check';

/** Stable error codes of the accounts API (the `code` of the spec's error shape). */
export const ACCOUNT_ERROR_CODES = [
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'INVALID_EMAIL',
  'WEAK_PASSWORD',
  'EMAIL_ALREADY_REGISTERED',
  'INVALID_CREDENTIALS',
  'INVALID_OLD_PASSWORD',
  /** Sign-in with the email of an account deleted not long ago (decision 302). */
  'ACCOUNT_DELETED',
  'TOO_MANY_ATTEMPTS',
  'BOT_CHECK_FAILED',
  'XSRF_TOKEN_MISSING',
  'XSRF_TOKEN_MISMATCH',
  'UNAUTHORIZED',
  'RESET_LINK_EXPIRED',
  /** The email verification link is unknown, used or expired: ask for a new one (decision 405). */
  'VERIFICATION_LINK_EXPIRED',
  /** The emailed sign-in code is unknown, used or expired (decision 406). */
  'INVALID_SIGN_IN_CODE',
  /** The email-change link is unknown, used or expired: ask again on the account page (decision 423). */
  'EMAIL_CHANGE_LINK_EXPIRED',
  /** The new address is the account's own already (decision 423). */
  'EMAIL_UNCHANGED',
  /** The confirmed address was taken by another account meanwhile (decision 423). */
  'EMAIL_UNAVAILABLE',
  'NOT_FOUND',
  'INTERNAL_ERROR',
  /** The database is out of reach for a moment (a failover, a restart): retry after Retry-After. */
  'SERVICE_UNAVAILABLE',
  /** OAuth2 token endpoint: unknown client id (RFC 6749 invalid_client). */
  'INVALID_CLIENT',
  /** OAuth2: grant_type other than password or refresh_token. */
  'UNSUPPORTED_GRANT_TYPE',
  /** OAuth2: the password grant asks for scope=API and nothing else. */
  'INVALID_SCOPE',
  /** OAuth2 refresh grant: unknown, expired, revoked or already used refresh token (one message). */
  'INVALID_REFRESH_TOKEN',
  /** Idempotency-Key header not 1-255 visible ASCII characters (decision 019). */
  'INVALID_IDEMPOTENCY_KEY',
  /** The first request with this Idempotency-Key is still running: retry after Retry-After. */
  'IDEMPOTENCY_KEY_IN_USE',
  /** This Idempotency-Key was already used for a different request (method, path or body). */
  'IDEMPOTENCY_KEY_REUSED',
] as const;
export type AccountErrorCode = (typeof ACCOUNT_ERROR_CODES)[number];

/** The `code` of successful accounts responses that use the spec's shape (docs/product.md §3, §7.2-7.3). */
export const ACCOUNT_RESULT_CODES = [
  'RESET_EMAIL_SENT',
  'PASSWORD_RESET',
  'PASSWORD_CHANGED',
  'EMAIL_VERIFIED',
  'VERIFICATION_EMAIL_SENT',
  'SIGN_IN_CODE_SENT',
] as const;
export type AccountResultCode = (typeof ACCOUNT_RESULT_CODES)[number];

/**
 * The `code` of the Error the shell's `session.signIn` rejects with when the token answer is
 * unusable (docs/product.md §5); its message is MESSAGES.invalidAccessToken. Remotes recognise the error by
 * this code (isInvalidAccessTokenError), never by its text.
 */
export const INVALID_ACCESS_TOKEN = 'INVALID_ACCESS_TOKEN';

export function isInvalidAccessTokenError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === INVALID_ACCESS_TOKEN
  );
}

/** docs/product.md §8, word for word. */
export const MESSAGES = {
  invalidAccessToken: 'Invalid access token',
  resetLinkExpired:
    'The link is expired, or you already reset your password. Please request a new password reset.',
  genericError: 'An error occurred. Please try again later.',
  /** init-reset's one answer, whether or not the email has an account (no enumeration). */
  resetEmailSent: 'If an account exists for that email, we have sent a link to reset the password.',
  /** sign-in-code's one answer, whether or not the email has an account (no enumeration). */
  signInCodeSent: 'If an account exists for that email, we have sent it a sign-in code.',
} as const;

/** docs/product.md §3: registration fixes the names to these defaults. */
export const DEFAULT_FIRST_NAME = 'Crease';
export const DEFAULT_LAST_NAME = 'Viewer';

export const EMAIL_MAX_LENGTH = 254;

/** Trimmed and lower-cased: one account per mailbox, however it is typed. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A pragmatic address check (the HTML spec's `type=email` rule plus length limits): a local part,
 * one @, and a domain with at least one dot. Returns a message for the form, or null when valid.
 */
export function emailProblem(raw: string): string | null {
  const email = normalizeEmail(raw);
  if (email === '') return 'Enter your email address.';
  if (email.length > EMAIL_MAX_LENGTH) return 'Email addresses are at most 254 characters.';
  const valid =
    /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/.test(
      email,
    );
  return valid ? null : 'Enter an email address like name@example.com.';
}

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * Passwords people pick first. NIST SP 800-63B: length plus a blocklist beats composition rules,
 * so there are no "one capital, one symbol" rules here.
 */
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '12345678910',
  '87654321',
  '11111111',
  '00000000',
  'password',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'qwertyuiop',
  'qwerty123',
  'qwertyui',
  'iloveyou',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'superman',
  'starwars',
  'trustno1',
  'letmein1',
  'welcome1',
  'abcd1234',
  'abc12345',
  'asdfghjkl',
  'zaq12wsx',
  '1q2w3e4r',
  '1qaz2wsx',
  'cricket1',
  'cricket123',
  'crease123',
]);

/** The password rules in words, shown under the field exactly as the API enforces them. */
export const PASSWORD_RULES =
  'At least 8 characters (up to 128). Avoid common passwords and your email address.';

/** Returns a message for the form, or null when the password is acceptable. */
export function passwordProblem(password: string, email = ''): string | null {
  // Count code points, not UTF-16 units, so an emoji is one character as the viewer sees it.
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'Use at least 8 characters.';
  if (length > PASSWORD_MAX_LENGTH) return 'Use at most 128 characters.';
  if (password.trim() === '') return 'A password cannot be only spaces.';
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower) || /^(.)\1+$/.test(password))
    return 'That password is too common. Choose another.';
  const localPart = normalizeEmail(email).split('@')[0] ?? '';
  if (localPart.length >= 4 && lower.includes(localPart))
    return 'Your password must not contain your email address.';
  return null;
}

/**
 * "Download my data" (issue 34 §5, decision 437): the account's machine-readable export, asked
 * for on /account and mailed as a link. Paths, error codes and the request's answer.
 */
export const DATA_EXPORT_PATHS = {
  /** POST (signed in, XSRF): 202 DataExportRequested; the link is mailed to the verified address. */
  request: 'api/v1/account/data-export',
  /** GET (no sign-in: the token is the key): the export as a JSON download, once, within 24 h. */
  download: 'api/v1/account/data-export/:token',
} as const;

/** One export asked for per account per this many seconds; and each link's lifetime. */
export const DATA_EXPORT_WINDOW_SECONDS = 24 * 60 * 60;

export const DATA_EXPORT_ERROR_CODES = [
  /** The account's email is not verified: nothing is mailed to an unproved address (409). */
  'DATA_EXPORT_EMAIL_UNVERIFIED',
  /** An export was asked for within the last 24 h: 429 with Retry-After. */
  'DATA_EXPORT_TOO_SOON',
  /** The link is not ours, was used, has expired or its account is gone: 410. */
  'DATA_EXPORT_LINK_INVALID',
] as const;
export type DataExportErrorCode = (typeof DATA_EXPORT_ERROR_CODES)[number];

/** POST's 202 answer. */
export interface DataExportRequested {
  /** The address the link was mailed to. */
  email: string;
  /** When the mailed link stops working (ISO 8601). */
  linkExpiresAt: string;
}

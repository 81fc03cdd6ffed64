/**
 * Release failures are data: a stable code, the CLI exit code and the HTTP status that go with
 * it, and a message a release manager can act on (STYLE §4).
 */
export const RELEASE_ERRORS = {
  INVALID_REQUEST: { exitCode: 2, status: 400 },
  RELEASE_CONFLICT: { exitCode: 3, status: 409 },
  CONTRACT_MISMATCH: { exitCode: 4, status: 409 },
  ARTIFACT_NOT_FOUND: { exitCode: 5, status: 404 },
  NO_PREVIOUS_VERSION: { exitCode: 5, status: 404 },
  // mark-good of a version viewers fell back from: invalid input for the rule (decision 060).
  VERSION_HAS_FALLBACKS: { exitCode: 2, status: 409 },
  // A canary of that remote is running: promote (finish) or roll back (abort) it first (decision 140).
  CANARY_RUNNING: { exitCode: 3, status: 409 },
  // mark-good of a canary that was rolled back: it never becomes the last-known-good.
  VERSION_REJECTED: { exitCode: 2, status: 409 },
  // The release API's refusals, as the CLI in remote mode reports them (decision 035).
  RELEASE_TOKEN_REQUIRED: { exitCode: 6, status: 401 },
  INVALID_RELEASE_TOKEN: { exitCode: 6, status: 401 },
  RELEASE_API_LOCKED: { exitCode: 6, status: 403 },
  // Remote mode only: the API could not be reached, or answered something that is not the API.
  RELEASE_API_UNREACHABLE: { exitCode: 1, status: 502 },
  RELEASE_API_ERROR: { exitCode: 1, status: 502 },
} as const;

export type ReleaseErrorCode = keyof typeof RELEASE_ERRORS;

export class ReleaseError extends Error {
  override readonly name = 'ReleaseError';
  readonly exitCode: number;
  readonly status: number;

  constructor(
    readonly code: ReleaseErrorCode,
    message: string,
  ) {
    super(message);
    this.exitCode = RELEASE_ERRORS[code].exitCode;
    this.status = RELEASE_ERRORS[code].status;
  }
}

export function isReleaseErrorCode(code: unknown): code is ReleaseErrorCode {
  return typeof code === 'string' && Object.hasOwn(RELEASE_ERRORS, code);
}

export function isReleaseError(error: unknown): error is ReleaseError {
  return error instanceof ReleaseError;
}

/** The spec's one error wire format. */
export function errorBody(code: string, message: string) {
  return { code, userId: null, message, timeStamp: new Date().toISOString() };
}

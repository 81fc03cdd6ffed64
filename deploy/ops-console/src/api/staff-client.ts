import { INGEST_PATHS, SCORING_PATHS, STAFF_PATHS, SUPPORT_PATHS } from '@crease/contract';
import { businessCalls } from './business-client';
import { producerCalls } from './producer-client';
import type {
  AccountDeletionResult,
  IngestKeyCreated,
  IngestKeySummary,
  IngestRole,
  ScoringAccepted,
  ScoringMatch,
  ScoringState,
  ScoringSubmission,
  StaffAuditEntry,
  StaffCreateRequest,
  StaffCreated,
  StaffMember,
  StaffSession,
  StaffSignInRequest,
  SupportRefundAccepted,
  SupportViewer,
} from '@crease/contract';

/**
 * A refused or failed call, as data: the API's own code and message, or the console's
 * API_UNREACHABLE / API_NOT_JSON when what answered is not the API.
 */
export class StaffApiError extends Error {
  override readonly name = 'StaffApiError';
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export const isStaffApiError = (error: unknown): error is StaffApiError =>
  error instanceof StaffApiError;

/** The session is no longer (or never was) accepted: the console signs out. */
export const isUnauthorized = (error: unknown) => isStaffApiError(error) && error.status === 401;

export const fill = (path: string, params: Record<string, string>) =>
  path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));

export async function call<T>(
  apiOrigin: string,
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${apiOrigin}/${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
      // Bearer only: the API never needs (and never gets) a cookie from the console.
      credentials: 'omit',
    });
  } catch {
    throw new StaffApiError('API_UNREACHABLE', 'The Crease API could not be reached.', 0);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new StaffApiError(
      'API_NOT_JSON',
      `The API answered ${response.status} with something that is not JSON.`,
      response.status,
    );
  }
  if (!response.ok) {
    const error = parsed as { code?: string; message?: string };
    throw new StaffApiError(
      error.code ?? 'API_ERROR',
      error.message ?? `The API answered ${response.status}.`,
      response.status,
    );
  }
  return parsed as T;
}

export function signInStaff(apiOrigin: string, request: StaffSignInRequest) {
  return call<StaffSession>(apiOrigin, null, 'POST', STAFF_PATHS.signIn, request);
}

/** Every call of a signed-in console: the bearer token on each. */
export function staffClient(apiOrigin: string, token: string) {
  const reason = (text: string) => ({ reason: text });
  return {
    // The producer's schedule, health and live controls (issue 33 §2).
    ...producerCalls(apiOrigin, token),
    // The admin's plans, coupons and figures (issue 33 §5).
    ...businessCalls(apiOrigin, token),
    me: () => call<StaffMember>(apiOrigin, token, 'GET', STAFF_PATHS.me),
    signOut: () => call<void>(apiOrigin, token, 'DELETE', STAFF_PATHS.signOut),
    members: () => call<StaffMember[]>(apiOrigin, token, 'GET', STAFF_PATHS.members),
    createMember: (request: StaffCreateRequest) =>
      call<StaffCreated>(apiOrigin, token, 'POST', STAFF_PATHS.members, request),
    audit: (before?: number) =>
      call<StaffAuditEntry[]>(
        apiOrigin,
        token,
        'GET',
        `${STAFF_PATHS.audit}${before === undefined ? '' : `?before=${before}`}`,
      ),
    findViewer: (email: string) =>
      call<SupportViewer>(
        apiOrigin,
        token,
        'GET',
        `${SUPPORT_PATHS.viewer}?email=${encodeURIComponent(email)}`,
      ),
    /** `key`: one per refund the agent means; a retried click sends the same one. */
    refund: (paymentId: string, text: string, key: string, amount?: number) =>
      call<SupportRefundAccepted>(
        apiOrigin,
        token,
        'POST',
        fill(SUPPORT_PATHS.refund, { paymentId }),
        { ...reason(text), ...(amount === undefined ? {} : { amount }) },
        { 'idempotency-key': key },
      ),
    resendReceipt: (paymentId: string, text: string) =>
      call<void>(
        apiOrigin,
        token,
        'POST',
        fill(SUPPORT_PATHS.resendReceipt, { paymentId }),
        reason(text),
      ),
    signOutDevice: (userId: string, vidictId: string, text: string) =>
      call<void>(
        apiOrigin,
        token,
        'POST',
        fill(SUPPORT_PATHS.signOutDevice, { userId, vidictId }),
        reason(text),
      ),
    ingestKeys: (channelId: string) =>
      call<IngestKeySummary[]>(apiOrigin, token, 'GET', fill(INGEST_PATHS.keys, { channelId })),
    createIngestKey: (channelId: string, role: IngestRole) =>
      call<IngestKeyCreated>(apiOrigin, token, 'POST', fill(INGEST_PATHS.keys, { channelId }), {
        role,
      }),
    revokeIngestKey: (channelId: string, keyId: string) =>
      call<void>(apiOrigin, token, 'DELETE', fill(INGEST_PATHS.key, { channelId, keyId })),
    /** The viewer's own cancel: renewal off, access to the period end (decision 414). */
    cancelSubscription: (userId: string, text: string) =>
      call<SupportViewer>(
        apiOrigin,
        token,
        'POST',
        fill(SUPPORT_PATHS.cancelSubscription, { userId }),
        reason(text),
      ),
    /** `periodEnd`: the one the agent saw; a second click or another agent gets a 409. */
    extendSubscription: (userId: string, text: string, days: number, periodEnd: string) =>
      call<SupportViewer>(
        apiOrigin,
        token,
        'POST',
        fill(SUPPORT_PATHS.extendSubscription, { userId }),
        { ...reason(text), days, periodEnd },
      ),
    deleteAccount: (userId: string, text: string) =>
      call<AccountDeletionResult>(
        apiOrigin,
        token,
        'POST',
        fill(SUPPORT_PATHS.deleteAccount, { userId }),
        reason(text),
      ),
    scoringMatches: () => call<ScoringMatch[]>(apiOrigin, token, 'GET', SCORING_PATHS.matches),
    scoringState: (eventId: string) =>
      call<ScoringState>(apiOrigin, token, 'GET', fill(SCORING_PATHS.actions, { eventId })),
    /** Idempotent by `ballId`: a resend after a lost answer records nothing new (decision 443). */
    score: (eventId: string, submission: ScoringSubmission) =>
      call<ScoringAccepted>(
        apiOrigin,
        token,
        'POST',
        fill(SCORING_PATHS.actions, { eventId }),
        submission,
      ),
    signOutAll: (userId: string, text: string) =>
      call<void>(
        apiOrigin,
        token,
        'POST',
        fill(SUPPORT_PATHS.signOutAll, { userId }),
        reason(text),
      ),
  };
}

export type StaffClient = ReturnType<typeof staffClient>;

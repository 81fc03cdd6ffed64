import type {
  CanarySeries,
  CommitResult,
  HistoryEntry,
  PublishedArtifact,
  ReleaseHealth,
  ReleaseStatus,
} from './release-types';

export const RELEASE_API = '/release-api/v1';

/**
 * A refused or failed call, as data: the API's own code and message (the same the CLI prints),
 * or the console's API_UNREACHABLE / API_NOT_JSON when what answered is not the release API.
 */
export class ConsoleApiError extends Error {
  override readonly name = 'ConsoleApiError';
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export function isConsoleApiError(error: unknown): error is ConsoleApiError {
  return error instanceof ConsoleApiError;
}

/** The token is no longer (or never was) accepted: the session ends. */
export function isUnauthorized(error: unknown): boolean {
  return isConsoleApiError(error) && error.status === 401;
}

export interface MutationOptions {
  reason: string;
  /** The registry revision the console showed: a change in between is a RELEASE_CONFLICT. */
  ifRevision: number;
}

/**
 * The console's one HTTP client: every call carries the bearer token, every answer must be the
 * release API's JSON. Anything else (a proxy's HTML page, a network error) becomes a designed
 * error the screen can show.
 */
export function releaseConsoleClient(token: string, origin = '') {
  async function call<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${origin}${RELEASE_API}${route}`, {
        method,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: 'no-store',
      });
    } catch {
      throw new ConsoleApiError(
        'API_UNREACHABLE',
        'The release API cannot be reached. Check that it is running, then try again.',
        0,
      );
    }
    const type = response.headers.get('content-type') ?? '';
    const parsed: unknown = type.includes('application/json')
      ? await response.json().catch(() => undefined)
      : undefined;
    if (parsed === undefined || parsed === null || typeof parsed !== 'object') {
      throw new ConsoleApiError(
        'API_NOT_JSON',
        `The release API did not answer with JSON (HTTP ${response.status}): something else is answering at ${RELEASE_API}.`,
        response.status,
      );
    }
    if (!response.ok) {
      const { code, message } = parsed as { code?: unknown; message?: unknown };
      throw new ConsoleApiError(
        typeof code === 'string' ? code : 'RELEASE_API_ERROR',
        typeof message === 'string' ? message : `The release API answered HTTP ${response.status}.`,
        response.status,
      );
    }
    return parsed as T;
  }

  const query = (app?: string) => (app ? `?app=${encodeURIComponent(app)}` : '');
  return {
    whoami: () => call<{ actor: string }>('GET', '/whoami'),
    status: () => call<ReleaseStatus>('GET', '/status'),
    history: (app?: string, limit = 100) =>
      call<{ entries: HistoryEntry[] }>(
        'GET',
        `/history?limit=${limit}${app ? `&app=${encodeURIComponent(app)}` : ''}`,
      ),
    artifacts: (app?: string) =>
      call<{ artifacts: Record<string, PublishedArtifact[]> }>('GET', `/artifacts${query(app)}`),
    health: (app?: string) => call<ReleaseHealth>('GET', `/health${query(app)}`),
    canarySeries: (app: string) => call<CanarySeries>('GET', `/canary-series${query(app)}`),
    promote: (versions: Record<string, string>, options: MutationOptions) =>
      call<CommitResult>('POST', '/promote', { versions, ...options }),
    rollback: (app: string, to: string | null, options: MutationOptions) =>
      call<CommitResult>('POST', '/rollback', { app, to, ...options }),
    clearVeto: (app: string, version: string, options: MutationOptions) =>
      call<CommitResult>('POST', '/clear-veto', { app, version, ...options }),
    canary: (app: string, version: string, percent: number, options: MutationOptions) =>
      call<CommitResult>('POST', '/canary', { app, version, percent, ...options }),
  };
}

export type ReleaseConsoleClient = ReturnType<typeof releaseConsoleClient>;

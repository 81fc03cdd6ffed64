import type { ReleaseBackend } from '../registry/release-backend';
import { RELEASE_API_PREFIX } from './release-api-paths';
import type {
  CommitResult,
  HistoryEntry,
  PublishResult,
  ReleaseContext,
  ReleaseStatus,
} from '../registry/release-types';
import { ReleaseError, isReleaseErrorCode } from '../registry/release-error';
import type { ReleaseErrorCode } from '../registry/release-error';

/** Long enough for a promote that reads manifests from a slow bucket; short enough for CI. */
const TIMEOUT_MS = 30_000;

export interface ReleaseApiClientOptions {
  /** The release API's origin (`http://release-api:8090`), optionally ending in /release-api/v1. */
  baseUrl: string;
  /** Bearer token (from CREASE_RELEASE_TOKEN); without it reads may still work outside production. */
  token: string | null;
  timeoutMs?: number;
}

/** The API's own URL, checked: http(s) only, and never credentials in the URL (they'd be logged). */
export function releaseApiUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ReleaseError('INVALID_REQUEST', `--api: "${baseUrl}" is not a URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ReleaseError('INVALID_REQUEST', `--api must be an http(s) URL, got "${baseUrl}".`);
  }
  if (url.username || url.password) {
    throw new ReleaseError(
      'INVALID_REQUEST',
      '--api must not contain credentials; put the token in CREASE_RELEASE_TOKEN.',
    );
  }
  url.search = '';
  url.hash = '';
  const base = url.pathname.replace(/\/+$/, '');
  url.pathname = base.endsWith(RELEASE_API_PREFIX) ? base : `${base}${RELEASE_API_PREFIX}`;
  return url;
}

/** What an answer that is not a release error code means, by its HTTP status. */
function codeForStatus(status: number): ReleaseErrorCode {
  if (status === 400) return 'INVALID_REQUEST';
  if (status === 401) return 'INVALID_RELEASE_TOKEN';
  if (status === 403) return 'RELEASE_API_LOCKED';
  if (status === 409) return 'RELEASE_CONFLICT';
  return 'RELEASE_API_ERROR';
}

function describeNetworkError(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'no answer in time';
  const cause =
    error instanceof Error ? (error.cause as { code?: string; message?: string }) : null;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/**
 * The release API over HTTP (Node's fetch), as a ReleaseBackend: the API's error bodies come
 * back as the same ReleaseErrors the local registry throws, so exit codes match.
 */
export class ReleaseApiClient implements ReleaseBackend {
  readonly uploads = false;
  private readonly base: URL;

  constructor(private readonly options: ReleaseApiClientOptions) {
    this.base = releaseApiUrl(options.baseUrl);
  }

  get where(): string {
    return `release API ${this.base.origin}${this.base.pathname}`;
  }

  private async call<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
    const url = new URL(`${this.base.pathname}${route}`, this.base);
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(this.options.token ? { authorization: `Bearer ${this.options.token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? TIMEOUT_MS),
        redirect: 'error', // a redirect would replay the token somewhere else
      });
    } catch (error) {
      throw new ReleaseError(
        'RELEASE_API_UNREACHABLE',
        `Could not reach the release API at ${this.base.origin} (${describeNetworkError(error)}).${
          method === 'POST'
            ? ' The change may or may not have been applied: check `status` before running it again.'
            : ''
        }`,
      );
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (response.ok && parsed !== undefined) return parsed as T;
    const error = (parsed ?? {}) as { code?: unknown; message?: unknown };
    const message =
      typeof error.message === 'string' && typeof error.code === 'string'
        ? error.message
        : `The release API at ${url.origin}${url.pathname} answered HTTP ${response.status}${
            response.ok ? ' without JSON' : ''
          }. Is --api the release API?`;
    const code = isReleaseErrorCode(error.code) ? error.code : codeForStatus(response.status);
    throw new ReleaseError(response.ok ? 'RELEASE_API_ERROR' : code, message);
  }

  private mutation(context: ReleaseContext) {
    // The actor is the token's name on the server side; it is not sent.
    return { reason: context.reason ?? null, ifRevision: context.ifRevision };
  }

  async publish(
    app: string,
    source: Parameters<ReleaseBackend['publish']>[1],
    context: ReleaseContext,
  ): Promise<PublishResult> {
    if (!('version' in source)) {
      throw new ReleaseError(
        'INVALID_REQUEST',
        'The release API does not take uploads: upload the build to the artifact store, then `publish <app> <version>`.',
      );
    }
    return this.call('POST', '/publish', {
      app,
      version: source.version,
      reason: context.reason ?? null,
    });
  }

  promote(versions: Record<string, string>, context: ReleaseContext): Promise<CommitResult> {
    return this.call('POST', '/promote', { versions, ...this.mutation(context) });
  }

  rollback(app: string, to: string | null, context: ReleaseContext): Promise<CommitResult> {
    return this.call('POST', '/rollback', { app, to, ...this.mutation(context) });
  }

  canary(
    app: string,
    version: string,
    percent: number,
    context: ReleaseContext,
  ): Promise<CommitResult> {
    return this.call('POST', '/canary', { app, version, percent, ...this.mutation(context) });
  }

  markGood(app: string, version: string, context: ReleaseContext): Promise<CommitResult> {
    return this.call('POST', '/mark-good', { app, version, ...this.mutation(context) });
  }

  clearVeto(app: string, version: string, context: ReleaseContext): Promise<CommitResult> {
    return this.call('POST', '/clear-veto', { app, version, ...this.mutation(context) });
  }

  async history(app: string | undefined, limit: number): Promise<HistoryEntry[]> {
    const query = new URLSearchParams({ limit: String(limit) });
    if (app !== undefined) query.set('app', app);
    const answer = await this.call<{ entries?: unknown }>('GET', `/history?${query}`);
    if (!Array.isArray(answer.entries)) {
      throw new ReleaseError(
        'RELEASE_API_ERROR',
        'The release API sent a history without entries.',
      );
    }
    return answer.entries as HistoryEntry[];
  }

  async status(): Promise<ReleaseStatus> {
    const answer = await this.call<Partial<ReleaseStatus>>('GET', '/status');
    if (typeof answer.revision !== 'number' || !Array.isArray(answer.apps)) {
      throw new ReleaseError('RELEASE_API_ERROR', 'The release API sent a status without apps.');
    }
    return answer as ReleaseStatus;
  }
}

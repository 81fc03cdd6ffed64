/**
 * The calls one viewer's browser makes at match start and while watching, as the shell and the
 * player make them (the shell's headers: bearer, XSRF cookie and header, Origin, and an
 * Idempotency-Key on every mutating call, shell/src/http/idempotency.ts), each with what its
 * answer must be. Media go to the CDN host (nginx), which checks the token with its cached
 * auth subrequest before it serves a cached playlist.
 */
import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_PATHS,
  BILLING_PATHS,
  IDEMPOTENCY_HEADER,
  STREAM_PATHS,
  catalogEventPath,
  streamPath,
} from '@crease/contract';
import type { HeartbeatResult, StreamGrant, StreamToken } from '@crease/contract';
import type { Expectation } from '@crease/test-utils/bench-kit';
import type { SurgeHttp } from './surge-http';
import type { SurgeStats } from './surge-stats';

/** Call types, as printed and written to surge-measured.json's perCall. */
export const CALLS = {
  refresh: 'POST /oauth2/token (refresh grant)',
  entitlement: 'GET /api/v1/entitlement',
  event: 'GET /api/v1/events/:eventId',
  grant: 'POST /api/v1/streams',
  master: 'GET master.m3u8 (CDN)',
  media: 'GET media playlist (CDN)',
  renew: 'POST /api/v1/streams/:streamId/token',
  heartbeat: 'POST /api/v1/streams/:streamId/heartbeat',
  close: 'DELETE /api/v1/streams/:streamId',
} as const;
/** The calls that reach an API process (the CDN's reach it only through its token check). */
export const API_CALLS: readonly string[] = [
  CALLS.refresh,
  CALLS.entitlement,
  CALLS.event,
  CALLS.grant,
  CALLS.renew,
  CALLS.heartbeat,
  CALLS.close,
];

/** The public web client's id, as the shell sends it (its secret is not checked, decision 013). */
const CLIENT_AUTH = `Basic ${Buffer.from('crease-web:public').toString('base64')}`;

function parses<T>(test: (value: T) => boolean) {
  return (body: string) => {
    try {
      return test(JSON.parse(body) as T);
    } catch {
      return false;
    }
  };
}

const isPlaylist = (body: string) => body.startsWith('#EXTM3U');

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

/** What every viewer's calls share: the client, the figures, and the browser's XSRF pair. */
export class ViewerCalls {
  constructor(
    private readonly http: SurgeHttp,
    private readonly stats: SurgeStats,
    private readonly apiOrigin: string,
    private readonly siteOrigin: string,
    private readonly xsrf: string,
  ) {}

  private browser(): Record<string, string> {
    return {
      origin: this.siteOrigin,
      cookie: `XSRF-TOKEN=${this.xsrf}`,
      'x-xsrf-token': this.xsrf,
    };
  }

  private bearer(accessToken: string, mutating = false): Record<string, string> {
    return {
      ...this.browser(),
      authorization: `Bearer ${accessToken}`,
      ...(mutating ? { [IDEMPOTENCY_HEADER]: randomUUID() } : {}),
    };
  }

  /** One call: its answer is recorded under `call`; the parsed body, or null if unexpected. */
  private async call<T>(
    call: string,
    expectation: Expectation,
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<T | null> {
    const answer = await this.http.request(method, url, headers, body);
    if (!this.stats.record(call, answer, expectation)) return null;
    if (answer.status === 204) return {} as T;
    return (answer.body.startsWith('#') ? answer.body : JSON.parse(answer.body)) as T;
  }

  refresh(refreshToken: string): Promise<TokenPair | null> {
    return this.call<TokenPair>(
      CALLS.refresh,
      {
        status: 200,
        body: parses<TokenPair>((t) => !!t.access_token && !!t.refresh_token && t.expires_in > 0),
      },
      'POST',
      `${this.apiOrigin}/${ACCOUNT_PATHS.token}`,
      {
        ...this.browser(),
        'content-type': 'application/x-www-form-urlencoded',
        authorization: CLIENT_AUTH,
        [IDEMPOTENCY_HEADER]: randomUUID(),
      },
      new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
    );
  }

  entitlement(accessToken: string, vidictId: string) {
    return this.call<{ entitled: boolean }>(
      CALLS.entitlement,
      { status: 200, body: parses<{ entitled: boolean }>((e) => e.entitled === true) },
      'GET',
      `${this.apiOrigin}/${BILLING_PATHS.entitlement}?vidictId=${encodeURIComponent(vidictId)}`,
      this.bearer(accessToken),
    );
  }

  event(accessToken: string, eventId: string) {
    return this.call<{ eventId: string }>(
      CALLS.event,
      { status: 200, body: parses<{ eventId: string }>((e) => e.eventId === eventId) },
      'GET',
      `${this.apiOrigin}/${catalogEventPath(eventId)}`,
      this.bearer(accessToken),
    );
  }

  grant(accessToken: string, eventId: string, vidictId: string) {
    return this.call<StreamGrant>(
      CALLS.grant,
      {
        status: 201,
        body: parses<StreamGrant>((g) => g.eventId === eventId && g.playlistUrl.includes('token=')),
      },
      'POST',
      `${this.apiOrigin}/${STREAM_PATHS.streams}`,
      { ...this.bearer(accessToken, true), 'content-type': 'application/json' },
      JSON.stringify({ edgeAddress: '', pk: eventId, vidictId, videoQuality: 'AUTO' }),
    );
  }

  playlist(call: typeof CALLS.master | typeof CALLS.media, url: string) {
    return this.call<string>(call, { status: 200, body: isPlaylist }, 'GET', url, {
      origin: this.siteOrigin,
    });
  }

  renew(accessToken: string, streamId: string) {
    return this.call<StreamToken>(
      CALLS.renew,
      { status: 200, body: parses<StreamToken>((t) => !!t.token && !!t.renewAt) },
      'POST',
      `${this.apiOrigin}/${streamPath('token', { streamId })}`,
      this.bearer(accessToken, true),
    );
  }

  heartbeat(accessToken: string, streamId: string, sequence: number) {
    return this.call<HeartbeatResult>(
      CALLS.heartbeat,
      { status: 200, body: parses<HeartbeatResult>((h) => h.entitled === true) },
      'POST',
      `${this.apiOrigin}/${streamPath('heartbeat', { streamId })}`,
      { ...this.bearer(accessToken, true), 'content-type': 'application/json' },
      JSON.stringify({ sequence, sentAt: new Date().toISOString() }),
    );
  }

  close(accessToken: string, streamId: string) {
    return this.call<object>(
      CALLS.close,
      { status: 204 },
      'DELETE',
      `${this.apiOrigin}/${streamPath('stream', { streamId })}`,
      this.bearer(accessToken, true),
    );
  }
}

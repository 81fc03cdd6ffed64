import { sendJson } from '@crease/test-utils';
import type { RecordedRequest, TestHandler } from '@crease/test-utils';
import type { CatalogEvent, MatchState, StreamGrant, TimelineEntry } from '@crease/contract';

const iso = (ms: number) => new Date(ms).toISOString();

export const LIVE_STATE: MatchState = {
  status: 'live',
  playState: 'in_play',
  toss: { winner: 'MUM', decision: 'bat' },
  innings: [{ team: 'MUM', runs: 87, wickets: 2, overs: '10.3', declared: false }],
  scoreSummary: 'MUM 87/2 (10.3)',
  result: null,
  eventStatus: 'live',
};

export function liveEvent(overrides: Partial<CatalogEvent> = {}): CatalogEvent {
  const now = Date.now();
  return {
    eventId: 'mum-v-che',
    leagueId: 'crease-premier-league',
    title: 'Mumbai Monsoons v Chennai Cyclones',
    teams: [
      {
        name: 'Mumbai Monsoons',
        shortName: 'MUM',
        colours: { primary: '#1d4ed8', secondary: '#facc15' },
      },
      {
        name: 'Chennai Cyclones',
        shortName: 'CHE',
        colours: { primary: '#facc15', secondary: '#1e3a8a' },
      },
    ],
    venue: { name: 'Harbour Oval', city: 'Mumbai', country: 'India' },
    format: 't20',
    startTime: iso(now - 3_600_000),
    estimatedEnd: iso(now + 3_600_000),
    channelId: 'channel-mum-v-che',
    updatedAt: iso(now),
    ...LIVE_STATE,
    ...overrides,
  };
}

export function grantFor(event: CatalogEvent, overrides: Partial<StreamGrant> = {}): StreamGrant {
  const now = Date.now();
  return {
    userId: 'user-1',
    edge: 'http://127.0.0.1:9/',
    application: 'live',
    streamApp: 'live',
    channelName: event.title,
    channelId: event.channelId,
    eventStatus: event.eventStatus,
    bitrateName: 'auto',
    streamId: 'stream-1',
    eventId: event.eventId,
    playlistUrl: `http://127.0.0.1:9/live/live/${event.channelId}/master.m3u8?token=t1`,
    playback: { token: 't1', expiresAt: iso(now + 60_000), renewAt: iso(now + 30_000) },
    heartbeatSeconds: null,
    trialSecondsLeft: null,
    trialTodaySecondsLeft: null,
    ...overrides,
  };
}

export interface FakeApi {
  event: CatalogEvent | null;
  timeline: TimelineEntry[];
  videoQuality: string;
  /** When set, `GET account` is answered only once it settles (a slow account read). */
  accountHeld?: Promise<unknown>;
  /** When set, `GET events/{id}` is answered only once it settles (a slow event read). */
  eventHeld?: Promise<unknown>;
  /** The answer to POST streams: a status and body. */
  stream: (request: RecordedRequest) => { status: number; body: unknown };
}

/** The API routes the player calls, answered from `api` (changed by tests as they go). */
export function playerApi(api: FakeApi): TestHandler {
  return (request, response) => {
    const url = new URL(request.url, 'http://localhost');
    const path = url.pathname;
    const error = (status: number, code: string, message: string) =>
      sendJson(response, status, { code, userId: null, message, timeStamp: iso(Date.now()) });
    if (request.method === 'GET' && path.endsWith('/timeline')) {
      if (!api.event) return error(404, 'EVENT_NOT_FOUND', 'There is no such event.');
      const after = Number(url.searchParams.get('after') ?? -1);
      return sendJson(response, 200, {
        eventId: api.event.eventId,
        entries: api.timeline.filter((e) => e.seq > after),
      });
    }
    if (request.method === 'GET' && path.startsWith('/api/v1/events/')) {
      const answer = () =>
        api.event
          ? sendJson(response, 200, api.event)
          : error(404, 'EVENT_NOT_FOUND', 'There is no such event.');
      if (api.eventHeld) void api.eventHeld.then(answer);
      else answer();
      return;
    }
    if (request.method === 'GET' && path === '/api/v1/account') {
      const answer = () =>
        sendJson(response, 200, {
          userProfile: { videoQuality: api.videoQuality },
          userPlans: [],
          payments: [],
          channels: [],
          statics: {},
          loginId: 'viewer@example.com',
          errorText: null,
        });
      if (api.accountHeld) void api.accountHeld.then(answer);
      else answer();
      return;
    }
    if (request.method === 'POST' && path === '/api/v1/streams') {
      const { status, body } = api.stream(request);
      return sendJson(response, status, body);
    }
    if (request.method === 'DELETE' && path.startsWith('/api/v1/devices/')) {
      response.writeHead(204);
      response.end();
      return;
    }
    if (request.method === 'DELETE' && path.startsWith('/api/v1/streams/')) {
      response.writeHead(204);
      response.end();
      return;
    }
    return error(404, 'NOT_FOUND', `No route ${request.method} ${path}`);
  };
}

import crypto from 'node:crypto';
import { sendJson } from '@crease/test-utils';
import type { TestHandler } from '@crease/test-utils';
import type { CatalogEvent, League, MatchState, Team, TimelineEntry } from '@crease/contract';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

export const MUMBAI: Team = {
  name: 'Mumbai Monsoons',
  shortName: 'MUM',
  colours: { primary: '#1d4ed8', secondary: '#facc15' },
};
export const CHENNAI: Team = {
  name: 'Chennai Cyclones',
  shortName: 'CHE',
  colours: { primary: '#facc15', secondary: '#1e3a8a' },
};
export const LONDON: Team = {
  name: 'London Lions',
  shortName: 'LON',
  colours: { primary: '#dc2626', secondary: '#ffffff' },
};
export const LEEDS: Team = {
  name: 'Leeds Larks',
  shortName: 'LEE',
  colours: { primary: '#16a34a', secondary: '#f8fafc' },
};

const scheduled: MatchState = {
  status: 'scheduled',
  playState: null,
  toss: null,
  innings: [],
  scoreSummary: '',
  result: null,
  eventStatus: 'not_started',
};

/** An event in the contract's shape; `state` overrides the match state. */
export function catalogEvent(
  eventId: string,
  leagueId: string,
  teams: [Team, Team],
  startMs: number,
  state: Partial<MatchState> = {},
): CatalogEvent {
  return {
    eventId,
    leagueId,
    title: `${teams[0].name} v ${teams[1].name}`,
    teams,
    venue: { name: 'Harbour Oval', city: 'Mumbai', country: 'India' },
    format: 't20',
    startTime: iso(startMs),
    estimatedEnd: iso(startMs + 4 * HOUR),
    channelId: `channel-${eventId}`,
    updatedAt: iso(startMs),
    ...scheduled,
    ...state,
  };
}

export function league(leagueId: string, caption: string, events: CatalogEvent[]): League {
  return {
    leagueId,
    caption,
    description: `${caption}: the best of the season, every ball live.`,
    logoFilename: `${leagueId}.abc123.svg`,
    logoAltText: `${caption} logo`,
    application: 'live',
    status: 'in_progress',
    active: true,
    events,
  };
}

/**
 * Two leagues around `now`: a live match in the premier league (MUM batting, in play), one
 * starting in 2 h 30 min and one next week; a finished match in each league; and an empty
 * third league.
 */
export function demoLeagues(now: number): League[] {
  return [
    league('premier-league', 'Premier League', [
      catalogEvent('mum-che', 'premier-league', [MUMBAI, CHENNAI], now - HOUR, {
        status: 'live',
        playState: 'in_play',
        toss: { winner: 'CHE', decision: 'bowl' },
        innings: [{ team: 'MUM', runs: 142, wickets: 3, overs: '15.2', declared: false }],
        scoreSummary: 'MUM 142/3 (15.2)',
        eventStatus: 'live',
      }),
      catalogEvent('che-mum', 'premier-league', [CHENNAI, MUMBAI], now + 2.5 * HOUR),
      catalogEvent('mum-che-2', 'premier-league', [MUMBAI, CHENNAI], now + 7 * 24 * HOUR),
      catalogEvent('che-mum-old', 'premier-league', [CHENNAI, MUMBAI], now - 48 * HOUR, {
        status: 'completed',
        innings: [
          { team: 'CHE', runs: 171, wickets: 6, overs: '20', declared: false },
          { team: 'MUM', runs: 172, wickets: 5, overs: '19.1', declared: false },
        ],
        scoreSummary: 'CHE 171/6 (20) · MUM 172/5 (19.1)',
        result: 'Mumbai Monsoons won by 5 wickets',
        eventStatus: 'ended',
      }),
    ]),
    league('county-cup', 'County Cup', [
      catalogEvent('lon-lee', 'county-cup', [LONDON, LEEDS], now - 30 * HOUR, {
        status: 'abandoned',
        result: 'No result',
        eventStatus: 'ended',
      }),
    ]),
    league('winter-bash', 'Winter Bash', []),
  ];
}

/**
 * The catalog API's GET leagues as the contract describes it: the list, a strong ETag of the
 * body, Cache-Control, and 304 for a matching If-None-Match. `leagues()` is read per request,
 * so a test changes the catalog by changing what it returns.
 */
export function catalogApi(
  leagues: () => League[],
  timelines: () => Record<string, TimelineEntry[]> = () => ({}),
): TestHandler {
  return (request, response) => {
    const path = new URL(request.url, 'http://x').pathname;
    const timeline = /^\/api\/v1\/events\/([a-z0-9-]+)\/timeline$/.exec(path);
    const entries = timeline ? timelines()[timeline[1]!] : undefined;
    if (timeline && entries) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ eventId: timeline[1], entries }));
      return;
    }
    if (path !== '/api/v1/leagues') {
      return sendJson(response, 404, {
        code: 'NOT_FOUND',
        userId: null,
        message: 'No such path.',
        timeStamp: new Date().toISOString(),
      });
    }
    const body = JSON.stringify({ items: leagues() });
    const etag = `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 16)}"`;
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, { etag });
      response.end();
      return;
    }
    response.writeHead(200, {
      'content-type': 'application/json',
      etag,
      'cache-control': 'public, max-age=5, stale-while-revalidate=4',
    });
    response.end(body);
  };
}

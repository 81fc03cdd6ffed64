import http from 'node:http';
import { CATALOG_PATHS, operatorEventStatePath } from '@crease/contract';
import type { EventCreate, LeagueCreate, MatchStateChange, Team } from '@crease/contract';
import { E2E_OPERATOR_TOKEN, E2E_PORT } from '../playwright.config';

/**
 * The catalog operator API as the content team's tools call it: bearer token, JSON, on the API
 * host of the e2e site. Node does not resolve `api.localhost`, so requests go to the loopback
 * address with the API host in the Host header (the edge routes by Host, as in production).
 */
export async function operatorCall<T>(
  method: 'POST' | 'PATCH',
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const payload = JSON.stringify(body);
  return new Promise<T>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: E2E_PORT,
        method,
        path: `/${path}`,
        headers: {
          host: `api.localhost:${E2E_PORT}`,
          authorization: `Bearer ${E2E_OPERATOR_TOKEN}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if ((response.statusCode ?? 0) >= 300)
            reject(new Error(`${method} ${path}: ${response.statusCode} ${text}`));
          else resolve(JSON.parse(text) as T);
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

export const createLeague = (league: LeagueCreate) =>
  operatorCall('POST', CATALOG_PATHS.operatorLeagues, league);

export const createEvent = (event: EventCreate) =>
  operatorCall('POST', CATALOG_PATHS.operatorEvents, event);

export const changeMatchState = (eventId: string, change: MatchStateChange) =>
  operatorCall('POST', operatorEventStatePath(eventId), change);

/** The two sides' colours in a test match: blue and white against red and yellow. */
const SIDE_COLOURS: [Team['colours'], Team['colours']] = [
  { primary: '#0044aa', secondary: '#ffffff' },
  { primary: '#aa2200', secondary: '#ffee00' },
];

const HOUR_MS = 3_600_000;

/**
 * A league of the test's own (live, in progress) with one T20 match at the Loopback Oval, so a
 * test can move the match's state without touching the rolling demo others watch. The match
 * runs from `hours[0]` to `hours[1]` hours from now; its teams are [name, shortName] pairs.
 */
export async function createTestMatch(match: {
  league: string;
  title: string;
  teams: [[string, string], [string, string]];
  hours: [number, number];
}): Promise<{ leagueId: string; eventId: string }> {
  const leagueId = `e2e-${match.league.toLowerCase().replace(/\W+/g, '-')}-${Date.now().toString(36)}`;
  const caption = `${match.league} ${leagueId}`;
  await createLeague({
    leagueId,
    caption,
    description: 'A league an e2e test creates for itself.',
    logo: 'crease-premier-league',
    logoAltText: `${match.league} logo`,
    application: 'live',
    status: 'in_progress',
    active: true,
  });
  const eventId = `${leagueId}-match`;
  const now = Date.now();
  await createEvent({
    eventId,
    leagueId,
    title: match.title,
    teams: [0, 1].map((side) => ({
      name: match.teams[side]![0],
      shortName: match.teams[side]![1],
      colours: SIDE_COLOURS[side]!,
    })) as [Team, Team],
    venue: { name: 'Loopback Oval', city: 'Localhost', country: 'Internet' },
    format: 't20',
    startTime: new Date(now + match.hours[0] * HOUR_MS).toISOString(),
    estimatedEnd: new Date(now + match.hours[1] * HOUR_MS).toISOString(),
    channelId: `${leagueId}-channel`,
  });
  return { leagueId, eventId };
}

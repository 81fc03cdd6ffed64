import http from 'node:http';
import { CATALOG_PATHS, operatorEventStatePath } from '@crease/contract';
import type { EventCreate, LeagueCreate, MatchStateChange } from '@crease/contract';
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

/**
 * The shell's HTTP client against a real local server, set up once for its three test files
 * (http-client, -refresh and -xsrf). Importing it starts the file's own test server.
 */
import { HTTPError } from 'ky';
import { memoryStorage, sendJson, testServerForFile } from '@crease/test-utils';
import type { MemoryStorage, RecordedRequest, TestHandler } from '@crease/test-utils';
import { BrowserSession } from '../session/session';
import { TokenStore } from '../session/token-store';
import { createHttpClient } from '../http/http-client';
import { TokenEndpoint } from '../http/token-endpoint';
import { TokenRefresher } from '../http/token-refresher';
import type { CrossTabLock } from '../http/token-refresher';

/** Web Locks do not exist in Node: one process, one "tab", so the lock just runs the task. */
export const inProcessLock: CrossTabLock = (_name, task) => task();

export const TOKEN_PATH = '/oauth2/token';
export const BASIC = `Basic ${Buffer.from('crease-web:public').toString('base64')}`;
export const FRESH_TOKENS = {
  access_token: 'fresh-access',
  refresh_token: 'fresh-refresh',
  expires_in: 3600,
};

export const server = testServerForFile();

export function pathOf(request: RecordedRequest): string {
  return new URL(request.url, 'http://x').pathname;
}

export function requestsTo(path: string): RecordedRequest[] {
  return server.requests.filter((request) => pathOf(request) === path);
}

/** API answers by path: the token endpoint is separate so tests can count refreshes. */
export function serve(
  api: TestHandler,
  token: TestHandler = (_request, response) => sendJson(response, 200, FRESH_TOKENS),
) {
  server.handle((request, response) =>
    pathOf(request) === TOKEN_PATH ? token(request, response) : api(request, response),
  );
}

export function makeClient(initial: Record<string, string> = {}) {
  const storage: MemoryStorage = memoryStorage(initial);
  const store = new TokenStore(storage);
  const onExpired = jest.fn();
  const endpoint = new TokenEndpoint({
    apiOrigin: server.origin,
    clientId: 'crease-web',
    clientSecret: 'public',
  });
  const session = new BrowserSession(store, endpoint, null, onExpired);
  const refresher = new TokenRefresher(session, endpoint, inProcessLock);
  const http = createHttpClient({ apiOrigin: server.origin, session, refresher });
  return { storage, store, onExpired, http };
}

export async function httpErrorOf(promise: Promise<unknown>): Promise<HTTPError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HTTPError) return error;
    throw error;
  }
  throw new Error('expected the request to fail with an HTTPError');
}

export const bearerOf = (request: RecordedRequest | undefined) => request?.headers.authorization;

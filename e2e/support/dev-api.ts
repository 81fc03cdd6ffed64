import http from 'node:http';
import { E2E_PORT } from '../playwright.config';

/**
 * The API's development routes as a test tool calls them from Node: on the loopback address
 * with the API host in the Host header (the edge routes by Host), the XSRF cookie fetched
 * first and echoed, as a browser's client does.
 */
function call(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  cookie?: string,
): Promise<{ status: number; text: string; setCookie: string[] }> {
  const payload = body === undefined ? '' : JSON.stringify(body);
  const xsrf = cookie ? /XSRF-TOKEN=([^;]*)/.exec(cookie)?.[1] : undefined;
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: E2E_PORT,
        method,
        path,
        headers: {
          host: `api.localhost:${E2E_PORT}`,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(cookie ? { cookie } : {}),
          ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            setCookie: response.headers['set-cookie'] ?? [],
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * Moves the site API's clock (CREASE_DEV_CLOCK, decision 276) and answers its new "now";
 * 0 reads it.
 */
export async function moveApiClock(advanceSeconds: number): Promise<Date> {
  const first = await call('GET', '/healthz');
  const cookie = first.setCookie.map((c) => c.split(';')[0]).join('; ');
  const moved = await call('POST', '/api/v1/dev/clock', { advanceSeconds }, cookie);
  if (moved.status !== 200) throw new Error(`dev clock: ${moved.status} ${moved.text}`);
  return new Date((JSON.parse(moved.text) as { now: string }).now);
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** The mail the API kept in its development outbox for one address, newest first. */
export async function outboxFor(to: string): Promise<OutboxMail[]> {
  const res = await call('GET', `/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  if (res.status !== 200) throw new Error(`outbox: ${res.status} ${res.text}`);
  return JSON.parse(res.text) as OutboxMail[];
}

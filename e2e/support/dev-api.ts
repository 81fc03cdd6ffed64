/**
 * The API's development routes (never registered in production): the mail outbox and the clock.
 * Each call is a fresh HTTP client with its own XSRF cookie, like a second browser tab.
 */
import { request } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';

/** The API's host as the browser names it (Chromium resolves *.localhost; Node does not). */
const API_HOST = `api.localhost:${E2E_PORT}`;
const SITE_ORIGIN = `http://localhost:${E2E_PORT}`;

/** A fresh client of the API: loopback, addressed to the API's host name. */
function apiContext() {
  return request.newContext({
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    extraHTTPHeaders: { host: API_HOST, origin: SITE_ORIGIN },
  });
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  sentAt: string;
}

/** The mail the API "sent" to one address, newest first. */
export async function devOutbox(to: string): Promise<OutboxMail[]> {
  const api = await apiContext();
  try {
    const response = await api.get(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
    if (!response.ok())
      throw new Error(`dev outbox: ${response.status()} ${await response.text()}`);
    return (await response.json()) as OutboxMail[];
  } finally {
    await api.dispose();
  }
}

/** The API's own "now" (it runs ahead of this machine's once a spec has moved it). */
export async function apiNow(): Promise<number> {
  const api = await apiContext();
  try {
    const response = await api.get('/api/v1/dev/clock');
    if (!response.ok()) throw new Error(`dev clock: ${response.status()} ${await response.text()}`);
    return Date.parse(((await response.json()) as { now: string }).now);
  } finally {
    await api.dispose();
  }
}

/** Moves the API's clock forward (renewals, reminders, expiries); returns the API's new "now". */
export async function advanceApiClock(seconds: number): Promise<Date> {
  const api = await apiContext();
  try {
    await api.get('/healthz');
    const { cookies } = await api.storageState();
    const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    const response = await api.post('/api/v1/dev/clock', {
      data: { advanceSeconds: Math.round(seconds) },
      headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
    });
    if (!response.ok()) throw new Error(`dev clock: ${response.status()} ${await response.text()}`);
    return new Date(((await response.json()) as { now: string }).now);
  } finally {
    await api.dispose();
  }
}

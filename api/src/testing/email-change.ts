/**
 * Email-change steps for API tests (decision 423): ask with the password, open the mailed link,
 * and wait for the ask's background work, which counts the address whether taken or free.
 */
import { createHash } from 'node:crypto';
import { PASSWORD } from './billing-helpers';
import type { Viewer } from './billing-helpers';
import type { ApiClient, ApiHost } from './test-api';

const ASK = '/api/v1/auth/email-change';
const CONFIRM = '/api/v1/auth/email-change/confirm';
export const EMAIL_CHANGE_LINK_PART = '/verify-email?change=1&';

export const askChange = (viewer: Viewer, newEmail: string, password = PASSWORD) =>
  viewer.client.postJson(ASK, { newEmail, password }, { bearer: viewer.bearer });

export const confirmLink = (client: ApiClient, link: URL) =>
  client.postJson(CONFIRM, {
    email: link.searchParams.get('email'),
    token: link.searchParams.get('token'),
  });

/** Waits until the ask's background work counted the address (taken or free, decision 423). */
export async function addressCounted(host: ApiHost, email: string, expected: number) {
  const key = `email-change:address:${createHash('sha256').update(email).digest('base64url')}`;
  const counted = async () => {
    const [row] = await host.query<{ count: number }>(
      'SELECT count FROM rate_counters WHERE key = $1',
      [key],
    );
    return Number(row?.count ?? 0);
  };
  for (let i = 0; i < 400 && (await counted()) < expected; i++)
    await new Promise((resolve) => setTimeout(resolve, 25));
  const count = await counted();
  if (count !== expected) throw new Error(`${email} counted ${count} times, not ${expected}`);
}

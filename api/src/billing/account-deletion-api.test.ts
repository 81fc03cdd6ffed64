/** @jest-environment node */
/**
 * Account deletion over real HTTP on PGlite and PostgreSQL (decision 302): it needs the
 * password; it ends every session (access and refresh tokens), device and stream; it records
 * `account.deleted` with the email before anonymising; the ledger stays, anonymised; nothing
 * renews afterwards; signing in answers as for an unknown email; the email can register again.
 */
import type { BillingHistoryPage } from '@crease/contract';
import {
  PASSWORD,
  buyPlan,
  countRows,
  expectErrorShape,
  newViewer,
  registerDevice,
} from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { describeEachDatabase } from '../testing/test-api';
import { billingApiForSuite } from '../testing/billing-suite';

const DAY = 24 * 60 * 60;

describeEachDatabase('Account deletion', (host) => {
  const suite = billingApiForSuite(host);

  const deleteAccount = (viewer: Viewer, password: string) =>
    viewer.client.postJson('/api/v1/account/deletion', { password }, { bearer: viewer.bearer });

  async function signedInTwice(prefix: string) {
    const viewer = await newViewer(suite.api, prefix);
    const second = await viewer.client.signIn(viewer.email, PASSWORD);
    expect(second.status).toBe(200);
    return { viewer, refresh: second.body.refresh_token };
  }

  it('refuses a wrong password and changes nothing', async () => {
    const { viewer } = await signedInTwice('delete-wrong');
    const res = await deleteAccount(viewer, 'not my password');
    expect(res.status).toBe(400);
    expectErrorShape(res.body, 'INVALID_OLD_PASSWORD');
    expect((await viewer.client.get('/api/v1/me', { bearer: viewer.bearer })).status).toBe(200);
    const empty = await deleteAccount(viewer, '');
    expect(empty.status).toBe(400);
    expectErrorShape(empty.body, 'VALIDATION_FAILED');
  });

  it('ends every session, device and the plan, keeps the ledger anonymised, and cannot sign in', async () => {
    const { viewer, refresh } = await signedInTwice('delete-me');
    await registerDevice(viewer, 'vid-delete-me-1');
    await buyPlan(viewer, 'monthly');
    const before = await viewer.client.get<BillingHistoryPage>('/api/v1/billing/history', {
      bearer: viewer.bearer,
    });
    expect(before.body.total).toBe(1);

    const res = await deleteAccount(viewer, PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ deleted: true, deletedAt: expect.any(String) });

    // Every session: this access token, and the other sign-in's refresh token.
    expect((await viewer.client.get('/api/v1/me', { bearer: viewer.bearer })).status).toBe(401);
    const refreshed = await viewer.client.refresh(refresh);
    expect(refreshed.status).toBe(400);
    expect(refreshed.body).toMatchObject({ error: 'invalid_grant' });

    // Signing in answers as for an unknown email (issue 31 §14, decision 408): nobody learns
    // which addresses had accounts; the owner is told by mail instead (accounts' tests).
    const signIn = await suite.api.client().signIn(viewer.email, PASSWORD);
    expect(signIn.status).toBe(400);
    expectErrorShape(signIn.body, 'INVALID_CREDENTIALS');

    // The farewell mail's event, with the email as it was.
    const [event] = await host().query<{ payload: unknown }>(
      "SELECT payload FROM billing_events WHERE user_id = $1 AND type = 'account.deleted'",
      [viewer.userId],
    );
    expect(event?.payload).toEqual({ email: viewer.email, displayName: null });

    // Anonymised, not gone: the ledger still points at the row.
    const [user] = await host().query<{ email: string; active: boolean; status: string }>(
      'SELECT email, active, status FROM users WHERE id = $1',
      [viewer.userId],
    );
    expect(user).toEqual({
      email: `deleted-${viewer.userId}@deleted.invalid`,
      active: false,
      status: 'DELETED',
    });
    expect(await countRows(host(), 'payments', viewer.userId)).toBe(1);
    expect(await countRows(host(), 'devices', viewer.userId)).toBe(0);
    const [live] = await host().query<{ n: number | string }>(
      'SELECT count(*) AS n FROM refresh_families WHERE user_id = $1 AND revoked_at IS NULL',
      [viewer.userId],
    );
    expect(Number(live?.n)).toBe(0);
    const [subscription] = await host().query<{
      state: string;
      renewing: boolean;
      ended_reason: string;
      payment_method: string | null;
    }>(
      'SELECT state, renewing, ended_reason, payment_method FROM subscriptions WHERE user_id = $1',
      [viewer.userId],
    );
    expect(subscription).toEqual({
      state: 'EXPIRED',
      renewing: false,
      ended_reason: 'ACCOUNT_DELETED',
      payment_method: null,
    });

    // Nothing is charged at what would have been the renewal.
    await suite.api.advanceClock(31 * DAY);
    await suite.api.runRenewals();
    expect(await countRows(host(), 'payments', viewer.userId)).toBe(1);
  });

  it('the email is free to register again, as a new account with nothing of the old one', async () => {
    const { viewer } = await signedInTwice('delete-again');
    await buyPlan(viewer, 'match-pass');
    expect((await deleteAccount(viewer, PASSWORD)).status).toBe(200);
    const client = suite.api.client();
    const registered = await client.register(viewer.email, 'another good passphrase');
    expect(registered.status).toBe(201);
    expect(registered.body.userId).not.toBe(viewer.userId);
    const signIn = await client.signIn(viewer.email, 'another good passphrase');
    expect(signIn.status).toBe(200);
    const history = await client.get<BillingHistoryPage>('/api/v1/billing/history', {
      bearer: signIn.body.access_token,
    });
    expect(history.body.total).toBe(0);
    // The old password is no key to anything.
    const old = await suite.api.client().signIn(viewer.email, PASSWORD);
    expectErrorShape(old.body, 'INVALID_CREDENTIALS');
  });

  it('an email that never had an account still gets the one answer for a wrong sign-in', async () => {
    const res = await suite.api.client().signIn(`nobody-${Date.now()}@example.com`, PASSWORD);
    expect(res.status).toBe(400);
    expectErrorShape(res.body, 'INVALID_CREDENTIALS');
  });
});

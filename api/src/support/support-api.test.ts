/** @jest-environment node */
/**
 * Support's desk over real HTTP (issue 33 §4, decision 402), on PGlite and PostgreSQL: the role
 * matrix of every support call (each role, no session, no second factor); what the desk shows of
 * a viewer and what it never shows; a refund through the sandbox provider with a reason, in the
 * audit and the viewer's history and mail; signing out a device and every device; the receipt
 * mailed again. On PostgreSQL: two agents refunding one payment at once refund it once.
 */
import { randomUUID } from 'node:crypto';
import type { BillingHistoryPage, SupportViewer } from '@crease/contract';
import { SANDBOX_TEST_CARDS } from '@crease/contract';
import {
  buyPlan,
  countRows,
  eventually,
  newViewer,
  registerDevice,
  signInAgain,
} from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { billingApiForSuite } from '../testing/billing-suite';
import { describeOnPostgres } from '../testing/postgres-suite';
import { makeStaff, seedAdmin, signInStaff, staffBearer } from '../testing/staff-helpers';
import type { StaffLogin } from '../testing/staff-helpers';
import { describeEachDatabase } from '../testing/test-api';
import type { ApiClient, ApiHost, CallOptions, RunningApi } from '../testing/test-api';

const REASON = 'Viewer could not watch the final (ticket 4711)';

function supportCalls(client: ApiClient) {
  const post = (path: string, body: unknown, o: CallOptions) => client.postJson(path, body, o);
  return {
    find: (email: string, o: CallOptions) =>
      client.get<SupportViewer>(
        `/api/v1/staff/support/viewers?email=${encodeURIComponent(email)}`,
        o,
      ),
    refund: (
      paymentId: string,
      body: Record<string, unknown>,
      o: CallOptions,
      key = randomUUID(),
    ) =>
      post(`/api/v1/staff/support/payments/${paymentId}/refunds`, body, {
        ...o,
        headers: { ...o.headers, 'idempotency-key': key },
      }),
    resend: (paymentId: string, o: CallOptions) =>
      post(`/api/v1/staff/support/payments/${paymentId}/receipt`, { reason: REASON }, o),
    signOutDevice: (userId: string, vidictId: string, o: CallOptions) =>
      post(
        `/api/v1/staff/support/viewers/${userId}/devices/${vidictId}/sign-out`,
        { reason: REASON },
        o,
      ),
    signOutAll: (userId: string, o: CallOptions) =>
      post(`/api/v1/staff/support/viewers/${userId}/sign-out`, { reason: REASON }, o),
  };
}

async function paidViewer(host: ApiHost, api: RunningApi, prefix: string) {
  const viewer = await newViewer(api, prefix);
  await buyPlan(viewer, 'monthly');
  const history = await viewer.client.get<BillingHistoryPage>('/api/v1/billing/history', {
    bearer: viewer.bearer,
  });
  const paymentId = history.body.entries[0]?.paymentId ?? '';
  // The receipt's invoice is issued with the payment; wait for it like the mail job would.
  await eventually(async () => (await countRows(host, 'payments', viewer.userId)) === 1);
  return { viewer, paymentId };
}

const historyOf = async (viewer: Viewer) =>
  (
    await viewer.client.get<BillingHistoryPage>('/api/v1/billing/history', {
      bearer: viewer.bearer,
    })
  ).body;

describeEachDatabase("support's desk", (host) => {
  const suite = billingApiForSuite(host);
  let client: ApiClient;
  let admin: StaffLogin;
  const staff: Partial<Record<'support' | 'producer' | 'scorer', StaffLogin>> = {};

  beforeAll(async () => {
    client = suite.api.client();
    admin = await seedAdmin(host(), client);
    for (const role of ['support', 'producer', 'scorer'] as const)
      staff[role] = await makeStaff(client, admin, role);
  }, 60_000);

  it('lets support and admin make every call; producer and scorer get 403, no session 401', async () => {
    const calls = supportCalls(client);
    const { viewer, paymentId } = await paidViewer(host(), suite.api, 'desk-roles');
    const run = {
      find: (o: CallOptions) => calls.find(viewer.email, o),
      refund: (o: CallOptions) => calls.refund(paymentId, { reason: REASON, amount: 0.5 }, o),
      resend: (o: CallOptions) => calls.resend(paymentId, o),
      signOutDevice: async (o: CallOptions) => {
        // A device of its own per call: a refused call must leave it, an allowed one removes it.
        const vidictId = `device-${randomUUID().slice(0, 8)}`;
        // Registering binds the viewer's session to it; the previous sign-out ended that one.
        await signInAgain(viewer);
        await registerDevice(viewer, vidictId);
        return calls.signOutDevice(viewer.userId, vidictId, o);
      },
      signOutAll: (o: CallOptions) => calls.signOutAll(viewer.userId, o),
    };
    // Without a second factor there is no session at all: the password alone is refused.
    const noFactor = await signInStaff(client, staff.support!.email, {});
    expect(noFactor.status).toBe(400);
    const who: [string, CallOptions, number | 'ok'][] = [
      ['none', { xsrf: false }, 401],
      [
        'password only',
        staffBearer(String((noFactor.body as { token?: string }).token ?? 'no-token')),
        401,
      ],
      ['scorer', staffBearer(staff.scorer!.token), 403],
      ['producer', staffBearer(staff.producer!.token), 403],
      ['support', staffBearer(staff.support!.token), 'ok'],
      ['admin', staffBearer(admin.token), 'ok'],
    ];
    for (const [name, call] of Object.entries(run))
      for (const [role, options, expected] of who) {
        const { status } = await call(options);
        const ok = expected === 'ok' ? status >= 200 && status < 300 : status === expected;
        expect({ call: name, role, status, ok }).toEqual({ call: name, role, status, ok: true });
      }
    // Refused calls changed nothing: exactly the two allowed refunds are in the audit.
    const audited = await host().query<{ action: string }>(
      "SELECT action FROM staff_audit WHERE subject = $1 AND action = 'support.refund'",
      [`payment:${paymentId}`],
    );
    expect(audited).toHaveLength(2);
  });

  it('shows plan, payments, devices and mail, and never a password hash or card number', async () => {
    const { viewer } = await paidViewer(host(), suite.api, 'desk-view');
    await registerDevice(viewer, 'desk-view-device');
    const found = await supportCalls(client).find(
      viewer.email.toUpperCase(),
      staffBearer(staff.support!.token),
    );
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      userId: viewer.userId,
      email: viewer.email,
      subscription: { state: 'ACTIVE', renewing: true },
      payments: [expect.objectContaining({ planName: expect.any(String), refunded: 0 })],
      devices: [expect.objectContaining({ vidictId: 'desk-view-device', playingNow: false })],
      streamsPlaying: 0,
    });
    expect(found.body.devices[0]?.description).toBe('Chrome on Linux');
    const text = JSON.stringify(found.body);
    expect(text).not.toMatch(/argon2|password|4242|last4|Mozilla|provider/i);
    expect(text).not.toContain(SANDBOX_TEST_CARDS.success.slice(-4));
    const missing = await supportCalls(client).find(
      'nobody-here@example.com',
      staffBearer(admin.token),
    );
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'VIEWER_NOT_FOUND' });
  });

  it('refunds through the provider with a reason: audited, in the history, mailed; no reason, no refund', async () => {
    const calls = supportCalls(client);
    const agent = staffBearer(staff.support!.token);
    const { viewer, paymentId } = await paidViewer(host(), suite.api, 'desk-refund');
    const noReason = await calls.refund(paymentId, { amount: 1 }, agent);
    expect(noReason.status).toBe(400);
    const short = await calls.refund(paymentId, { reason: 'x', amount: 1 }, agent);
    expect(short.status).toBe(400);
    expect(await countRows(host(), 'refunds', viewer.userId)).toBe(0);

    const key = randomUUID();
    const asked = await calls.refund(paymentId, { reason: REASON, amount: 2 }, agent, key);
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({
      paymentId,
      amount: 2,
      refundId: expect.stringMatching(/^re_/),
    });
    // A retried click (same key): the same refund, mailed once.
    const again = await calls.refund(paymentId, { reason: REASON, amount: 2 }, agent, key);
    expect(again.body).toMatchObject({ refundId: (asked.body as { refundId: string }).refundId });

    const [entry] = await host().query<{
      actor: string;
      before: unknown;
      after: Record<string, unknown>;
    }>(
      "SELECT actor, before, after FROM staff_audit WHERE subject = $1 AND action = 'support.refund' ORDER BY id LIMIT 1",
      [`payment:${paymentId}`],
    );
    expect(entry).toMatchObject({
      actor: `staff:${staff.support!.id}`,
      before: { amount: 9.99, refunded: 0 },
      after: { reason: REASON, amountAsked: 2, viewer: `user:${viewer.userId}` },
    });
    await eventually(async () => (await countRows(host(), 'refunds', viewer.userId)) === 1);
    expect((await historyOf(viewer)).entries.filter((e) => e.type === 'REFUND')).toEqual([
      expect.objectContaining({ amount: 2, paymentId }),
    ]);
    const mails = await host().query<{ payload: Record<string, unknown> }>(
      "SELECT payload FROM lifecycle_mail WHERE user_id = $1 AND kind = 'refund-issued'",
      [viewer.userId],
    );
    expect(mails).toEqual([{ payload: expect.objectContaining({ amountMinor: 200 }) }]);
    // More than is left is refused in the spec's shape, and nothing moves.
    const over = await calls.refund(paymentId, { reason: REASON, amount: 100 }, agent);
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: 'REFUND_EXCEEDS_PAYMENT' });
  });

  it("refunds part of the demo viewer's seeded payment through the sandbox provider", async () => {
    const agent = staffBearer(staff.support!.token);
    const found = await supportCalls(client).find('demo@crease.test', agent);
    expect(found.status).toBe(200);
    const [payment] = found.body.payments;
    expect(payment).toMatchObject({ refunded: 0 });
    const asked = await supportCalls(client).refund(
      payment!.paymentId,
      { reason: REASON, amount: 5 },
      agent,
    );
    expect(asked.status).toBe(202);
    await eventually(
      async () =>
        (await countRows(host(), 'refunds', found.body.userId)) === 1 &&
        (await supportCalls(client).find('demo@crease.test', agent)).body.payments[0]?.refunded ===
          5,
    );
    // The mail job sends the refund notice; the desk lists it among the mail sent.
    await suite.api.lifecycleMailPass();
    const after = await supportCalls(client).find('demo@crease.test', agent);
    expect(after.body.mail.map((m) => m.subject)).toContain('Your refund of US$5.00 is on its way');
  });

  it('signs out one device, then every device, mailing the viewer each time', async () => {
    const calls = supportCalls(client);
    const agent = staffBearer(staff.support!.token);
    const viewer = await newViewer(suite.api, 'desk-devices');
    for (const id of ['phone-001', 'tv-000001', 'laptop-01']) await registerDevice(viewer, id);
    expect((await calls.signOutDevice(viewer.userId, 'tv-000001', agent)).status).toBe(204);
    const devicesLeft = async () =>
      (
        await host().query<{ vidict_id: string }>(
          'SELECT vidict_id FROM devices WHERE user_id = $1 ORDER BY vidict_id',
          [viewer.userId],
        )
      ).map((r) => r.vidict_id);
    expect(await devicesLeft()).toEqual(['laptop-01', 'phone-001']);
    const unknown = await calls.signOutDevice(viewer.userId, 'tv-000001', agent);
    expect(unknown.status).toBe(404);

    expect((await calls.signOutAll(viewer.userId, agent)).status).toBe(204);
    expect(await devicesLeft()).toEqual([]);
    const live = await host().query(
      'SELECT id FROM refresh_families WHERE user_id = $1 AND revoked_at IS NULL',
      [viewer.userId],
    );
    expect(live).toEqual([]);
    // The viewer's access token no longer works.
    const me = await viewer.client.get('/api/v1/me', { bearer: viewer.bearer });
    expect(me.status).toBe(401);
    const mails = await host().query<{ payload: { scope: string } }>(
      "SELECT payload FROM lifecycle_mail WHERE user_id = $1 AND kind = 'support-signed-out' ORDER BY id",
      [viewer.userId],
    );
    expect(mails.map((m) => m.payload.scope)).toEqual(['one', 'all']);
    const audit = await host().query<{ action: string; after: { reason: string } }>(
      'SELECT action, after FROM staff_audit WHERE subject = $1 ORDER BY id',
      [`user:${viewer.userId}`],
    );
    expect(audit.map((a) => [a.action, a.after.reason])).toEqual([
      ['support.sign-out-device', REASON],
      ['support.sign-out-all', REASON],
    ]);
  });

  it('mails the receipt again, from its original invoice', async () => {
    const { viewer, paymentId } = await paidViewer(host(), suite.api, 'desk-receipt');
    // The mail job turns the payment's invoice.issued event into the first receipt.
    await suite.api.lifecycleMailPass();
    const first = await eventually(
      async () =>
        (
          await host().query<{ payload: unknown }>(
            "SELECT payload FROM lifecycle_mail WHERE user_id = $1 AND kind = 'receipt'",
            [viewer.userId],
          )
        )[0],
    );
    expect((await supportCalls(client).resend(paymentId, staffBearer(admin.token))).status).toBe(
      204,
    );
    const receipts = await host().query<{ payload: unknown }>(
      "SELECT payload FROM lifecycle_mail WHERE user_id = $1 AND kind = 'receipt' ORDER BY id",
      [viewer.userId],
    );
    expect(receipts).toEqual([first, first]);
    const bogus = await supportCalls(client).resend(randomUUID(), staffBearer(admin.token));
    expect(bogus.status).toBe(404);
  });
});

describeOnPostgres('two support agents refunding one payment at once', (host) => {
  const suite = billingApiForSuite(host);
  it('refunds it once: one 202, one REFUND_EXCEEDS_PAYMENT, the ledger holds the price', async () => {
    const client = suite.api.client();
    const admin = await seedAdmin(host(), client);
    const [one, two] = [
      await makeStaff(client, admin, 'support'),
      await makeStaff(client, admin, 'support'),
    ];
    const { viewer, paymentId } = await paidViewer(host(), suite.api, 'desk-race');
    const calls = supportCalls(client);
    const answers = await Promise.all(
      [one!, two!].map((agent) =>
        calls.refund(paymentId, { reason: REASON }, staffBearer(agent.token)),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409]);
    await eventually(async () => (await countRows(host(), 'refunds', viewer.userId)) === 1);
    const [sum] = await host().query<{ cents: number }>(
      'SELECT sum(amount_cents)::int AS cents FROM refunds WHERE payment_id = $1',
      [paymentId],
    );
    const [paid] = await host().query<{ cents: number }>(
      'SELECT amount_cents AS cents FROM payments WHERE id = $1',
      [paymentId],
    );
    expect(sum?.cents).toBe(paid?.cents);
  });
});

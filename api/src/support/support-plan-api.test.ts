/** @jest-environment node */
/**
 * Support's plan and account actions over real HTTP (issue 33 §4, decision 414), on PGlite and
 * PostgreSQL: the role matrix of cancel, extend and delete (each role, no session, no second
 * factor); each through billing's own rule, with a reason, in the audit (before → after), mailed;
 * a second click acts once. On PostgreSQL: two agents cancelling, extending or deleting one
 * viewer at once act once.
 */
import type { SupportViewer } from '@crease/contract';
import { buyPlan, newViewer, signInAgain, subscriptionOf } from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { billingApiForSuite } from '../testing/billing-suite';
import { describeOnPostgres } from '../testing/postgres-suite';
import { makeStaff, seedAdmin, signInStaff, staffBearer } from '../testing/staff-helpers';
import type { StaffLogin } from '../testing/staff-helpers';
import { describeEachDatabase } from '../testing/test-api';
import type { ApiClient, ApiHost, CallOptions, RunningApi } from '../testing/test-api';

const REASON = 'Viewer asked on the phone (ticket 5120)';
const DAY_MS = 24 * 60 * 60 * 1000;
const base = '/api/v1/staff/support/viewers';

function planCalls(client: ApiClient) {
  return {
    cancel: (userId: string, o: CallOptions, body: object = { reason: REASON }) =>
      client.postJson<SupportViewer & { code?: string }>(
        `${base}/${userId}/subscription/cancel`,
        body,
        o,
      ),
    extend: (userId: string, body: Record<string, unknown>, o: CallOptions) =>
      client.postJson<SupportViewer & { code?: string }>(
        `${base}/${userId}/subscription/extend`,
        { reason: REASON, ...body },
        o,
      ),
    remove: (userId: string, o: CallOptions, body: object = { reason: REASON }) =>
      client.postJson<{ deleted?: boolean; code?: string }>(`${base}/${userId}/deletion`, body, o),
  };
}

async function paidViewer(api: RunningApi, prefix: string): Promise<Viewer> {
  const viewer = await newViewer(api, prefix);
  await buyPlan(viewer, 'monthly');
  return viewer;
}

const auditOf = (host: ApiHost, userId: string, action: string) =>
  host.query<{ actor: string; before: unknown; after: Record<string, unknown> }>(
    'SELECT actor, before, after FROM staff_audit WHERE subject = $1 AND action = $2 ORDER BY id',
    [`user:${userId}`, action],
  );

const planMail = (host: ApiHost, userId: string) =>
  host.query<{ payload: Record<string, unknown> }>(
    "SELECT payload FROM lifecycle_mail WHERE user_id = $1 AND kind = 'support-plan-changed' ORDER BY id",
    [userId],
  );

describeEachDatabase("support's plan and account actions", (host) => {
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

  it('lets support and admin cancel, extend and delete; producer and scorer get 403, no session 401', async () => {
    const calls = planCalls(client);
    // Refused calls go to one witness, who must come out untouched.
    const witness = await paidViewer(suite.api, 'plan-witness');
    const seen = (await subscriptionOf(witness)).periodEnd;
    const run: Record<string, (viewer: Viewer, o: CallOptions) => Promise<{ status: number }>> = {
      cancel: (viewer, o) => calls.cancel(viewer.userId, o),
      extend: async (viewer, o) =>
        calls.extend(
          viewer.userId,
          { days: 3, periodEnd: (await subscriptionOf(viewer)).periodEnd },
          o,
        ),
      remove: (viewer, o) => calls.remove(viewer.userId, o),
    };
    const noFactor = await signInStaff(client, staff.support!.email, {});
    expect(noFactor.status).toBe(400);
    const refused: [string, CallOptions, number][] = [
      ['none', { xsrf: false }, 401],
      [
        'password only',
        staffBearer(String((noFactor.body as { token?: string }).token ?? 'x')),
        401,
      ],
      ['scorer', staffBearer(staff.scorer!.token), 403],
      ['producer', staffBearer(staff.producer!.token), 403],
    ];
    const allowed: [string, CallOptions][] = [
      ['support', staffBearer(staff.support!.token)],
      ['admin', staffBearer(admin.token)],
    ];
    for (const [name, call] of Object.entries(run)) {
      for (const [role, options, expected] of refused) {
        const { status } = await call(witness, options);
        expect({ call: name, role, status }).toEqual({ call: name, role, status: expected });
      }
      for (const [role, options] of allowed) {
        // A viewer of its own per allowed call: each acts on a running plan.
        const viewer = await paidViewer(suite.api, `plan-${name}-${role}`);
        const { status } = await call(viewer, options);
        expect({ call: name, role, status }).toEqual({ call: name, role, status: 200 });
      }
    }
    // The witness is as it was: running, renewing, the same period end, still signed in.
    expect(await subscriptionOf(witness)).toMatchObject({
      state: 'ACTIVE',
      renews: true,
      periodEnd: seen,
    });
    const audited = await host().query(
      "SELECT id FROM staff_audit WHERE subject = $1 AND action LIKE 'support.%'",
      [`user:${witness.userId}`],
    );
    expect(audited).toHaveLength(0);
  });

  it('cancels renewal with a reason: the viewer sees it, it is audited and mailed, a second click is 409', async () => {
    const calls = planCalls(client);
    const agent = staffBearer(staff.support!.token);
    const viewer = await paidViewer(suite.api, 'plan-cancel');
    const periodEnd = (await subscriptionOf(viewer)).periodEnd;
    expect((await calls.cancel(viewer.userId, agent, {})).status).toBe(400);
    expect((await calls.cancel(viewer.userId, agent, { reason: 'x' })).status).toBe(400);
    expect((await subscriptionOf(viewer)).state).toBe('ACTIVE');

    const done = await calls.cancel(viewer.userId, agent);
    expect(done.status).toBe(200);
    expect(done.body.subscription).toMatchObject({
      state: 'CANCELLED',
      renewing: false,
      periodEnd,
    });
    // The viewer's own account shows it: access to the period end, nothing renews.
    expect(await subscriptionOf(viewer)).toMatchObject({
      state: 'CANCELLED',
      renews: false,
      entitled: true,
      periodEnd,
    });
    const twice = await calls.cancel(viewer.userId, agent);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('SUBSCRIPTION_ALREADY_CANCELLED');

    const audit = await auditOf(host(), viewer.userId, 'support.cancel-subscription');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: `staff:${staff.support!.id}`,
      before: { state: 'ACTIVE', renewing: true, periodEnd },
      after: { state: 'CANCELLED', renewing: false, periodEnd, reason: REASON },
    });
    const mail = await planMail(host(), viewer.userId);
    expect(mail.map((m) => m.payload)).toEqual([
      expect.objectContaining({ change: 'cancelled', periodEnd, days: null }),
    ]);
  });

  it('extends a running plan by whole days: renewal moves with it; the same click twice is 409; bounds hold', async () => {
    const calls = planCalls(client);
    const agent = staffBearer(staff.support!.token);
    const viewer = await paidViewer(suite.api, 'plan-extend');
    const seen = (await subscriptionOf(viewer)).periodEnd ?? '';
    for (const days of [0, 91, 2.5, -1]) {
      const bad = await calls.extend(viewer.userId, { days, periodEnd: seen }, agent);
      expect({ days, status: bad.status }).toEqual({ days, status: 400 });
    }
    const noReason = await client.postJson(
      `${base}/${viewer.userId}/subscription/extend`,
      { days: 3, periodEnd: seen },
      agent,
    );
    expect(noReason.status).toBe(400);
    expect((await subscriptionOf(viewer)).periodEnd).toBe(seen);

    const done = await calls.extend(viewer.userId, { days: 7, periodEnd: seen }, agent);
    expect(done.status).toBe(200);
    const extended = new Date(Date.parse(seen) + 7 * DAY_MS).toISOString();
    expect(done.body.subscription).toMatchObject({ periodEnd: extended, renewing: true });
    expect(await subscriptionOf(viewer)).toMatchObject({
      state: 'ACTIVE',
      periodEnd: extended,
      nextRenewalAt: extended,
    });
    // The same click again names the old period end: refused, nothing added twice.
    const twice = await calls.extend(viewer.userId, { days: 7, periodEnd: seen }, agent);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('SUBSCRIPTION_CHANGED');
    expect((await subscriptionOf(viewer)).periodEnd).toBe(extended);

    const audit = await auditOf(host(), viewer.userId, 'support.extend-subscription');
    expect(audit).toEqual([
      expect.objectContaining({
        before: { periodEnd: seen },
        after: { periodEnd: extended, days: 7, reason: REASON },
      }),
    ]);
    expect((await planMail(host(), viewer.userId)).map((m) => m.payload)).toEqual([
      expect.objectContaining({ change: 'extended', days: 7, periodEnd: extended }),
    ]);

    // No running plan, nothing to extend.
    const unpaid = await newViewer(suite.api, 'plan-extend-none');
    const none = await calls.extend(
      unpaid.userId,
      { days: 3, periodEnd: new Date(Date.parse(seen)).toISOString() },
      agent,
    );
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('EXTENSION_NOT_POSSIBLE');
  });

  it("deletes the account the viewer asked to delete: the viewer's own deletion, audited; again is 409", async () => {
    const calls = planCalls(client);
    const agent = staffBearer(staff.support!.token);
    const viewer = await paidViewer(suite.api, 'plan-delete');
    expect((await calls.remove(viewer.userId, agent, {})).status).toBe(400);
    expect((await subscriptionOf(viewer)).state).toBe('ACTIVE');

    const done = await calls.remove(viewer.userId, agent);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ deleted: true });
    // The viewer's own deletion rule ran: signed out, the plan ended, the farewell recorded.
    const me = await viewer.client.get('/api/v1/billing/subscription', { bearer: viewer.bearer });
    expect(me.status).toBe(401);
    const [sub] = await host().query<{ state: string; ended_reason: string }>(
      'SELECT state, ended_reason FROM subscriptions WHERE user_id = $1',
      [viewer.userId],
    );
    expect(sub).toEqual({ state: 'EXPIRED', ended_reason: 'ACCOUNT_DELETED' });
    const farewell = await host().query<{ payload: { email: string } }>(
      "SELECT payload FROM billing_events WHERE user_id = $1 AND type = 'account.deleted'",
      [viewer.userId],
    );
    expect(farewell.map((f) => f.payload.email)).toEqual([viewer.email]);

    const twice = await calls.remove(viewer.userId, agent);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('VIEWER_ALREADY_DELETED');
    const audit = await auditOf(host(), viewer.userId, 'support.delete-account');
    expect(audit).toEqual([
      expect.objectContaining({
        before: {
          plan: { state: 'ACTIVE', renewing: true, periodEnd: expect.any(String) },
          devices: 0,
        },
        after: expect.objectContaining({ deleted: true, reason: REASON }),
      }),
    ]);
    await expect(signInAgain(viewer)).rejects.toThrow();
  });
});

describeOnPostgres('two support agents acting on one viewer at once', (host) => {
  const suite = billingApiForSuite(host);
  let client: ApiClient;
  let agents: StaffLogin[];

  beforeAll(async () => {
    client = suite.api.client();
    const admin = await seedAdmin(host(), client);
    agents = [await makeStaff(client, admin, 'support'), await makeStaff(client, admin, 'support')];
  }, 60_000);

  it('extends once: one 200, one SUBSCRIPTION_CHANGED, the days added once', async () => {
    const viewer = await paidViewer(suite.api, 'plan-race-extend');
    const seen = (await subscriptionOf(viewer)).periodEnd ?? '';
    const calls = planCalls(client);
    const answers = await Promise.all(
      agents.map((a) =>
        calls.extend(viewer.userId, { days: 10, periodEnd: seen }, staffBearer(a.token)),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await subscriptionOf(viewer)).periodEnd).toBe(
      new Date(Date.parse(seen) + 10 * DAY_MS).toISOString(),
    );
    expect(await auditOf(host(), viewer.userId, 'support.extend-subscription')).toHaveLength(1);
    expect(await planMail(host(), viewer.userId)).toHaveLength(1);
  });

  it('cancels once and deletes once: one 200 and one 409 each', async () => {
    const calls = planCalls(client);
    const viewer = await paidViewer(suite.api, 'plan-race-cancel');
    const cancels = await Promise.all(
      agents.map((a) => calls.cancel(viewer.userId, staffBearer(a.token))),
    );
    expect(cancels.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await auditOf(host(), viewer.userId, 'support.cancel-subscription')).toHaveLength(1);
    expect(await planMail(host(), viewer.userId)).toHaveLength(1);

    const deletes = await Promise.all(
      agents.map((a) => calls.remove(viewer.userId, staffBearer(a.token))),
    );
    expect(deletes.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await auditOf(host(), viewer.userId, 'support.delete-account')).toHaveLength(1);
    const farewell = await host().query(
      "SELECT id FROM billing_events WHERE user_id = $1 AND type = 'account.deleted'",
      [viewer.userId],
    );
    expect(farewell).toHaveLength(1);
  });
});

/** @jest-environment node */
/**
 * Issue 33's "Role tests on the API" in one table (decision 468), over real HTTP on PGlite and
 * PostgreSQL: every staff call with each role (admin, producer, scorer, support), with no
 * session, with only a password (no second factor) and with a signed-out session. The routes are
 * read from the running API's own OpenAPI document (every route but /healthz and /readyz is in
 * it), not listed by hand: a staff or operator route registered without a row in ROLE_RULES
 * fails here, so no route ships without its role rule.
 */
import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@crease/contract';
import { STAFF_ROLES } from '@crease/contract';
import { makeStaff, seedAdmin, signInStaff, staffBearer } from '../testing/staff-helpers';
import type { StaffLogin } from '../testing/staff-helpers';
import { apiForSuite, describeEachDatabase, uniqueEmail } from '../testing/test-api';
import type { CallOptions } from '../testing/test-api';

/** Who may make a call: staff roles, or nobody on staff (an operator token's call). */
interface Rule {
  roles: readonly StaffRole[];
  query?: string;
  headers?: () => Record<string, string>;
  body?: () => unknown;
}

const SUPPORT = ['support', 'admin'] as const;
const PRODUCER = ['producer', 'admin'] as const;
const SCORER = ['scorer', 'admin'] as const;
const reason = () => ({ reason: 'Role test (ticket 0)' });
const league = () => ({
  leagueId: `roles-${randomUUID().slice(0, 8)}`,
  caption: 'Roles League',
  description: 'Made by the role test.',
  logo: 'crease-premier-league',
  logoAltText: 'Roles League logo',
  application: 'live',
  status: 'in_progress',
  active: true,
});

/**
 * Every staff call and the roles that may make it, keyed as the OpenAPI document names it. A
 * body is one the route's schema accepts, so a refused role meets the role check, not the
 * schema; the ids in the paths exist nowhere (an allowed role gets past the check to a 404).
 */
const ROLE_RULES: Record<string, Rule> = {
  'GET /api/v1/staff/me': { roles: STAFF_ROLES },
  'DELETE /api/v1/staff/sessions/current': { roles: STAFF_ROLES },
  'GET /api/v1/staff/members': { roles: ['admin'] },
  'POST /api/v1/staff/members': {
    roles: ['admin'],
    body: () => ({ email: uniqueEmail('made'), password: 'staff-password-0123', role: 'scorer' }),
  },
  'POST /api/v1/staff/members/{staffId}/disable': { roles: ['admin'], body: () => ({}) },
  'GET /api/v1/staff/audit': { roles: ['admin'] },
  'GET /api/v1/staff/schedule': { roles: PRODUCER },
  'GET /api/v1/staff/channels/{channelId}/health': { roles: PRODUCER },
  'PUT /api/v1/staff/channels/{channelId}/slate': { roles: PRODUCER, body: () => ({ on: false }) },
  'POST /api/v1/staff/matches/{eventId}/go-live': { roles: PRODUCER, body: () => ({}) },
  'POST /api/v1/staff/matches/{eventId}/end': { roles: PRODUCER, body: () => ({}) },
  'GET /api/v1/staff/scoring/matches': { roles: SCORER },
  'GET /api/v1/staff/scoring/matches/{eventId}/actions': { roles: SCORER },
  'POST /api/v1/staff/scoring/matches/{eventId}/actions': {
    roles: SCORER,
    body: () => ({ ballId: randomUUID(), expectedSeq: 0, action: { kind: 'inningsEnd' } }),
  },
  'GET /api/v1/staff/support/viewers': { roles: SUPPORT, query: '?email=nobody%40example.com' },
  'POST /api/v1/staff/support/payments/{paymentId}/refunds': {
    roles: SUPPORT,
    headers: () => ({ 'idempotency-key': randomUUID() }),
    body: reason,
  },
  'POST /api/v1/staff/support/payments/{paymentId}/receipt': { roles: SUPPORT, body: reason },
  'POST /api/v1/staff/support/viewers/{userId}/deletion': { roles: SUPPORT, body: reason },
  'POST /api/v1/staff/support/viewers/{userId}/sign-out': { roles: SUPPORT, body: reason },
  'POST /api/v1/staff/support/viewers/{userId}/devices/{vidictId}/sign-out': {
    roles: SUPPORT,
    body: reason,
  },
  'POST /api/v1/staff/support/viewers/{userId}/subscription/cancel': {
    roles: SUPPORT,
    body: reason,
  },
  'POST /api/v1/staff/support/viewers/{userId}/subscription/extend': {
    roles: SUPPORT,
    body: () => ({ ...reason(), days: 1, periodEnd: '2030-01-01T00:00:00.000Z' }),
  },
  // The admin's business desk (decision 460): admin only. A coupon made here is unique and used
  // by nothing; the prices and coupons changed are ones that exist nowhere (404).
  'GET /api/v1/staff/business/plans': { roles: ['admin'] },
  'PUT /api/v1/staff/business/plans/{planId}/prices/{currency}': {
    roles: ['admin'],
    body: () => ({ ...reason(), minor: 100 }),
  },
  'PUT /api/v1/staff/business/plans/{planId}/sale': {
    roles: ['admin'],
    body: () => ({ ...reason(), onSale: true }),
  },
  'GET /api/v1/staff/business/coupons': { roles: ['admin'] },
  'POST /api/v1/staff/business/coupons': {
    roles: ['admin'],
    body: () => ({
      ...reason(),
      code: `ROLES-${randomUUID().slice(0, 8)}`,
      percentage: 10,
      planIds: ['monthly'],
      redemptionLimit: null,
      perAccountLimit: null,
      validUntil: null,
    }),
  },
  'PATCH /api/v1/staff/business/coupons/{code}': {
    roles: ['admin'],
    body: () => ({ ...reason(), redemptionLimit: 5 }),
  },
  'POST /api/v1/staff/business/coupons/{code}/end': { roles: ['admin'], body: reason },
  'GET /api/v1/staff/business/coupons/{code}/redemptions': { roles: ['admin'] },
  'GET /api/v1/staff/business/figures': { roles: ['admin'] },
  // The operator routes a producer's session may use beside the operator token (decision 447).
  'GET /api/v1/operator/logos': { roles: PRODUCER },
  'GET /api/v1/operator/audit': { roles: PRODUCER },
  'POST /api/v1/operator/leagues': { roles: PRODUCER, body: league },
  'PATCH /api/v1/operator/leagues/{leagueId}': { roles: PRODUCER, body: () => ({ active: true }) },
  'POST /api/v1/operator/events': {
    roles: PRODUCER,
    body: () => ({
      eventId: `roles-${randomUUID().slice(0, 8)}`,
      leagueId: 'no-such-league',
      title: 'Owls v Foxes',
      teams: ['Northern Owls', 'Southern Foxes'].map((name, i) => ({
        name,
        shortName: ['NOW', 'SOF'][i],
        colours: { primary: '#0044aa', secondary: '#ffffff' },
      })),
      venue: { name: 'Loopback Oval', city: 'Localhost', country: 'Internet' },
      format: 't20',
      startTime: '2030-06-01T14:00:00.000Z',
      estimatedEnd: '2030-06-01T18:00:00.000Z',
      channelId: 'ch-roles',
    }),
  },
  'PATCH /api/v1/operator/events/{eventId}': {
    roles: PRODUCER,
    body: () => ({ title: 'Renamed' }),
  },
  'POST /api/v1/operator/events/{eventId}/state': {
    roles: PRODUCER,
    body: () => ({ status: 'live' }),
  },
  'GET /api/v1/operator/channels/{channelId}/ingest-keys': { roles: PRODUCER },
  'POST /api/v1/operator/channels/{channelId}/ingest-keys': { roles: PRODUCER, body: () => ({}) },
  'DELETE /api/v1/operator/channels/{channelId}/ingest-keys/{keyId}': { roles: PRODUCER },
  // Support refunds through its own desk (reason, audit): the operator refund takes no session.
  'POST /api/v1/billing/operator/payments/{paymentId}/refunds': { roles: [] },
};

/** The calls under test: every route of the staff API and of the operator APIs. */
const isStaffCall = (method: string, path: string) =>
  (path.includes('/staff/') || path.includes('/operator/')) &&
  // Signing in is where a session comes from: it takes none.
  `${method} ${path}` !== 'POST /api/v1/staff/sessions';

/** Ids that exist nowhere, so an allowed call passes the role check and changes nothing. */
const fillPath = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'currency'
      ? 'GBP' // a currency the schema knows; the plan is the one that exists nowhere
      : /Id$/.test(name) && !['eventId', 'leagueId', 'channelId', 'vidictId'].includes(name)
        ? randomUUID()
        : `roles-no-such-${name.toLowerCase()}`,
  );

describeEachDatabase('every staff call by role', (host) => {
  const suite = apiForSuite(host);
  let admin: StaffLogin;
  const staff: Partial<Record<StaffRole, StaffLogin>> = {};

  beforeAll(async () => {
    const client = suite.api.client();
    admin = await seedAdmin(host(), client);
    staff.admin = admin;
    for (const role of ['producer', 'scorer', 'support'] as const)
      staff[role] = await makeStaff(client, admin, role);
  });

  /** The routes the API serves, as its OpenAPI document lists them. */
  async function servedStaffCalls(): Promise<string[]> {
    const doc = await suite.client.get<{ paths: Record<string, Record<string, unknown>> }>(
      '/docs/json',
    );
    expect(doc.status).toBe(200);
    return Object.entries(doc.body.paths)
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => [method.toUpperCase(), path] as const),
      )
      .filter(([method, path]) => isStaffCall(method, path))
      .map(([method, path]) => `${method} ${path}`)
      .sort();
  }

  async function call(key: string, options: CallOptions) {
    const [method, path] = key.split(' ') as [string, string];
    const rule = ROLE_RULES[key];
    const body = rule?.body?.();
    return suite.client.request(
      method,
      `${fillPath(path)}${rule?.query ?? ''}`,
      body === undefined ? undefined : JSON.stringify(body),
      body === undefined ? undefined : 'application/json',
      { ...options, headers: rule?.headers?.(), xsrf: false },
    );
  }

  it('has a role rule for every staff and operator route the API serves', async () => {
    expect(await servedStaffCalls()).toEqual(Object.keys(ROLE_RULES).sort());
  });

  it('lets each role make exactly its calls: the others 403, no session 401', async () => {
    const seen: string[] = [];
    const wanted: string[] = [];
    for (const key of await servedStaffCalls()) {
      const rule = ROLE_RULES[key];
      if (!rule) continue; // the test above names it
      for (const role of STAFF_ROLES) {
        // Signing out ends the session it is called with: a session of its own for that call.
        const login =
          key === 'DELETE /api/v1/staff/sessions/current'
            ? await signInStaff(suite.client, staff[role]!.email, {
                recoveryCode: staff[role]!.codes.shift()!,
              }).then((s) => s.body)
            : staff[role]!;
        const { status } = await call(key, staffBearer(login.token));
        const allowed = rule.roles.includes(role);
        // Allowed: past the role check (a 404 for the made-up ids is fine), never 401 or 403.
        // Refused: 403 for a staff route; an operator-only route knows no staff session (401).
        const outcome = allowed
          ? status === 401 || status === 403
            ? `refused ${status}`
            : 'allowed'
          : status === (rule.roles.length ? 403 : 401)
            ? 'refused'
            : `not refused ${status}`;
        seen.push(`${key} as ${role}: ${outcome}`);
        wanted.push(`${key} as ${role}: ${allowed ? 'allowed' : 'refused'}`);
      }
      const anonymous = await call(key, {});
      seen.push(`${key} with no session: ${anonymous.status}`);
      wanted.push(`${key} with no session: 401`);
    }
    expect(seen).toEqual(wanted);
  });

  it('refuses every call to a password without its second factor, and to a signed-out session', async () => {
    // Sign-in is one call with both factors: a password alone gets no session at all…
    const factors: Record<string, string>[] = [
      {},
      { totp: '000000' },
      { recoveryCode: 'not-a-code' },
    ];
    for (const extra of factors) {
      const attempt = await signInStaff(suite.client, staff.scorer!.email, extra);
      expect({ status: attempt.status, token: (attempt.body as { token?: string }).token }).toEqual(
        { status: 400, token: undefined },
      );
    }
    // …and a session signed out is refused everywhere, as is no session.
    const support = staff.support!;
    const session = await signInStaff(suite.client, support.email, {
      recoveryCode: support.codes.shift()!,
    });
    expect(session.status).toBe(200);
    const out = await call(
      'DELETE /api/v1/staff/sessions/current',
      staffBearer(session.body.token),
    );
    expect(out.status).toBeLessThan(300);
    const seen: string[] = [];
    for (const key of await servedStaffCalls()) {
      const revoked = await call(key, staffBearer(session.body.token));
      const made = await call(key, staffBearer(`staff-${randomUUID()}`));
      seen.push(`${key}: signed out ${revoked.status}, made up ${made.status}`);
    }
    expect(seen).toEqual(
      (await servedStaffCalls()).map((key) => `${key}: signed out 401, made up 401`),
    );
  });
});

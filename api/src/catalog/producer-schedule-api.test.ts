/** @jest-environment node */
/**
 * The producer schedules and runs a match with a staff session (issue 33 §2, decisions 447 and
 * 449), over real HTTP on PGlite and PostgreSQL: leagues and matches created, edited, postponed
 * and cancelled through the operator routes, go live and end through the producer's routes; the
 * catalog's rules hold (400 naming the field, 409 for an illegal move); every call's roles
 * (no session 401, support and scorer 403; producer, admin and the operator token may); the
 * staff audit names the person with before → after; a second press changes nothing, also when
 * two come at once. The health and slate calls' roles too (their feed is
 * ingest/producer-health-api.test.ts's, with a real encoder).
 */
import { CATALOG_PATHS, PRODUCER_PATHS } from '@crease/contract';
import type { CatalogEvent, League, ProducerMatchAnswer, ProducerSchedule } from '@crease/contract';
import { testEvent, testLeague } from '../testing/catalog-fixtures';
import { makeStaff, seedAdmin, signInStaff, staffBearer } from '../testing/staff-helpers';
import type { StaffLogin } from '../testing/staff-helpers';
import { apiForSuite, describeEachDatabase } from '../testing/test-api';
import type { ApiClient, CallOptions } from '../testing/test-api';

const OPERATOR_TOKEN = 'schedule-suite-operator-token-0123';
const operator: CallOptions = { bearer: OPERATOR_TOKEN, xsrf: false };
const ENV = { CREASE_CATALOG_OPERATOR_TOKENS: `scheduler-bot:${OPERATOR_TOKEN}` };
const HOUR = 3_600_000;
let ids = 0;
const nextId = (what: string) => `${what}-${process.pid}-${(ids += 1)}`;
const fill = (path: string, eventId: string) => `/${path.replace(':eventId', eventId)}`;

function newMatch(leagueId: string) {
  const start = new Date(Date.UTC(2031, 5, 1, 14));
  return testEvent({
    eventId: nextId('match'),
    leagueId,
    title: 'Owls v Foxes',
    start,
    end: new Date(start.getTime() + 4 * HOUR),
  });
}

async function staffAudit(
  query: (sql: string, params: unknown[]) => Promise<unknown[]>,
  subject: string,
) {
  return query(
    'SELECT actor, action, before, after FROM staff_audit WHERE subject = $1 ORDER BY id',
    [subject],
  );
}

describeEachDatabase('the producer schedules and runs a match', (host) => {
  const suite = apiForSuite(host, ENV);
  let admin: StaffLogin;
  const staff: Partial<Record<'producer' | 'support' | 'scorer', StaffLogin>> = {};
  let leagueId: string;
  const as = (who: 'producer' | 'support' | 'scorer') => staffBearer(staff[who]!.token);
  const query = (sql: string, params: unknown[]) => host().query(sql, params);
  const create = (client: ApiClient, body: unknown, options: CallOptions) =>
    client.postJson<CatalogEvent>(`/${CATALOG_PATHS.operatorEvents}`, body, options);

  beforeAll(async () => {
    const client = suite.api.client();
    admin = await seedAdmin(host(), client);
    for (const role of ['producer', 'support', 'scorer'] as const)
      staff[role] = await makeStaff(client, admin, role);
    leagueId = nextId('league');
    const league = testLeague({ leagueId, caption: 'Producer League', description: 'Made here.' });
    const made = await client.postJson<League>(
      `/${CATALOG_PATHS.operatorLeagues}`,
      league,
      as('producer'),
    );
    expect(made.status).toBe(201);
  }, 60_000);

  it('checks the role on every schedule and match-day call', async () => {
    const client = suite.api.client();
    // A password without the second factor makes no session at all.
    expect((await signInStaff(client, staff.producer!.email, {})).status).toBe(400);
    const who: [string, CallOptions, number | 'ok'][] = [
      ['none', { xsrf: false }, 401],
      ['support', as('support'), 403],
      ['scorer', as('scorer'), 403],
      ['producer', as('producer'), 'ok'],
      ['admin', staffBearer(admin.token), 'ok'],
    ];
    for (const [role, options, expected] of who) {
      // Each call on a match the operator made, so a refusal is the role's, not a 404.
      const match = newMatch(leagueId);
      expect((await create(client, match, operator)).status).toBe(201);
      const calls = [
        await client.get(`/${PRODUCER_PATHS.schedule}`, options),
        await client.postJson(
          `/${CATALOG_PATHS.operatorLeagues}`,
          testLeague({ leagueId: nextId('league'), caption: 'L', description: 'D' }),
          options,
        ),
        await create(client, newMatch(leagueId), options),
        await client.patchJson(
          `/${CATALOG_PATHS.operatorEvents}/${match.eventId}`,
          { title: 'Renamed' },
          options,
        ),
        await client.postJson(
          `/${CATALOG_PATHS.operatorEvents}/${match.eventId}/state`,
          { status: 'postponed' },
          options,
        ),
        await client.postJson(
          `/${CATALOG_PATHS.operatorEvents}/${match.eventId}/state`,
          { status: 'scheduled' },
          options,
        ),
        await client.postJson(fill(PRODUCER_PATHS.goLive, match.eventId), {}, options),
        await client.postJson(
          fill(PRODUCER_PATHS.end, match.eventId),
          { result: 'Owls won' },
          options,
        ),
      ];
      const statuses = calls.map((c) => c.status);
      const ok = (status: number) =>
        expected === 'ok' ? status >= 200 && status < 300 : status === expected;
      expect({ role, statuses, ok: statuses.every(ok) }).toEqual({ role, statuses, ok: true });
    }
    // The operator token keeps scheduling; go live and end are staff buttons (their API is /state).
    expect((await create(client, newMatch(leagueId), operator)).status).toBe(201);
    const match = newMatch(leagueId);
    await create(client, match, operator);
    expect(
      (await client.postJson(fill(PRODUCER_PATHS.goLive, match.eventId), {}, operator)).status,
    ).toBe(401);
    // The producer's schedule lists the live and upcoming matches, hidden leagues too.
    const schedule = await client.get<ProducerSchedule>(
      `/${PRODUCER_PATHS.schedule}`,
      as('producer'),
    );
    expect(schedule.body.matches.map((m) => m.eventId)).toContain(match.eventId);
    expect(schedule.body.leagues.map((l) => l.leagueId)).toContain(leagueId);
  });

  it('creates, edits, postpones and cancels under the catalog rules, audited as the producer', async () => {
    const client = suite.api.client();
    const match = newMatch(leagueId);
    const created = await create(client, match, as('producer'));
    expect(created.status).toBe(201);
    const edited = await client.patchJson<CatalogEvent>(
      `/${CATALOG_PATHS.operatorEvents}/${match.eventId}`,
      { venue: { name: 'Headingley', city: 'Leeds', country: 'England' } },
      as('producer'),
    );
    expect(edited.status).toBe(200);
    // 400 naming the field; nothing changed.
    const bad = await client.patchJson(
      `/${CATALOG_PATHS.operatorEvents}/${match.eventId}`,
      { estimatedEnd: '2031-06-01T13:00:00Z' },
      as('producer'),
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'Field "estimatedEnd" must be after startTime.' });
    const state = (body: unknown) =>
      client.postJson<CatalogEvent>(
        `/${CATALOG_PATHS.operatorEvents}/${match.eventId}/state`,
        body,
        as('producer'),
      );
    expect((await state({ status: 'postponed' })).body.status).toBe('postponed');
    // A postponed match cannot go live (docs/catalog.md's moves): 409, still postponed.
    const live = await client.postJson(
      fill(PRODUCER_PATHS.goLive, match.eventId),
      {},
      as('producer'),
    );
    expect(live.status).toBe(409);
    expect(live.body).toMatchObject({ code: 'ILLEGAL_TRANSITION' });
    const cancelled = await state({ status: 'cancelled' });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', result: 'Match cancelled' });
    expect((await state({ status: 'scheduled' })).status).toBe(409);

    const actor = `staff:${staff.producer!.id}`;
    expect(await staffAudit(query, `event:${match.eventId}`)).toEqual([
      {
        actor,
        action: 'catalog.event.create',
        before: null,
        after: expect.objectContaining({ eventId: match.eventId }),
      },
      {
        actor,
        action: 'catalog.event.update',
        before: { venue: match.venue },
        after: { venue: { name: 'Headingley', city: 'Leeds', country: 'England' } },
      },
      {
        actor,
        action: 'catalog.event.state',
        before: { status: 'scheduled' },
        after: { status: 'postponed' },
      },
      {
        actor,
        action: 'catalog.event.state',
        before: { status: 'postponed' },
        after: { status: 'cancelled' },
      },
    ]);
    // The catalog's own trail names the producer too.
    const trail = await query('SELECT actor FROM catalog_audit WHERE entity_id = $1', [
      match.eventId,
    ]);
    expect(trail.every((row) => (row as { actor: string }).actor === actor)).toBe(true);
  });

  it('goes live and ends once: a second press (or two at once) answers 200 and changes nothing', async () => {
    const client = suite.api.client();
    const match = newMatch(leagueId);
    expect((await create(client, match, as('producer'))).status).toBe(201);
    const press = (path: string, body: unknown = {}) =>
      client.postJson<ProducerMatchAnswer>(fill(path, match.eventId), body, as('producer'));

    const both = await Promise.all([press(PRODUCER_PATHS.goLive), press(PRODUCER_PATHS.goLive)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.map((r) => r.body.changed).sort()).toEqual([false, true]);
    expect(both[0]!.body.event).toMatchObject({
      status: 'live',
      eventStatus: 'live',
      playState: 'in_play',
    });
    const again = await press(PRODUCER_PATHS.goLive);
    expect(again.body).toMatchObject({ changed: false, event: { status: 'live' } });

    // Ending needs a result (the catalog's rule), named in the 400.
    const noResult = await press(PRODUCER_PATHS.end);
    expect(noResult.status).toBe(400);
    expect(noResult.body).toMatchObject({
      message: 'Field "result" is required when the match is completed.',
    });
    const ends = await Promise.all([
      press(PRODUCER_PATHS.end, { result: 'Owls won by 4 runs' }),
      press(PRODUCER_PATHS.end, { result: 'Owls won by 4 runs' }),
    ]);
    expect(ends.map((r) => r.status)).toEqual([200, 200]);
    expect(ends.map((r) => r.body.changed).sort()).toEqual([false, true]);
    const last = await press(PRODUCER_PATHS.end);
    expect(last.body).toMatchObject({
      changed: false,
      event: { status: 'completed', eventStatus: 'ended', result: 'Owls won by 4 runs' },
    });

    const actor = `staff:${staff.producer!.id}`;
    expect((await staffAudit(query, `event:${match.eventId}`)).slice(1)).toEqual([
      {
        actor,
        action: 'producer.go-live',
        before: { status: 'scheduled', eventStatus: 'not_started' },
        after: { status: 'live', eventStatus: 'live' },
      },
      {
        actor,
        action: 'producer.end',
        before: { status: 'live', result: null, eventStatus: 'live' },
        after: { status: 'completed', result: 'Owls won by 4 runs', eventStatus: 'ended' },
      },
    ]);
    // One timeline entry per real move: going live, ending.
    const timeline = await query('SELECT seq FROM catalog_event_timeline WHERE event_id = $1', [
      match.eventId,
    ]);
    expect(timeline).toHaveLength(3);
  });

  it('checks the roles of the health and slate calls; without an ingest server: no samples, 503 for the slate', async () => {
    const client = suite.api.client();
    const health = `/${PRODUCER_PATHS.health.replace(':channelId', 'ch-no-ingest')}`;
    const slate = `/${PRODUCER_PATHS.slate.replace(':channelId', 'ch-no-ingest')}`;
    const put = (options: CallOptions) =>
      client.request('PUT', slate, JSON.stringify({ on: true }), 'application/json', options);
    for (const [options, status] of [
      [{ xsrf: false }, 401],
      [as('support'), 403],
      [as('scorer'), 403],
      [operator, 401],
    ] as [CallOptions, number][]) {
      expect((await client.get(health, options)).status).toBe(status);
      expect((await put(options)).status).toBe(status);
    }
    for (const options of [as('producer'), staffBearer(admin.token)]) {
      const read = await client.get(health, options);
      expect(read.status).toBe(200);
      expect(read.body).toEqual({
        channelId: 'ch-no-ingest',
        connected: false,
        slateHeld: false,
        onAir: 'none',
        samples: [],
      });
      const refused = await put(options);
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ code: 'INGEST_NOT_RUNNING' });
    }
  });
});

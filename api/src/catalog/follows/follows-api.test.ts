/** @jest-environment node */
/**
 * Follows, reminders and calendar files over real HTTP, on PGlite and on PostgreSQL (issue 23
 * §1, decision 275). The API's clocks stand still at T0 and are moved by the tests; reminder
 * passes are run by hand, by two API instances over one database at once where it matters.
 */
import type { CatalogEvent, EventCreate, League, ViewerFollows } from '@crease/contract';
import {
  CATALOG_PATHS,
  FOLLOW_PATHS,
  eventCalendarPath,
  followPath,
  operatorEventStatePath,
  reminderPath,
} from '@crease/contract';
import { verifyEmail } from '../../testing/mailbox';
import { describeEachDatabase, uniqueEmail } from '../../testing/test-api';
import type { ApiClient, ApiHost, CallOptions, RunningApi } from '../../testing/test-api';

// Ahead of the wall clock: a session's lifetime is checked against the database's own now().
const T0 = new Date('2027-03-01T12:00:00.000Z');
const HOUR = 3_600_000;
const iso = (offsetHours: number) => new Date(T0.getTime() + offsetHours * HOUR).toISOString();
const OPERATOR_TOKEN = 'follows-operator-token-0123456789';
const ENV = { CREASE_CATALOG_OPERATOR_TOKENS: `ops:${OPERATOR_TOKEN}` };
const operatorAuth: CallOptions = { bearer: OPERATOR_TOKEN, xsrf: false };
const PASSWORD = 'correct horse battery';

const OWLS = {
  name: 'Northern Owls',
  shortName: 'NOW',
  colours: { primary: '#112233', secondary: '#ffffff' },
};
const FOXES = {
  name: 'Southern Foxes',
  shortName: 'SOF',
  colours: { primary: '#aa3300', secondary: '#000000' },
};
const BEARS = {
  name: 'Eastern Bears',
  shortName: 'EAB',
  colours: { primary: '#334400', secondary: '#ffee00' },
};

let legs = 0;

describeEachDatabase('follows, reminders and calendar files', (host: () => ApiHost) => {
  let api: RunningApi;
  let client: ApiClient;
  legs += 1;
  const leagueId = `follow-league-${legs}`;
  const eventId = (name: string) => `${leagueId}-${name}`;

  const createEvent = async (name: string, startHours: number, teams = [OWLS, FOXES]) => {
    const body: EventCreate = {
      eventId: eventId(name),
      leagueId,
      title: `${teams[0]!.name} v ${teams[1]!.name}`,
      teams: [teams[0]!, teams[1]!],
      venue: { name: 'Test Oval', city: 'Leeds', country: 'England' },
      format: 't20',
      startTime: iso(startHours),
      estimatedEnd: iso(startHours + 3),
      channelId: `ch-${eventId(name)}`,
    };
    const res = await client.postJson<CatalogEvent>(
      `/${CATALOG_PATHS.operatorEvents}`,
      body,
      operatorAuth,
    );
    expect(res.status).toBe(201);
    return res.body;
  };
  const changeState = (id: string, change: Record<string, unknown>) =>
    client.postJson(`/${operatorEventStatePath(id)}`, change, operatorAuth);

  /** A signed-in viewer; `emailSubscribe` is their answer at registration (docs/product.md §3). */
  const viewer = async (emailSubscribe = false) => {
    const email = uniqueEmail('follower');
    const registered = await client.postJson(
      '/api/v1/auth/register',
      { email, password: PASSWORD, emailSubscribe },
      { botCheck: 'register' },
    );
    expect(registered.status).toBe(201);
    // Reminders go only to a proved address (decision 405): this viewer proves theirs.
    await verifyEmail(client, email);
    const { body } = await client.signIn(email, PASSWORD);
    return { email, auth: { bearer: body.access_token } as CallOptions };
  };
  const put = (path: string, auth: CallOptions) =>
    client.request<ViewerFollows>('PUT', `/${path}`, undefined, undefined, auth);
  const del = (path: string, auth: CallOptions) =>
    client.request<ViewerFollows>('DELETE', `/${path}`, undefined, undefined, auth);
  const mailTo = (email: string) =>
    host().query<{ subject: string; text: string; links: string[] }>(
      `SELECT subject, text, links FROM mail_outbox
        WHERE "to" = $1 AND subject <> 'Confirm your email for Crease' ORDER BY sent_at`,
      [email],
    );
  const reminderRow = (email: string, id: string) =>
    host().query<{ sent_at: string | null; dropped_reason: string | null }>(
      `SELECT r.sent_at, r.dropped_reason FROM catalog_reminders r JOIN users u ON u.id = r.user_id
       WHERE u.email = $1 AND r.event_id = $2`,
      [email, id],
    );

  beforeAll(async () => {
    api = await host().start(ENV, { clock: T0 });
    client = api.client();
    const league: Partial<League> & Record<string, unknown> = {
      leagueId,
      caption: 'Follow League',
      description: 'Fixtures for follow tests.',
      logo: 'crease-premier-league',
      logoAltText: 'Follow League logo',
      application: 'live',
      status: 'in_progress',
      active: true,
    };
    expect(
      (await client.postJson(`/${CATALOG_PATHS.operatorLeagues}`, league, operatorAuth)).status,
    ).toBe(201);
    await createEvent('bears', 50, [BEARS, FOXES]);
  });
  afterAll(async () => {
    await api?.close();
  });

  it('follows and unfollows a team and a league; the answer is the whole ViewerFollows', async () => {
    const { auth } = await viewer(false);
    const empty = await client.get<ViewerFollows>(`/${FOLLOW_PATHS.follows}`, auth);
    expect(empty.status).toBe(200);
    expect(empty.headers.get('cache-control')).toBe('private, no-store');
    expect(empty.body).toEqual({
      ...{ teams: [], leagues: [], reminders: [], remindFollowed: false },
      ...{ remindBefore: 15, timeZone: null },
    });

    expect((await put(followPath('team', 'Eastern Bears'), auth)).body.teams).toEqual([
      'Eastern Bears',
    ]);
    // Following twice is following once.
    expect((await put(followPath('team', 'Eastern Bears'), auth)).body.teams).toEqual([
      'Eastern Bears',
    ]);
    const both = await put(followPath('league', leagueId), auth);
    expect(both.body).toMatchObject({ teams: ['Eastern Bears'], leagues: [leagueId] });

    expect((await del(followPath('team', 'Eastern Bears'), auth)).body.teams).toEqual([]);
    expect((await del(followPath('team', 'Eastern Bears'), auth)).status).toBe(200);
    expect(
      (await client.get<ViewerFollows>(`/${FOLLOW_PATHS.follows}`, auth)).body.leagues,
    ).toEqual([leagueId]);
  });

  it('refuses what cannot be followed, in the spec error shape, and callers without a session', async () => {
    const { auth } = await viewer();
    const team = await put(followPath('team', 'Nobody United'), auth);
    expect(team.status).toBe(404);
    expect(team.body).toMatchObject({
      code: 'TEAM_NOT_FOUND',
      message: expect.any(String),
      timeStamp: expect.any(String),
    });
    expect((await put(followPath('league', 'no-such-league'), auth)).body).toMatchObject({
      code: 'LEAGUE_NOT_FOUND',
    });
    const kind = await client.request(
      'PUT',
      `/${FOLLOW_PATHS.follows}/player/Someone`,
      undefined,
      undefined,
      auth,
    );
    expect(kind.status).toBe(400);
    expect(kind.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await client.get(`/${FOLLOW_PATHS.follows}`)).status).toBe(401);
    expect((await put(followPath('team', 'Eastern Bears'), {})).status).toBe(401);
    const settings = (body: unknown) =>
      client.request(
        'PUT',
        `/${FOLLOW_PATHS.settings}`,
        JSON.stringify(body),
        'application/json',
        auth,
      );
    expect((await settings({ remindFollowed: 'yes' })).status).toBe(400);
    expect((await settings({ remindBefore: 30 })).status).toBe(400);
    expect((await settings({})).status).toBe(400);
    expect((await settings({ timeZone: 'Mars/Olympus' })).body).toMatchObject({
      code: 'TIME_ZONE_UNKNOWN',
    });
    expect((await client.get<ViewerFollows>(`/${FOLLOW_PATHS.follows}`, auth)).body.teams).toEqual(
      [],
    );
  });

  it('"Remind me": one email at the lead the viewer chose, in their zone, even with two replicas', async () => {
    const match = await createEvent('remind', 2);
    const { email, auth } = await viewer(false);
    const chosen = { remindBefore: 60, timeZone: 'Asia/Kolkata' };
    const body = JSON.stringify(chosen);
    const path = `/${FOLLOW_PATHS.settings}`;
    const set = await client.request<ViewerFollows>('PUT', path, body, 'application/json', auth);
    // The opt-in stays as it was (emailSubscribe) when only these are set (decision 419).
    expect(set.body).toMatchObject({ ...chosen, remindFollowed: false });
    const asked = await put(reminderPath(match.eventId), auth);
    expect(asked.status).toBe(200);
    expect(asked.body.reminders).toEqual([match.eventId]);

    const second = await host().start(ENV, { clock: T0 });
    try {
      // More than an hour before the start: nothing is due.
      await Promise.all([api.reminderPass(), second.reminderPass()]);
      expect(await mailTo(email)).toHaveLength(0);

      // Both replicas' clocks reach an hour before; they run their passes at the same moment.
      const start = new Date(match.startTime).getTime() - HOUR;
      await Promise.all([api.setClock(new Date(start)), second.setClock(new Date(start))]);
      const passes = await Promise.all([
        api.reminderPass(),
        second.reminderPass(),
        api.reminderPass(),
      ]);
      expect(passes.reduce((sum, pass) => sum + pass.sent, 0)).toBe(1);
      const mail = await mailTo(email);
      expect(mail).toHaveLength(1);
      expect(mail[0]!.subject).toBe(`Starts in 1 hour: ${match.title}`);
      // 14:00 UTC is 19:30 in Kolkata.
      expect(mail[0]!.text).toContain('19:30 GMT+5:30');
      expect(mail[0]!.links[0]).toMatch(new RegExp(`/player\\?event=${match.eventId}$`));

      // Later passes send nothing more; the reminder is no longer pending.
      await Promise.all([api.reminderPass(), second.reminderPass()]);
      expect(await mailTo(email)).toHaveLength(1);
      // Hours later by the API's clock the access token has ended (decision 420): sign in again.
      const later = { bearer: (await client.signIn(email, PASSWORD)).body.access_token };
      expect(
        (await client.get<ViewerFollows>(`/${FOLLOW_PATHS.follows}`, later)).body.reminders,
      ).toEqual([]);
    } finally {
      await second.close();
      await api.setClock(T0);
    }
  });

  it('a reminder survives a restart: asked on one API, sent by the next one', async () => {
    const match = await createEvent('restart', 3);
    const { email, auth } = await viewer();
    expect((await put(reminderPath(match.eventId), auth)).status).toBe(200);
    const next = await host().start(ENV, { clock: new Date(Date.parse(match.startTime) + 1000) });
    try {
      expect((await next.reminderPass()).sent).toBe(1);
      expect(await mailTo(email)).toHaveLength(1);
    } finally {
      await next.close();
    }
  });

  it('a cancelled match sends nothing, and its reminder is dropped with the reason', async () => {
    const match = await createEvent('cancelled', 4);
    const { email, auth } = await viewer(true);
    expect((await put(reminderPath(match.eventId), auth)).status).toBe(200);
    expect((await changeState(match.eventId, { status: 'cancelled' })).status).toBe(200);
    await api.setClock(new Date(Date.parse(match.startTime) + 60_000));
    try {
      expect((await api.reminderPass()).sent).toBe(0);
      expect(await mailTo(email)).toHaveLength(0);
      expect(await reminderRow(email, match.eventId)).toEqual([
        { sent_at: null, dropped_reason: 'cancelled' },
      ]);
    } finally {
      await api.setClock(T0);
    }
  });

  it('an abandoned match that was live stops its reminders too', async () => {
    const match = await createEvent('abandoned', 5);
    const { email, auth } = await viewer();
    expect((await put(reminderPath(match.eventId), auth)).status).toBe(200);
    // It goes live (the reminder is due), and rain ends it before any replica's pass.
    expect((await changeState(match.eventId, { status: 'live' })).status).toBe(200);
    expect((await changeState(match.eventId, { status: 'abandoned' })).status).toBe(200);
    await api.reminderPass();
    expect(await reminderRow(email, match.eventId)).toEqual([
      { sent_at: null, dropped_reason: 'abandoned' },
    ]);
  });

  it('"Remind me" on a match that has started or is over is 409; an unknown one 404; it can be taken back', async () => {
    const live = await createEvent('live', -1);
    expect((await changeState(live.eventId, { status: 'live' })).status).toBe(200);
    const { auth } = await viewer();
    const late = await put(reminderPath(live.eventId), auth);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'REMINDER_TOO_LATE' });
    expect((await put(reminderPath('no-such-match'), auth)).body).toMatchObject({
      code: 'EVENT_NOT_FOUND',
    });

    const later = await createEvent('taken-back', 6);
    expect((await put(reminderPath(later.eventId), auth)).body.reminders).toEqual([later.eventId]);
    expect((await del(reminderPath(later.eventId), auth)).body.reminders).toEqual([]);
  });

  it("a followed team's match reminds only viewers who opted in; the opt-in follows emailSubscribe until set", async () => {
    const team = { ...OWLS, name: `Owls ${legs}` };
    const match = await createEvent('followed', 8, [team, FOXES]);
    const quiet = await viewer(false);
    const subscribed = await viewer(true);
    const optedIn = await viewer(false);
    const optedOut = await viewer(true);
    for (const who of [quiet, subscribed, optedIn, optedOut])
      expect((await put(followPath('team', team.name), who.auth)).status).toBe(200);
    expect(
      (await client.get<ViewerFollows>(`/${FOLLOW_PATHS.follows}`, subscribed.auth)).body
        .remindFollowed,
    ).toBe(true);
    const settings = (who: { auth: CallOptions }, remindFollowed: boolean) =>
      client.request<ViewerFollows>(
        'PUT',
        `/${FOLLOW_PATHS.settings}`,
        JSON.stringify({ remindFollowed }),
        'application/json',
        who.auth,
      );
    expect((await settings(optedIn, true)).body.remindFollowed).toBe(true);
    expect((await settings(optedOut, false)).body.remindFollowed).toBe(false);

    await api.setClock(new Date(Date.parse(match.startTime) + 1000));
    try {
      const pass = await api.reminderPass();
      expect(pass.sent).toBeGreaterThanOrEqual(2);
      expect(await mailTo(subscribed.email)).toHaveLength(1);
      expect(await mailTo(optedIn.email)).toHaveLength(1);
      expect(await mailTo(quiet.email)).toHaveLength(0);
      expect(await mailTo(optedOut.email)).toHaveLength(0);
      await api.reminderPass();
      expect(await mailTo(subscribed.email)).toHaveLength(1);
    } finally {
      await api.setClock(T0);
    }
  });

  it('housekeeping deletes reminders sent or dropped over a month ago, and keeps recent ones', async () => {
    const old = await createEvent('housekeeping-old', 12);
    const recent = await createEvent('housekeeping-recent', 13);
    const { email } = await viewer();
    // (The harness binds placeholders in the order they appear.)
    const insert = (eventId: string, age: string) =>
      host().query(
        `INSERT INTO catalog_reminders (user_id, event_id, source, created_at, sent_at)
         SELECT id, $1, 'asked', now() - interval '${age}', now() - interval '${age}'
         FROM users WHERE email = $2`,
        [eventId, email],
      );
    await insert(old.eventId, '31 days');
    await insert(recent.eventId, '29 days');
    expect(await reminderRow(email, old.eventId)).toHaveLength(1);
    const cleaner = await host().start(ENV);
    try {
      // One pass on the cleaner's clock, which follows the machine's (as the rows' now() does).
      await cleaner.housekeepingPass();
      expect(await reminderRow(email, old.eventId)).toHaveLength(0);
      expect(await reminderRow(email, recent.eventId)).toHaveLength(1);
    } finally {
      await cleaner.close();
    }
  });

  it('the calendar file: a valid VEVENT in UTC with a link back; public; 404 for an unknown match', async () => {
    const match = await createEvent('calendar', 10);
    const res = await client.get(`/${eventCalendarPath(match.eventId)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${match.eventId}.ics"`,
    );
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('BEGIN:VEVENT');
    expect(lines).toContain(`UID:${match.eventId}@crease`);
    expect(lines).toContain(`SUMMARY:${match.title}`);
    expect(lines).toContain('DTSTART:20270301T220000Z');
    expect(lines).toContain('DTEND:20270302T010000Z');
    expect(lines).toContain('STATUS:CONFIRMED');
    expect(res.text).toContain(`/player?event=${match.eventId}`);
    expect(lines.at(-2)).toBe('END:VCALENDAR');

    const missing = await client.get(`/${eventCalendarPath('no-such-match')}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'EVENT_NOT_FOUND' });
  });
});

/** @jest-environment node */
/**
 * A match reminder in the reader's saved language, over real HTTP on PGlite and PostgreSQL
 * (issue 34 §4, decision 488): Hindi words and a Hindi date in the reader's zone for a viewer who
 * saved Hindi, English for one who saved nothing; both read as the reminder is sent.
 */
import type { CatalogEvent, EventCreate, League } from '@crease/contract';
import { ACCOUNT_PATHS, CATALOG_PATHS, FOLLOW_PATHS, reminderPath } from '@crease/contract';
import { verifyEmail } from '../../testing/mailbox';
import { describeEachDatabase, uniqueEmail } from '../../testing/test-api';
import type { ApiClient, CallOptions, RunningApi } from '../../testing/test-api';

// Ahead of the wall clock: a session's lifetime is checked against the database's own now().
const T0 = new Date('2027-03-01T12:00:00.000Z');
const HOUR = 3_600_000;
const OPERATOR_TOKEN = 'reminder-language-operator-0123456789';
const ENV = { CREASE_CATALOG_OPERATOR_TOKENS: `ops:${OPERATOR_TOKEN}` };
const operatorAuth: CallOptions = { bearer: OPERATOR_TOKEN, xsrf: false };
const PASSWORD = 'correct horse battery';
const DEVANAGARI = /[\u0900-\u097F]/;
const TEAM = (name: string, shortName: string) => ({
  name,
  shortName,
  colours: { primary: '#112233', secondary: '#ffffff' },
});

let legs = 0;

describeEachDatabase('match reminders in the saved language', (host) => {
  let api: RunningApi;
  let client: ApiClient;
  legs += 1;
  const leagueId = `reminder-language-${legs}`;

  beforeAll(async () => {
    api = await host().start(ENV, { clock: T0 });
    client = api.client();
    const league: Partial<League> & Record<string, unknown> = {
      leagueId,
      caption: 'Language League',
      description: 'Fixtures for reminder language tests.',
      logo: 'crease-premier-league',
      logoAltText: 'Language League logo',
      application: 'live',
      status: 'in_progress',
      active: true,
    };
    const created = await client.postJson(
      `/${CATALOG_PATHS.operatorLeagues}`,
      league,
      operatorAuth,
    );
    expect(created.status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await api?.close();
  });

  /** A proved, signed-in viewer in Kolkata's zone who asked to be reminded an hour before. */
  const remindedViewer = async (match: CatalogEvent, language: 'hi' | null) => {
    const email = uniqueEmail('reminded');
    const registered = await client.postJson(
      '/api/v1/auth/register',
      { email, password: PASSWORD, emailSubscribe: false },
      { botCheck: 'register' },
    );
    expect(registered.status).toBe(201);
    await verifyEmail(client, email);
    const auth: CallOptions = { bearer: (await client.signIn(email, PASSWORD)).body.access_token };
    const json = (path: string, body: unknown) =>
      client.request('PUT', `/${path}`, JSON.stringify(body), 'application/json', auth);
    expect(
      (await json(FOLLOW_PATHS.settings, { remindBefore: 60, timeZone: 'Asia/Kolkata' })).status,
    ).toBe(200);
    if (language)
      expect((await json(ACCOUNT_PATHS.uiLanguage, { uiLanguage: language })).status).toBe(200);
    const asked = await client.request(
      'PUT',
      `/${reminderPath(match.eventId)}`,
      undefined,
      undefined,
      auth,
    );
    expect(asked.status).toBe(200);
    return email;
  };
  const reminderTo = async (email: string) => {
    const [mail] = await host().query<{ subject: string; text: string; links: string[] }>(
      `SELECT subject, text, links FROM mail_outbox
        WHERE "to" = $1 AND links::text LIKE '%/player?event=%'`,
      [email],
    );
    return mail;
  };

  it('Hindi for the viewer who saved Hindi, English for the one who saved nothing', async () => {
    const body: EventCreate = {
      eventId: `${leagueId}-match`,
      leagueId,
      title: 'Northern Owls v Southern Foxes',
      teams: [TEAM('Northern Owls', 'NOW'), TEAM('Southern Foxes', 'SOF')],
      venue: { name: 'Test Oval', city: 'Leeds', country: 'England' },
      format: 't20',
      startTime: new Date(T0.getTime() + 2 * HOUR).toISOString(),
      estimatedEnd: new Date(T0.getTime() + 5 * HOUR).toISOString(),
      channelId: `ch-${leagueId}-match`,
    };
    const created = await client.postJson<CatalogEvent>(
      `/${CATALOG_PATHS.operatorEvents}`,
      body,
      operatorAuth,
    );
    expect(created.status).toBe(201);
    const match = created.body;
    const hindi = await remindedViewer(match, 'hi');
    const english = await remindedViewer(match, null);

    await api.setClock(new Date(new Date(match.startTime).getTime() - HOUR));
    await api.reminderPass();

    const hi = await reminderTo(hindi);
    expect(hi?.subject).toBe(`1 घंटे में शुरू होगा: ${match.title}`);
    expect(hi?.text).toContain(`${match.title} 1 घंटे में शुरू होगा।`);
    // 14:00 UTC is 7:30 pm in Kolkata, written in Hindi.
    expect(hi?.text).toMatch(/07:30 pm IST/);
    expect(hi?.text).toMatch(DEVANAGARI);
    expect(hi?.text).toContain('आपने Crease से इस मैच की याद दिलाने को कहा था।');
    const en = await reminderTo(english);
    expect(en?.subject).toBe(`Starts in 1 hour: ${match.title}`);
    expect(en?.text).toContain('19:30 GMT+5:30');
    expect(en?.text).not.toMatch(DEVANAGARI);
  });
});

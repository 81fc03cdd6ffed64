/** @jest-environment node */
/**
 * The ball-by-ball timeline over real HTTP (decision 225), on PGlite and on PostgreSQL: the demo
 * clock stores one entry per delivery exactly as the schedule made it, scores never jump, key
 * moments sit on their balls, an innings break says so, `after` pages, the body is gzipped, and an
 * operator's change still lands on the timeline (with no commentary). The clock is fixed.
 */
import { gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import type { CatalogEvent, EventTimeline, TimelineEntry } from '@crease/contract';
import { CATALOG_PATHS, catalogEventTimelinePath, extrasTotal } from '@crease/contract';
import { describeEachDatabase, uniqueEmail } from '../testing/test-api';
import type { ApiClient, CallOptions, RunningApi } from '../testing/test-api';
import { DEMO_TEMPLATES } from './demo/demo-leagues';
import { demoFixture, dueSteps } from './demo/demo-schedule';

const OPERATOR_TOKEN = 'alice-operator-token-0123456789';
const alice: CallOptions = { bearer: OPERATOR_TOKEN, xsrf: false };
const CPL = DEMO_TEMPLATES[0]!;
/** A Premier League fixture, and the instant 90 s into its innings break. */
const FIXTURE = demoFixture(CPL, new Date('2026-03-14T08:00:00.000Z'));
const BREAK = FIXTURE.steps.find((s) => s.state.playState === 'innings_break')!;
const IN_BREAK = new Date(BREAK.at.getTime() + 90_000);
const ID = FIXTURE.create.eventId;
/** A Hundred fixture of the same morning, finished by then (issue 36 §5). */
const HUNDRED = demoFixture(
  DEMO_TEMPLATES.find((t) => t.format === 'the_hundred')!,
  new Date('2026-03-14T02:30:00.000Z'),
);

const oversToBalls = (overs: string) => {
  const [whole, part] = overs.split('.');
  return Number(whole) * 6 + Number(part ?? 0);
};

/** The raw bytes of a GET with Accept-Encoding: gzip (fetch would decode them for us). */
function rawGet(origin: string, path: string, bearer: string) {
  return new Promise<{ status: number; encoding?: string; bytes: Buffer }>((resolve, reject) => {
    const req = request(
      `${origin}${path}`,
      { headers: { authorization: `Bearer ${bearer}`, 'accept-encoding': 'gzip' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: res.headers['content-encoding'],
            bytes: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describeEachDatabase('ball-by-ball timeline', (host) => {
  let api: RunningApi;
  let client: ApiClient;
  let viewer: CallOptions;
  const timeline = async (after?: number) =>
    (
      await client.get<EventTimeline>(
        `/${catalogEventTimelinePath(ID)}${after === undefined ? '' : `?after=${after}`}`,
        viewer,
      )
    ).body.entries;

  const email = uniqueEmail('timeline');
  /** Signs the viewer in on the API's clock (tokens age on it, decision 420: again after a move). */
  const signInViewer = async () => {
    viewer = { bearer: (await client.signIn(email, 'correct horse battery')).body.access_token };
  };

  beforeAll(async () => {
    api = await host().start(
      {
        CREASE_CATALOG_DEMO: 'true',
        CREASE_CATALOG_DEMO_TICK_SECONDS: '0',
        CREASE_CATALOG_OPERATOR_TOKENS: `alice:${OPERATOR_TOKEN}`,
      },
      { clock: IN_BREAK },
    );
    client = api.client();
    expect((await client.register(email, 'correct horse battery')).status).toBe(201);
    await signInViewer();
  }, 120_000);
  afterAll(async () => {
    await api.close();
  });

  it('stores every delivery as the schedule made it: time, state, commentary, moment', async () => {
    const entries = await timeline();
    const due = dueSteps(FIXTURE, IN_BREAK);
    expect(entries.map((e) => e.seq)).toEqual(due.map((_, i) => i + 1));
    entries.forEach((entry, i) => {
      const step = due[i]!;
      expect(entry.at).toBe(step.at.toISOString());
      expect(entry.state).toMatchObject(step.state);
      expect(entry.commentary).toBe(step.detail?.commentary ?? null);
      expect(entry.moment).toEqual(step.detail?.moment ?? null);
      if (step.detail?.scorecard) expect(entry.state.scorecard).toEqual(step.detail.scorecard);
    });
    // A T20 innings: at least 120 deliveries on the timeline, each at or before now.
    expect(
      entries.filter((e) => e.commentary && / to /.test(e.commentary)).length,
    ).toBeGreaterThanOrEqual(120);
    expect(entries.every((e) => new Date(e.at).getTime() <= IN_BREAK.getTime())).toBe(true);
  });

  it('never jumps: 0/0 (0), then one delivery at a time; wickets on the balls that took them', async () => {
    const play = (await timeline()).filter((e) => e.state.innings.length === 1);
    expect(play[0]!.state.scoreSummary).toMatch(/^[A-Z]+ 0\/0 \(0\)$/);
    const first = (e: TimelineEntry) => e.state.innings[0]!;
    for (let i = 1; i < play.length; i++) {
      const [a, b] = [first(play[i - 1]!), first(play[i]!)];
      const balls = oversToBalls(b.overs) - oversToBalls(a.overs);
      expect([0, 1]).toContain(balls);
      expect(b.runs - a.runs).toBeGreaterThanOrEqual(0);
      expect(b.runs - a.runs).toBeLessThanOrEqual(6);
      const moment = play[i]!.moment;
      expect(b.wickets - a.wickets).toBe(moment?.kind === 'wicket' ? 1 : 0);
      if (moment?.kind === 'four') expect(b.runs - a.runs).toBe(4);
      if (moment?.kind === 'six') expect(b.runs - a.runs).toBe(6);
    }
  });

  it('says "Innings break" in the break, with the total, the target and the rate', async () => {
    const event = await client.get<CatalogEvent>(`/${CATALOG_PATHS.events}/${ID}`, viewer);
    expect(event.body).toMatchObject({ status: 'live', playState: 'innings_break' });
    const last = (await timeline()).at(-1)!;
    const [first] = last.state.innings;
    expect(last.moment).toEqual({
      kind: 'inningsEnd',
      label: `End of innings: ${last.state.scoreSummary}`,
    });
    expect(last.state.scorecard).toMatchObject({
      battingTeam: null,
      interruption: 'Innings break',
      target: first!.runs + 1,
    });
  });

  it('pages by `after`: the pages join up to the whole, and an empty page past the end', async () => {
    const whole = await timeline();
    const page = await timeline(100);
    expect(page.map((e) => e.seq)).toEqual(whole.slice(100).map((e) => e.seq));
    expect(await timeline(whole.at(-1)!.seq)).toEqual([]);
  });

  it('gzips a long timeline for clients that accept it (a tenth of the JSON or less)', async () => {
    const plain = await client.get<EventTimeline>(`/${catalogEventTimelinePath(ID)}`, viewer);
    const raw = await rawGet(api.origin, `/${catalogEventTimelinePath(ID)}`, viewer.bearer!);
    expect(raw.status).toBe(200);
    expect(raw.encoding).toBe('gzip');
    expect(JSON.parse(gunzipSync(raw.bytes).toString('utf8'))).toEqual(plain.body);
    expect(raw.bytes.length).toBeLessThan(plain.text.length / 10);
    expect(plain.headers.get('vary')).toMatch(/Accept-Encoding/i);
  });

  it('goes on ball by ball as the clock moves; the chase carries target and required rate', async () => {
    const later = new Date(BREAK.at.getTime() + 0.12 * CPL.durationMinutes * 60_000);
    await api.setClock(later);
    await signInViewer();
    await api.demoTick();
    const entries = await timeline();
    expect(entries.map((e) => e.at)).toEqual(
      dueSteps(FIXTURE, later).map((s) => s.at.toISOString()),
    );
    const chase = entries.filter((e) => e.state.innings.length === 2);
    expect(chase.length).toBeGreaterThan(5);
    const target = entries.find((e) => e.state.playState === 'innings_break')!.state.scorecard!
      .target;
    for (const e of chase)
      if (e.state.playState === 'in_play') expect(e.state.scorecard?.target).toBe(target);
    expect(chase.at(-1)!.state.scorecard?.requiredRunRate).toEqual(expect.any(Number));
  });

  it("sends a card that adds up: batters' runs + extras by kind = the total; the fall of wickets", async () => {
    const entries = (await timeline()).filter((e) => e.state.scorecard?.extras);
    expect(entries.length).toBeGreaterThan(100);
    for (const entry of entries) {
      const card = entry.state.scorecard!;
      if (card.interruption === 'Innings break') continue;
      const innings = entry.state.innings.at(-1)!;
      const bat = card.batters.reduce((sum, b) => sum + b.runs, 0);
      expect(bat + extrasTotal(card.extras!)).toBe(innings.runs);
      expect(card.fallOfWickets).toHaveLength(innings.wickets);
    }
    expect(Object.keys(entries.at(-1)!.state.scorecard!.extras!).sort()).toEqual(
      ['byes', 'legByes', 'noBalls', 'penalties', 'wides'].sort(),
    );
  });

  it('counts The Hundred in balls: the event, its timeline and its key moments', async () => {
    const id = HUNDRED.create.eventId;
    const event = await client.get<CatalogEvent>(`/${CATALOG_PATHS.events}/${id}`, viewer);
    expect(event.status).toBe(200);
    expect(event.body).toMatchObject({ format: 'the_hundred', status: 'completed' });
    expect(event.body.scoreSummary).toMatch(
      /^[A-Z]+ \d+(\/\d)? \(100 balls\) · [A-Z]+ \d+(\/\d)? \(\d+ balls\)$/,
    );
    const entries = (await client.get<EventTimeline>(`/${catalogEventTimelinePath(id)}`, viewer))
      .body.entries;
    const played = entries.filter((e) => e.state.innings.length > 0);
    expect(played.length).toBeGreaterThan(150);
    for (const e of played) {
      expect(e.state.scoreSummary).toMatch(/\(\d+ balls?\)$/);
      expect(e.state.scoreSummary).not.toMatch(/\(\d+\.\d\)/);
    }
    const ends = entries.filter((e) => e.moment?.kind === 'inningsEnd');
    expect(ends.map((e) => e.moment!.label)).toEqual(
      ends.map((e) => `End of innings: ${e.state.scoreSummary.split(' · ').at(-1)}`),
    );
  });

  it("records an operator's change on the timeline with no commentary or card", async () => {
    const before = await timeline();
    const change = await client.postJson<CatalogEvent>(
      `/${CATALOG_PATHS.operatorEvents}/${ID}/state`,
      { playState: 'rain_delay' },
      alice,
    );
    expect(change.status).toBe(200);
    const added = await timeline(before.at(-1)!.seq);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ commentary: null, moment: null });
    expect(added[0]!.state.playState).toBe('rain_delay');
    expect(added[0]!.state.scorecard).toBeUndefined();
  });
});

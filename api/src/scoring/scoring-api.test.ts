/** @jest-environment node */
/**
 * Ball-by-ball scoring over real HTTP (issue 33 §3, decisions 442-446), on PGlite and
 * PostgreSQL: the role matrix; an over with a four, a wide, a wicket and a six drives the
 * viewer's timeline (scorecard, commentary, key moments) and the event's state; a retried ball
 * is recorded once; a stale sequence is a 409 naming the current one; undo withdraws a ball and
 * its key moment; picture times; actions that do not fit now; every action in the audit log.
 */
import crypto from 'node:crypto';
import { CATALOG_PATHS, SCORING_PATHS } from '@crease/contract';
import type { CatalogEvent, ScoringMatch } from '@crease/contract';
import { OPENING, S0, runs, scoringSuite } from '../testing/scoring-helpers';
import { signInStaff, staffBearer } from '../testing/staff-helpers';
import { describeEachDatabase } from '../testing/test-api';
import type { CallOptions } from '../testing/test-api';
import { PICTURE_DELAY_MS } from './picture-time';

const WICKET = {
  kind: 'ball',
  delivery: {
    kind: 'wicket',
    mode: 'caught',
    fielder: 'Smith',
    out: 'striker',
    newBatter: 'Kohli',
  },
} as const;

describeEachDatabase('scoring ball by ball', (host) => {
  const s = scoringSuite(host);

  it('lets scorer and admin score; producer and support get 403; no session or no second factor 401', async () => {
    const eventId = await s.newMatch();
    const noFactor = await signInStaff(s.client, s.staff.scorer.email, {});
    expect(noFactor.status).toBe(400);
    const refused: [string, CallOptions, number][] = [
      ['none', { xsrf: false }, 401],
      ['password only', staffBearer('not-a-session-token'), 401],
      ['producer', s.as('producer'), 403],
      ['support', s.as('support'), 403],
    ];
    const calls = {
      list: (o: CallOptions) => s.client.get(`/${SCORING_PATHS.matches}`, o),
      state: (o: CallOptions) => s.state(eventId, o),
      record: (o: CallOptions) =>
        s.post(eventId, { ballId: crypto.randomUUID(), expectedSeq: 0, action: OPENING }, o),
    };
    for (const [name, call] of Object.entries(calls))
      for (const [role, options, expected] of refused) {
        const { status } = await call(options);
        expect({ name, role, status }).toEqual({ name, role, status: expected });
      }
    // Nothing refused was recorded: the match is still at sequence 0.
    expect((await s.state(eventId)).body.seq).toBe(0);
    const list = await s.client.get<ScoringMatch[]>(`/${SCORING_PATHS.matches}`, s.as('scorer'));
    expect(list.status).toBe(200);
    expect(list.body.map((m) => m.eventId)).toContain(eventId);
    expect((await calls.record(s.as('admin'))).status).toBe(201);
    const second = await s.post(
      eventId,
      { ballId: crypto.randomUUID(), expectedSeq: 1, action: runs(1) },
      s.as('scorer'),
    );
    expect(second.status).toBe(201);
    expect(second.body.entry.by).toBe(`staff:${s.staff.scorer.id}`);
  });

  it('scores an over: the viewer timeline and the event show the score, the card and the key moments', async () => {
    const eventId = await s.newMatch();
    await s.record(eventId, OPENING);
    await s.record(eventId, runs(4)); // Rahul 4
    await s.record(eventId, { kind: 'ball', delivery: { kind: 'wide', runs: 0 } });
    await s.record(eventId, runs(1)); // Rahul 5, Gill on strike
    await s.record(eventId, { ...WICKET }); // Gill c Smith b Khan; Kohli in
    await s.record(eventId, runs(0));
    await s.record(eventId, runs(6)); // Kohli 6
    const last = await s.record(eventId, runs(2)); // Kohli 8: the sixth legal ball
    expect(last.state).toMatchObject({
      needs: 'nextBowler',
      scoreSummary: 'NOW 14/1 (1)',
      thisOver: ['4', '1wd', '1', 'W', '0', '6', '2'],
      status: 'live',
      playState: 'in_play',
    });
    // The ends changed at the over: Rahul faces the next one.
    expect(last.state.striker).toBe('Rahul');

    const overEnd = await s.record(eventId, { kind: 'overEnd', nextBowler: 'Starc' });
    expect(overEnd.state).toMatchObject({ needs: 'ball', bowler: 'Starc', thisOver: [] });

    const { status, body } = await s.timeline(eventId);
    expect(status).toBe(200);
    const moments = body.entries.flatMap((e) => (e.moment ? [e.moment] : []));
    expect(moments.map((m) => m.kind)).toEqual(['four', 'wicket', 'six']);
    expect(moments[1]!.label).toBe('Wicket: Gill c Smith b Khan, 0 (1)');
    const newest = body.entries.at(-1)!;
    expect(newest.state.scoreSummary).toBe('NOW 14/1 (1)');
    expect(newest.state.scorecard).toMatchObject({
      battingTeam: 'NOW',
      extras: { wides: 1, noBalls: 0, byes: 0, legByes: 0, penalties: 0 },
      fallOfWickets: [{ wicket: 1, runs: 6, batter: 'Gill', overs: '0.3' }],
    });
    const khan = newest.state.scorecard!.bowlers.find((b) => b.name === 'Khan');
    expect(khan).toMatchObject({ overs: '1', runs: 14, wickets: 1, current: false });
    expect(body.entries.map((e) => e.commentary)).toContain('Khan to Rahul, FOUR');

    const event = await s.client.get<CatalogEvent>(`/${CATALOG_PATHS.events}/${eventId}`, s.viewer);
    expect(event.body).toMatchObject({ status: 'live', scoreSummary: 'NOW 14/1 (1)' });

    const audit = await host().query<{ actor: string; action: string }>(
      "SELECT actor, action FROM staff_audit WHERE subject = $1 AND action LIKE 'scoring.%' ORDER BY id",
      [`event:${eventId}`],
    );
    expect(audit).toHaveLength(9);
    expect(new Set(audit.map((a) => `${a.actor} ${a.action}`))).toEqual(
      new Set([`staff:${s.staff.scorer.id} scoring.record`]),
    );
  });

  it('a retried ball is recorded once; its id with another action is refused', async () => {
    const eventId = await s.newMatch();
    await s.record(eventId, OPENING);
    const ball = { ballId: crypto.randomUUID(), expectedSeq: 1, action: runs(4) };
    const first = await s.post(eventId, ball);
    expect(first.status).toBe(201);
    // The network dropped the answer: the console sends the same press again.
    const again = await s.post(eventId, ball);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ replayed: true, entry: { seq: 2, ballId: ball.ballId } });
    expect(again.body.state.scoreSummary).toBe('NOW 4/0 (0.1)');
    const reused = await s.post(eventId, { ...ball, action: runs(6) });
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe('SCORING_BALL_ID_REUSED');
    const { body } = await s.timeline(eventId);
    expect(body.entries.filter((e) => e.moment?.kind === 'four')).toHaveLength(1);
    expect((await s.state(eventId)).body.seq).toBe(2);
  });

  it('a stale sequence is a 409 naming the current one, and records nothing', async () => {
    const eventId = await s.newMatch();
    await s.record(eventId, OPENING);
    await s.record(eventId, runs(1));
    const stale = await s.post(eventId, {
      ballId: crypto.randomUUID(),
      expectedSeq: 1,
      action: runs(4),
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'SCORING_CONFLICT', currentSeq: 2 });
    expect(stale.body.message).toMatch(/sequence 2/);
    expect((await s.state(eventId)).body).toMatchObject({ seq: 2, scoreSummary: 'NOW 1/0 (0.1)' });
  });

  it('undo withdraws the latest balls and their key moments; the correction is recorded', async () => {
    const eventId = await s.newMatch();
    await s.record(eventId, OPENING);
    await s.record(eventId, runs(1));
    await s.record(eventId, runs(4));
    await s.record(eventId, runs(6));
    const undone = await s.record(eventId, { kind: 'undo' });
    expect(undone.state).toMatchObject({ scoreSummary: 'NOW 5/0 (0.2)', seq: 5 });
    const twice = await s.record(eventId, { kind: 'undo' });
    expect(twice.state.scoreSummary).toBe('NOW 1/0 (0.1)');
    const corrected = await s.record(eventId, runs(2));
    expect(corrected.state.scoreSummary).toBe('NOW 3/0 (0.2)');
    expect(corrected.state.recent.map((e) => [e.action.kind, e.undone])).toEqual([
      ['ball', false],
      ['undo', false],
      ['undo', false],
      ['ball', true],
      ['ball', true],
      ['ball', false],
      ['inningsStart', false],
    ]);
    const { body } = await s.timeline(eventId);
    expect(body.entries.some((e) => e.moment?.kind === 'four' || e.moment?.kind === 'six')).toBe(
      false,
    );
    expect(body.entries.at(-1)!.state.scoreSummary).toBe('NOW 3/0 (0.2)');
    const audit = await host().query<{ before: { withdrawn: { seq: number } } }>(
      "SELECT before FROM staff_audit WHERE subject = $1 AND action = 'scoring.undo' ORDER BY id",
      [`event:${eventId}`],
    );
    expect(audit.map((a) => a.before.withdrawn.seq)).toEqual([4, 3]);
    await s.record(eventId, { kind: 'undo' });
    await s.record(eventId, { kind: 'undo' });
    await s.record(eventId, { kind: 'undo' });
    const nothing = await s.post(eventId, {
      ballId: crypto.randomUUID(),
      expectedSeq: (await s.state(eventId)).body.seq,
      action: { kind: 'undo' },
    });
    expect(nothing.status).toBe(409);
    expect(nothing.body.code).toBe('SCORING_NOT_NOW');
  });

  it("stamps each ball with the picture's time", async () => {
    const eventId = await s.newMatch();
    // The clock stands still at S0 until moved: the match was made at S0, the press comes 10 s on.
    await s.api.advanceClock(10);
    const opened = await s.record(eventId, OPENING);
    const onAir = new Date(S0.getTime() + 10_000 - PICTURE_DELAY_MS).toISOString();
    expect(opened.entry.pictureTime).toBe(onAir);
    expect(opened.state.pictureDelayMs).toBe(PICTURE_DELAY_MS);
    expect(opened.state.serverTime).toBe(new Date(S0.getTime() + 10_000).toISOString());
    await s.api.advanceClock(20);
    const sent = new Date(S0.getTime() + 20_000).toISOString();
    const four = await s.record(eventId, runs(4), sent);
    expect(four.entry.pictureTime).toBe(sent);
    const entry = (await s.timeline(eventId)).body.entries.find((e) => e.moment?.kind === 'four');
    expect(entry!.at).toBe(sent);
    const future = await s.post(eventId, {
      ballId: crypto.randomUUID(),
      expectedSeq: 2,
      pictureTime: new Date(S0.getTime() + 120_000).toISOString(),
      action: runs(1),
    });
    expect(future.status).toBe(400);
    expect(future.body.code).toBe('VALIDATION_FAILED');
    // A time before the timeline's latest entry is moved up to it: viewers' time only moves on.
    const early = await s.record(eventId, runs(1), new Date(S0.getTime() + 9_000).toISOString());
    expect(early.entry.pictureTime).toBe(sent);
  });

  it('refuses actions that do not fit the match now, and keeps stoppages and the innings end', async () => {
    const eventId = await s.newMatch();
    const notNow = async (action: unknown, code = 'SCORING_NOT_NOW', status = 409) => {
      const seq = (await s.state(eventId)).body.seq;
      const res = await s.post(eventId, { ballId: crypto.randomUUID(), expectedSeq: seq, action });
      expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
    };
    await notNow(runs(1));
    await notNow({ ...OPENING, battingTeam: 'XYZ' }, 'VALIDATION_FAILED', 400);
    await s.record(eventId, OPENING);
    await notNow({ kind: 'overEnd', nextBowler: 'Starc' });
    await notNow(
      { ...WICKET, delivery: { ...WICKET.delivery, newBatter: null } },
      'VALIDATION_FAILED',
      400,
    );
    await notNow({ kind: 'ball', delivery: { kind: 'runs', runs: 9 } }, 'VALIDATION_FAILED', 400);
    const rain = await s.record(eventId, { kind: 'stoppage', reason: 'rain' });
    expect(rain.state).toMatchObject({ playState: 'rain_delay', needs: 'resume' });
    await notNow(runs(1));
    await s.record(eventId, { kind: 'resume' });
    await s.record(eventId, { kind: 'stoppage', reason: 'badLight' });
    await s.record(eventId, { kind: 'resume' });
    await s.record(eventId, runs(4));
    const end = await s.record(eventId, { kind: 'inningsEnd' });
    expect(end.state).toMatchObject({ playState: 'innings_break', needs: 'inningsStart' });
    await notNow(runs(1));
    const chase = await s.record(eventId, {
      kind: 'inningsStart',
      battingTeam: 'SOF',
      striker: 'Smith',
      nonStriker: 'Warner',
      bowler: 'Bumrah',
    });
    expect(chase.state.scorecard).toMatchObject({ target: 5, battingTeam: 'SOF' });
    expect(chase.state.scoreSummary).toBe('NOW 4/0 (0.1) · SOF 0/0 (0)');
    const kinds = (await s.timeline(eventId)).body.entries.flatMap((e) =>
      e.moment ? [e.moment.kind] : [],
    );
    expect(kinds).toEqual(['rainDelay', 'badLight', 'four', 'inningsEnd']);
  });
});

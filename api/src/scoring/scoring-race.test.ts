/** @jest-environment node */
/**
 * Scoring's races on PostgreSQL (decision 443; PGlite's one connection would hide them): the same
 * ball sent six times at once (a console retrying over a flaky network) is recorded once; two
 * scorers sending different balls at one sequence: one is recorded, the other gets 409 naming the
 * sequence it must reload.
 */
import crypto from 'node:crypto';
import { OPENING, runs, scoringSuite } from '../testing/scoring-helpers';
import { describeOnPostgres } from '../testing/postgres-suite';

describeOnPostgres('scoring races', (host) => {
  const s = scoringSuite(host);

  it('the same ball sent six times at once is recorded once', async () => {
    const eventId = await s.newMatch();
    await s.record(eventId, OPENING);
    const ball = { ballId: crypto.randomUUID(), expectedSeq: 1, action: runs(4) };
    const answers = await Promise.all(Array.from({ length: 6 }, () => s.post(eventId, ball)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.entry.seq))).toEqual(new Set([2]));
    const rows = await host().query<{ n: string }>(
      'SELECT count(*) AS n FROM scoring_actions WHERE event_id = $1',
      [eventId],
    );
    expect(Number(rows[0]!.n)).toBe(2);
    const { body } = await s.timeline(eventId);
    expect(body.entries.filter((e) => e.moment?.kind === 'four')).toHaveLength(1);
    expect(body.entries.at(-1)!.state.scoreSummary).toBe('NOW 4/0 (0.1)');
  });

  it('two scorers, two balls at one sequence: one is recorded, the other gets 409', async () => {
    const eventId = await s.newMatch();
    await s.record(eventId, OPENING);
    const [four, six] = await Promise.all([
      s.post(eventId, { ballId: crypto.randomUUID(), expectedSeq: 1, action: runs(4) }),
      s.post(
        eventId,
        { ballId: crypto.randomUUID(), expectedSeq: 1, action: runs(6) },
        s.as('admin'),
      ),
    ]);
    const statuses = [four.status, six.status].sort();
    expect(statuses).toEqual([201, 409]);
    const loser = four.status === 409 ? four : six;
    expect(loser.body).toMatchObject({ code: 'SCORING_CONFLICT', currentSeq: 2 });
    const state = (await s.state(eventId)).body;
    expect(state.seq).toBe(2);
    expect(['NOW 4/0 (0.1)', 'NOW 6/0 (0.1)']).toContain(state.scoreSummary);
  });
});

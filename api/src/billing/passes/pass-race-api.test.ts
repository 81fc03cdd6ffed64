/** @jest-environment node */
/**
 * Passes under concurrency, on PostgreSQL (PGlite's one connection would serialise the race):
 * the same pass paid from several tabs at once, each with its own Idempotency-Key, takes the
 * money once and refuses the rest before any charge (decision 455); and a pass plays on one
 * screen at a time (decision 454).
 */
import { randomUUID } from 'node:crypto';
import { SANDBOX_TEST_CARDS } from '@crease/contract';
import { countRows, eventually, expectErrorShape, submitCard } from '../../testing/billing-helpers';
import { passSuite } from '../../testing/pass-fixtures';
import { device } from '../../testing/streams-suite';
import { describeOnPostgres } from '../../testing/postgres-suite';

describeOnPostgres('Passes: the same pass paid twice at once', (host) => {
  const s = passSuite(host);

  it.each([2, 5])('%i tabs paying the same match pass at once are charged once', async (tabs) => {
    const v = await s.viewer();
    const opened = await Promise.all(
      Array.from({ length: tabs }, () => s.checkout(v, 'MATCH', s.ids.live, randomUUID())),
    );
    // Nothing is paid yet: every tab gets its own payment page.
    expect(opened.map((r) => r.status)).toEqual(Array(tabs).fill(201));
    const paid = await Promise.all(
      opened.map((r) => submitCard(v.client, r.body.sessionId, SANDBOX_TEST_CARDS.success)),
    );
    const statuses = paid.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array(tabs - 1).fill(409)]);
    for (const refused of paid.filter((r) => r.status === 409))
      expectErrorShape(refused.body, 'PASS_ALREADY_OWNED');
    // One charge in the provider, one payment in the ledger, and the pass plays.
    await eventually(async () => (await countRows(host(), 'payments', v.userId)) === 1);
    expect((await s.stream(v, s.ids.live)).status).toBe(201);
    expect(await countRows(host(), 'payments', v.userId)).toBe(1);
  });

  it('plays on one screen at a time: a second device is refused with the devices playing', async () => {
    const v = await s.viewer();
    await s.buyPass(v, 'MATCH', s.ids.live);
    expect((await s.stream(v, s.ids.live)).status).toBe(201);
    const second = `dev-${randomUUID()}`;
    await v.client.postJson('/api/v1/devices', device(second), { bearer: v.bearer });
    const refused = await s.stream({ ...v, vidictId: second }, s.ids.live);
    expect(refused.status).toBe(409);
    expectErrorShape(refused.body, 'STREAM_LIMIT_REACHED');
  });
});

/** @jest-environment node */
import path from 'node:path';
import { readLiveState } from './release-map-file';
import { FallbackCounter } from './fallback-counter';
import { rejection, tempRegistry } from '../testing/release-fixtures';

const MINUTE = 60_000;
const rm = { actor: 'rm', reason: 'release' };

/** A registry that needs 10 minutes live for a proof, on a clock the test moves. */
async function legalOnAClock() {
  let now = Date.parse('2026-11-23T12:00:00Z');
  const setup = tempRegistry(undefined, { minLiveMs: 10 * MINUTE, now: () => new Date(now) });
  const registryDir = path.join(setup.dataDir, 'registry');
  const versions = {
    original: await setup.publish('mf-legal', '^1', 'original'),
    canary: await setup.publish('mf-legal', '^1', 'canary'),
    broken: await setup.publish('mf-legal', '^1', 'broken'),
  };
  return {
    ...setup,
    ...versions,
    advance: (minutes: number) => {
      now += minutes * MINUTE;
    },
    /** Viewers' browsers fell back from `failed`, as the edge records it. */
    fallbacksFrom: (failed: string, fallback: string, times = 1) => {
      const counter = new FallbackCounter(registryDir, 500, () => setup.registry.syncLiveMap());
      for (let i = 0; i < times; i += 1) counter.record('mf-legal', failed, fallback);
      counter.flush();
    },
    lastKnownGood: () => setup.registry.status().apps.find((a) => a.app === 'mf-legal')!,
    mapEntry: () =>
      readLiveState(path.join(setup.dataDir, 'release-map.json')).releaseMap.remotes['mf-legal'],
  };
}

describe('last-known-good (issue 9, item 9)', () => {
  it('canary → broken build with fallbacks → original: the broken build is never the last-known-good', async () => {
    const r = await legalOnAClock();
    await r.registry.promote({ 'mf-legal': r.original }, rm);
    r.advance(60);
    await r.registry.promote({ 'mf-legal': r.canary }, rm); // a good canary
    r.advance(30);
    await r.registry.promote({ 'mf-legal': r.broken }, rm); // remoteEntry.js answers HTML
    r.fallbacksFrom(r.broken, r.canary, 3); // browsers fall back, and status counts it
    expect(r.lastKnownGood()).toMatchObject({ version: r.broken, fallbacks: 3 });
    r.advance(15); // live longer than the minimum: the fallbacks still veto it
    await r.registry.promote({ 'mf-legal': r.original }, rm);

    expect(r.lastKnownGood()).toMatchObject({ version: r.original, lastKnownGood: r.canary });
    expect(r.mapEntry()?.lastKnownGoodManifestUrl).toBe(
      `/apps/mf-legal/${r.canary}/mf-manifest.json`,
    );
    // Rolling back goes to the canary too, never to the build that could not load.
    await r.registry.rollback('mf-legal', null, rm);
    expect(r.lastKnownGood()).toMatchObject({ version: r.canary, lastKnownGood: null });
  });

  it('a version live for less than the minimum time is not proven; mark-good vouches for it, with a reason in the history', async () => {
    const r = await legalOnAClock();
    await r.registry.promote({ 'mf-legal': r.original }, rm);
    r.advance(9); // one minute short
    await r.registry.promote({ 'mf-legal': r.canary }, rm);
    expect(r.lastKnownGood().lastKnownGood).toBeNull();
    expect(r.mapEntry()?.lastKnownGoodManifestUrl).toBeNull();
    const none = await rejection(r.registry.rollback('mf-legal', null, rm));
    expect(none.code).toBe('NO_PREVIOUS_VERSION');
    expect(none.message).toContain('mark-good');

    const noReason = await rejection(
      r.registry.markGood('mf-legal', r.original, { actor: 'rm', reason: '  ' }),
    );
    expect(noReason).toMatchObject({ code: 'INVALID_REQUEST', exitCode: 2 });
    const marked = await r.registry.markGood('mf-legal', r.original, {
      actor: 'carol',
      reason: 'checked by hand on staging',
    });
    expect(marked.changes).toEqual([{ app: 'mf-legal', from: null, to: r.original }]);
    expect(r.registry.history('mf-legal', 1)[0]).toMatchObject({
      action: 'mark-good',
      actor: 'carol',
      to: r.original,
      reason: 'checked by hand on staging',
      revision: marked.revision,
    });
    expect(r.lastKnownGood().lastKnownGood).toBe(r.original);
    expect(r.mapEntry()?.lastKnownGoodManifestUrl).toContain(r.original);
    // Marking again changes nothing and adds no history.
    expect(await r.registry.markGood('mf-legal', r.original, rm)).toEqual({
      revision: marked.revision,
      changes: [],
    });
  });

  it('exactly the minimum time live is enough', async () => {
    const r = await legalOnAClock();
    await r.registry.promote({ 'mf-legal': r.original }, rm);
    r.advance(10);
    await r.registry.promote({ 'mf-legal': r.canary }, rm);
    expect(r.lastKnownGood().lastKnownGood).toBe(r.original);
  });

  it('mark-good refuses a version viewers fell back from, an unknown version, and an app not live', async () => {
    const r = await legalOnAClock();
    const notLive = await rejection(r.registry.markGood('mf-legal', r.original, rm));
    expect(notLive.code).toBe('INVALID_REQUEST');
    await r.registry.promote({ 'mf-legal': r.broken }, rm);
    r.fallbacksFrom(r.broken, r.original);
    const refused = await rejection(r.registry.markGood('mf-legal', r.broken, rm));
    expect(refused).toMatchObject({ code: 'VERSION_HAS_FALLBACKS', exitCode: 2, status: 409 });
    expect(refused.message).toContain('fell back from it 1 time');
    const unknown = await rejection(r.registry.markGood('mf-legal', '1.0.0-0123456789', rm));
    expect(unknown.code).toBe('ARTIFACT_NOT_FOUND');
    expect(r.registry.history('mf-legal').some((e) => e.action === 'mark-good')).toBe(false);
  });

  it('fallbacks that arrive after the version left veto it, in status and in the live map', async () => {
    const r = await legalOnAClock();
    await r.registry.promote({ 'mf-legal': r.original }, rm);
    r.advance(20);
    await r.registry.markGood('mf-legal', r.canary, rm);
    await r.registry.promote({ 'mf-legal': r.canary }, rm);
    r.advance(20);
    await r.registry.promote({ 'mf-legal': r.broken }, rm);
    expect(r.mapEntry()?.lastKnownGoodManifestUrl).toContain(r.canary);
    // A tab still on the old map reports that the canary failed for it: even marked, it is out.
    r.fallbacksFrom(r.canary, r.original);
    expect(r.lastKnownGood().lastKnownGood).toBe(r.original);
    expect(r.mapEntry()?.lastKnownGoodManifestUrl).toContain(r.original);
  });

  it('a rollback away from a version takes its proof away', async () => {
    const r = await legalOnAClock();
    await r.registry.promote({ 'mf-legal': r.original }, rm);
    r.advance(20);
    await r.registry.promote({ 'mf-legal': r.canary }, rm);
    await r.registry.markGood('mf-legal', r.canary, rm);
    await r.registry.rollback('mf-legal', null, { actor: 'rm', reason: 'canary is wrong' });
    r.advance(1);
    await r.registry.promote({ 'mf-legal': r.canary }, rm);
    r.advance(1);
    await r.registry.promote({ 'mf-legal': r.broken }, rm);
    // The canary was live one minute since its rollback, and its mark went with the rollback.
    expect(r.lastKnownGood().lastKnownGood).toBe(r.original);
  });
});

/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { rejection, tempRegistry } from '../testing/release-fixtures';
import { judgeCanary, oneSidedZ } from './canary-health';
import type { SignalCounts } from './canary-health';
import { CanaryGuard } from './canary-guard';
import { readLiveState } from './release-map-file';

const who = { actor: 'alice', reason: 'try the new filters' };

/** Signal counts a test sets per version, as the signals store would report them. */
function signalBoard() {
  const counts = new Map<string, SignalCounts>();
  const set = (version: string, views: number, loadFailures = 0, fallbacks = 0, crashes = 0) =>
    counts.set(version, { version, views, loadFailures, fallbacks, crashes });
  return { set, signals: () => [...counts.values()] };
}

/** A live shell and mf-catalog (stable), and a published candidate for the canary. */
async function liveCatalog(options: Parameters<typeof tempRegistry>[1] = {}) {
  const fixture = tempRegistry(undefined, options);
  const { registry, publish } = fixture;
  const shell = await publish('shell', 1);
  const stable = await publish('mf-catalog', '^1', 'stable');
  await registry.promote({ shell, 'mf-catalog': stable }, who);
  const candidate = await publish('mf-catalog', '^1', 'candidate');
  const live = () => readLiveState(path.join(fixture.dataDir, 'release-map.json'));
  return { ...fixture, shell, stable, candidate, live };
}

describe('starting a canary', () => {
  it('keeps the stable map, adds the canary entry that falls back to stable, and records it', async () => {
    const { registry, stable, candidate, live } = await liveCatalog();
    const result = await registry.canary('mf-catalog', candidate, 10, who);
    expect(result.changes).toEqual([
      { app: 'mf-catalog', from: stable, to: candidate, percent: 10 },
    ]);
    const state = live();
    expect(state.releaseMap.remotes['mf-catalog']?.version).toBe(stable);
    expect(state.canaries?.['mf-catalog']).toEqual({
      percent: 10,
      entry: {
        version: candidate,
        manifestUrl: `/apps/mf-catalog/${candidate}/mf-manifest.json`,
        lastKnownGoodManifestUrl: `/apps/mf-catalog/${stable}/mf-manifest.json`,
      },
    });
    expect(registry.history('mf-catalog')[0]).toMatchObject({
      action: 'canary',
      percent: 10,
      from: stable,
      to: candidate,
      actor: 'alice',
      reason: 'try the new filters',
    });
    const status = registry.status().apps.find((a) => a.app === 'mf-catalog')!;
    expect(status).toMatchObject({ version: stable, lastKnownGood: null });
    expect(status.canary).toMatchObject({ version: candidate, percent: 10, by: 'alice' });
    expect(status.canary?.health.verdict).toBe('collecting');
  });

  it('refuses bad input with a clear error and leaves the map and history as they were', async () => {
    const { registry, publish, candidate, live, dataDir } = await liveCatalog();
    const broken = await publish('mf-catalog', '^2', 'needs-contract-2');
    const before = { map: fs.readFileSync(path.join(dataDir, 'release-map.json'), 'utf8') };
    const history = registry.history();
    const cases: [() => Promise<unknown>, string, RegExp][] = [
      [() => registry.canary('mf-catalog', candidate, 0, who), 'INVALID_REQUEST', /1 to 99/],
      [() => registry.canary('mf-catalog', candidate, 100, who), 'INVALID_REQUEST', /1 to 99/],
      [
        () => registry.canary('mf-catalog', candidate, 12.5, who),
        'INVALID_REQUEST',
        /whole number/,
      ],
      [() => registry.canary('mf-catalog', candidate, '10', who), 'INVALID_REQUEST', /1 to 99/],
      [
        () => registry.canary('mf-catalog', '1.0.0-0123456789', 5, who),
        'ARTIFACT_NOT_FOUND',
        /Publish/,
      ],
      [() => registry.canary('mf-catalog', broken, 5, who), 'CONTRACT_MISMATCH', /contract 1/],
      [() => registry.canary('shell', candidate, 5, who), 'INVALID_REQUEST', /remotes/],
      [() => registry.canary('mf-player', candidate, 5, who), 'INVALID_REQUEST', /not live/],
    ];
    for (const [attempt, code, message] of cases) {
      const error = await rejection(attempt());
      expect([error.code, error.message]).toEqual([code, expect.stringMatching(message)]);
    }
    expect(fs.readFileSync(path.join(dataDir, 'release-map.json'), 'utf8')).toBe(before.map);
    expect(registry.history()).toEqual(history);
    expect(live().canaries).toBeUndefined();
  });

  it('allows one canary per remote; a promote of another version conflicts while it runs', async () => {
    const { registry, publish, candidate } = await liveCatalog();
    await registry.canary('mf-catalog', candidate, 10, who);
    const other = await publish('mf-catalog', '^1', 'other');
    const second = await rejection(registry.canary('mf-catalog', other, 20, who));
    expect(second.code).toBe('CANARY_RUNNING');
    expect(second.status).toBe(409);
    const promote = await rejection(registry.promote({ 'mf-catalog': other }, who));
    expect(promote.code).toBe('CANARY_RUNNING');
    expect(promote.message).toMatch(new RegExp(`Promote ${candidate} to finish it`));
    const rollbackTo = await rejection(registry.rollback('mf-catalog', other, who));
    expect(rollbackTo.code).toBe('CANARY_RUNNING');
    // Other remotes release as usual meanwhile.
    const legal = await publish('mf-legal', '^1');
    await expect(registry.promote({ 'mf-legal': legal }, who)).resolves.toMatchObject({
      changes: [{ app: 'mf-legal' }],
    });
  });

  it('refuses a new shell that would break a running canary', async () => {
    const { registry, publish } = tempRegistry();
    const shell = await publish('shell', 1);
    const stable = await publish('mf-catalog', '>=1 <3', 'stable');
    await registry.promote({ shell, 'mf-catalog': stable }, who);
    const onlyOne = await publish('mf-catalog', '^1', 'canary');
    await registry.canary('mf-catalog', onlyOne, 10, who);
    const shell2 = await publish('shell', 2, 'two');
    // The stable version supports contract 2; the canary's browsers would break.
    const error = await rejection(registry.promote({ shell: shell2 }, who));
    expect(error.code).toBe('CONTRACT_MISMATCH');
    expect(error.message).toMatch(new RegExp(`mf-catalog ${onlyOne}`));
    await registry.rollback('mf-catalog', null, who);
    await expect(registry.promote({ shell: shell2 }, who)).resolves.toMatchObject({
      changes: [{ app: 'shell', to: shell2 }],
    });
  });
});

describe('finishing and aborting', () => {
  it('promote finishes the canary: it goes live for everyone and stable joins the trail', async () => {
    const { registry, stable, candidate, live } = await liveCatalog();
    await registry.canary('mf-catalog', candidate, 25, who);
    await registry.promote({ 'mf-catalog': candidate }, { actor: 'bob', reason: 'healthy' });
    const state = live();
    expect(state.canaries).toBeUndefined();
    expect(state.releaseMap.remotes['mf-catalog']).toMatchObject({
      version: candidate,
      lastKnownGoodManifestUrl: `/apps/mf-catalog/${stable}/mf-manifest.json`,
    });
    const status = registry.status().apps.find((a) => a.app === 'mf-catalog')!;
    expect(status).toMatchObject({ version: candidate, lastKnownGood: stable, canary: null });
  });

  it('rollback aborts the canary; a rolled-back canary never becomes the last-known-good', async () => {
    const { registry, publish, stable, candidate, live } = await liveCatalog();
    await registry.canary('mf-catalog', candidate, 25, who);
    const aborted = await registry.rollback('mf-catalog', null, { actor: 'bob', reason: 'slow' });
    expect(aborted.changes).toEqual([{ app: 'mf-catalog', from: candidate, to: stable }]);
    expect(registry.history('mf-catalog')[0]).toMatchObject({
      action: 'canary-rollback',
      automatic: false,
      actor: 'bob',
    });
    expect(live().canaries).toBeUndefined();
    expect(live().releaseMap.remotes['mf-catalog']?.version).toBe(stable);

    // Someone promotes the rejected build anyway, then a fix: the rejected one is never a fallback.
    await registry.promote({ 'mf-catalog': candidate }, who);
    const fix = await publish('mf-catalog', '^1', 'fix');
    await registry.promote({ 'mf-catalog': fix }, who);
    expect(live().releaseMap.remotes['mf-catalog']?.lastKnownGoodManifestUrl).toBe(
      `/apps/mf-catalog/${stable}/mf-manifest.json`,
    );
    const marked = await rejection(registry.markGood('mf-catalog', candidate, who));
    expect(marked.code).toBe('VERSION_REJECTED');
  });
});

describe('the canary guard', () => {
  const policy = { minViews: 20, threshold: 3.09, minEffect: 0.01 };

  it('collects until both arms have enough views, reports a healthy canary without acting', async () => {
    const board = signalBoard();
    const { registry, stable, candidate, live } = await liveCatalog({
      signals: board.signals,
      canaryPolicy: policy,
    });
    await registry.canary('mf-catalog', candidate, 10, who);
    const guard = new CanaryGuard(registry);
    board.set(candidate, 19, 19, 19);
    board.set(stable, 400);
    expect(await guard.checkNow()).toEqual([]);
    expect(registry.status().apps[1]?.canary?.health.verdict).toBe('collecting');

    board.set(candidate, 40, 1);
    board.set(stable, 400, 6);
    expect(await guard.checkNow()).toEqual([]);
    const health = registry.status().apps[1]?.canary?.health;
    expect(health?.verdict).toBe('healthy');
    expect(health?.summary).toMatch(/Promote it to finish/);
    expect(live().canaries?.['mf-catalog']?.entry.version).toBe(candidate);
  });

  it('rolls a significantly worse canary back by itself and records why, with the figures', async () => {
    const board = signalBoard();
    let now = new Date('2026-11-23T10:00:00Z');
    const { registry, stable, candidate, live } = await liveCatalog({
      signals: board.signals,
      canaryPolicy: policy,
      now: () => now,
    });
    await registry.canary('mf-catalog', candidate, 10, who);
    const rolledBack: string[] = [];
    const guard = new CanaryGuard(registry, { onRollback: (app) => rolledBack.push(app) });
    board.set(candidate, 25, 25, 25); // every canary view failed to load and fell back
    board.set(stable, 200, 1, 0);
    now = new Date('2026-11-23T10:05:00Z');
    const made = await guard.checkNow();
    expect(made).toHaveLength(1);
    expect(rolledBack).toEqual(['mf-catalog']);
    expect(live().canaries).toBeUndefined();
    expect(live().releaseMap.remotes['mf-catalog']?.version).toBe(stable);

    const entry = registry.history('mf-catalog')[0]!;
    expect(entry).toMatchObject({
      action: 'canary-rollback',
      automatic: true,
      actor: 'canary-guard',
      at: '2026-11-23T10:05:00.000Z',
    });
    expect(entry.reason).toMatch(/failures 25\/25 \(100 %\) vs 1\/200 \(0.5 %\)/);
    const status = registry.status().apps.find((a) => a.app === 'mf-catalog')!;
    expect(status.canary).toBeNull();
    expect(status.lastAutomaticRollback).toMatchObject({
      version: candidate,
      at: '2026-11-23T10:05:00.000Z',
      figures: { canary: { views: 25, failures: 25 }, stable: { views: 200, failures: 1 } },
    });
    expect(status.lastAutomaticRollback!.figures.failureZ).toBeGreaterThan(3.09);
    // Rejected: never a last-known-good, and a second pass has nothing to do.
    expect(await guard.checkNow()).toEqual([]);
    expect(registry.history().filter((e) => e.action === 'canary-rollback')).toHaveLength(1);
  });

  it('never undoes a person: a canary promoted before the guard commits stays live', async () => {
    const board = signalBoard();
    const { registry, stable, candidate } = await liveCatalog({
      signals: board.signals,
      canaryPolicy: policy,
    });
    await registry.canary('mf-catalog', candidate, 10, who);
    board.set(candidate, 30, 30);
    board.set(stable, 30);
    await registry.promote({ 'mf-catalog': candidate }, who);
    expect(await new CanaryGuard(registry).rollBackIfFailing('mf-catalog', candidate)).toBeNull();
    expect(registry.status().apps[1]?.version).toBe(candidate);
  });
});

describe('the threshold test', () => {
  it('is a one-sided pooled two-proportion z', () => {
    // 30/100 vs 10/100: pooled 0.2, se = sqrt(0.2*0.8*0.02) = 0.0566, z = 0.2/0.0566 = 3.54
    expect(oneSidedZ(30, 100, 10, 100)).toBeCloseTo(3.536, 2);
    expect(oneSidedZ(10, 100, 30, 100)).toBeCloseTo(-3.536, 2);
    expect(oneSidedZ(0, 100, 0, 100)).toBe(0);
    expect(oneSidedZ(5, 100, 0, 0)).toBeNull();
  });

  it('needs significance and a real difference, on failures or on fallbacks', () => {
    const policy = { minViews: 100, threshold: 3.09, minEffect: 0.01 };
    const arm = (version: string, views: number, failures: number, fallbacks = 0) => ({
      version,
      views,
      failures,
      fallbacks,
    });
    expect(judgeCanary(arm('c', 100, 30), arm('s', 100, 10), policy).verdict).toBe('failing');
    expect(judgeCanary(arm('c', 100, 15), arm('s', 100, 10), policy).verdict).toBe('healthy');
    expect(judgeCanary(arm('c', 100, 0, 20), arm('s', 900, 0, 2), policy).verdict).toBe('failing');
    // Significant but negligible: half a point worse on millions of views is not a rollback.
    expect(
      judgeCanary(arm('c', 4_000_000, 40_000), arm('s', 4_000_000, 20_000), {
        ...policy,
        minEffect: 0.01,
      }).verdict,
    ).toBe('healthy');
    expect(judgeCanary(arm('c', 99, 99), arm('s', 100, 0), policy).verdict).toBe('collecting');
  });
});

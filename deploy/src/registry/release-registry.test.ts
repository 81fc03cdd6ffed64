/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { readLiveState } from './release-map-file';
import { rejection, tempRegistry, writeBuild } from '../testing/release-fixtures';
import { RevisionTakenError } from './registry-log';
import type { ReleaseError } from './release-error';

const who = { actor: 'alice', reason: 'because' };

describe('publish', () => {
  it('stores a build as <package version>-<content hash> once, and records it in the history', async () => {
    const { registry, dataDir } = tempRegistry();
    const dir = writeBuild(path.join(dataDir, 'b1'), 'mf-legal', '^1');
    const first = await registry.publish('mf-legal', dir, '1.2.3', who);
    expect(first).toMatchObject({ app: 'mf-legal', created: true, contract: '^1', revision: 1 });
    expect(first.version).toMatch(/^1\.2\.3-[0-9a-f]{10}$/);
    expect(
      fs.existsSync(
        path.join(dataDir, 'artifacts', 'mf-legal', first.version, 'nested', 'chunk.js'),
      ),
    ).toBe(true);
    const again = await registry.publish('mf-legal', dir, '1.2.3', who);
    expect(again).toMatchObject({ version: first.version, created: false, revision: 1 });
    expect(registry.history()).toEqual([
      expect.objectContaining({
        action: 'publish',
        app: 'mf-legal',
        from: null,
        to: first.version,
      }),
    ]);
  });

  it('refuses a build without contract metadata, and an unbuilt folder', async () => {
    const { registry, dataDir } = tempRegistry();
    const dir = writeBuild(path.join(dataDir, 'b1'), 'mf-legal', null);
    expect((await rejection(registry.publish('mf-legal', dir, '1.0.0', who))).code).toBe(
      'CONTRACT_MISMATCH',
    );
    const missing = await rejection(
      registry.publish('mf-legal', path.join(dataDir, 'nope'), '1.0.0', who),
    );
    expect(missing.code).toBe('ARTIFACT_NOT_FOUND');
    expect(missing.message).toMatch(/npm run build -w mf-legal/);
    expect(fs.existsSync(path.join(dataDir, 'artifacts', 'mf-legal'))).toBe(false);
  });
});

describe('promote and history', () => {
  it('promotes several apps in one revision, writes the live map with last-known-good, and skips what is live', async () => {
    const { registry, dataDir, publish } = tempRegistry();
    const shell = await publish('shell', 1);
    const legal1 = await publish('mf-legal', '^1', 'one');
    const auth = await publish('mf-auth', '^1');
    const first = await registry.promote({ shell, 'mf-legal': legal1, 'mf-auth': auth }, who);
    expect(first.changes.map((c) => c.app)).toEqual(['shell', 'mf-legal', 'mf-auth']);
    const legal2 = await publish('mf-legal', '^1', 'two');
    const second = await registry.promote({ 'mf-legal': legal2 }, { actor: 'bob' });
    expect(second.revision).toBe(first.revision + 2); // one publish in between
    const live = readLiveState(path.join(dataDir, 'release-map.json'));
    expect(live.shell).toEqual({ version: shell });
    expect(live.releaseMap.remotes['mf-legal']).toEqual({
      version: legal2,
      manifestUrl: `/apps/mf-legal/${legal2}/mf-manifest.json`,
      lastKnownGoodManifestUrl: `/apps/mf-legal/${legal1}/mf-manifest.json`,
    });
    expect(live.releaseMap.remotes['mf-auth']?.lastKnownGoodManifestUrl).toBeNull();

    const unchanged = await registry.promote({ 'mf-legal': legal2 }, who);
    expect(unchanged).toEqual({ revision: second.revision, changes: [] });

    const legalHistory = registry.history('mf-legal');
    expect(legalHistory.map((e) => [e.action, e.from, e.to, e.actor])).toEqual([
      ['promote', legal1, legal2, 'bob'],
      ['publish', null, legal2, 'test'],
      ['promote', null, legal1, 'alice'],
      ['publish', null, legal1, 'test'],
    ]);
    expect(legalHistory[2]).toMatchObject({
      reason: 'because',
      at: expect.stringMatching(/^\d{4}-/),
    });
    expect(registry.history(undefined, 2)).toHaveLength(2);
    const status = registry.status();
    expect(status.apps.map((a) => [a.app, a.version, a.lastKnownGood, a.by])).toEqual([
      ['shell', shell, null, 'alice'],
      ['mf-auth', auth, null, 'alice'],
      ['mf-legal', legal2, legal1, 'bob'],
    ]);
  });

  it('refuses unknown apps, bad versions and unpublished versions, changing nothing', async () => {
    const { registry } = tempRegistry();
    expect((await rejection(registry.promote({ 'mf-nope': '1.0.0-a' }, who))).code).toBe(
      'INVALID_REQUEST',
    );
    expect((await rejection(registry.promote({ 'mf-legal': '../../etc' }, who))).code).toBe(
      'INVALID_REQUEST',
    );
    const missing = await rejection(registry.promote({ 'mf-legal': '1.0.0-abc' }, who));
    expect(missing.code).toBe('ARTIFACT_NOT_FOUND');
    expect(missing.exitCode).toBe(5);
    expect(registry.status().revision).toBe(0);
  });
});

describe('rollback', () => {
  async function threeReleases() {
    const setup = tempRegistry();
    const v: string[] = [];
    for (const content of ['one', 'two', 'three']) {
      v.push(await setup.publish('mf-legal', '^1', content));
      await setup.registry.promote({ 'mf-legal': v.at(-1)! }, who);
    }
    return { ...setup, v };
  }

  it('goes back to the previous version each time, until there is none', async () => {
    const { registry, v, dataDir } = await threeReleases();
    await registry.rollback('mf-legal', null, { actor: 'rm', reason: 'broken checkout' });
    let live = readLiveState(path.join(dataDir, 'release-map.json')).releaseMap.remotes['mf-legal'];
    expect(live?.version).toBe(v[1]);
    expect(live?.lastKnownGoodManifestUrl).toContain(v[0]);
    expect(registry.history('mf-legal', 1)[0]).toMatchObject({
      action: 'rollback',
      from: v[2],
      to: v[1],
      actor: 'rm',
      reason: 'broken checkout',
    });
    await registry.rollback('mf-legal', null, who);
    live = readLiveState(path.join(dataDir, 'release-map.json')).releaseMap.remotes['mf-legal'];
    expect(live).toMatchObject({ version: v[0], lastKnownGoodManifestUrl: null });
    const none = await rejection(registry.rollback('mf-legal', null, who));
    expect(none.code).toBe('NO_PREVIOUS_VERSION');
  });

  it('--to goes to any published version; the version left behind is not the new last-known-good', async () => {
    const { registry, v } = await threeReleases();
    await registry.rollback('mf-legal', v[0]!, who);
    expect(registry.status().apps[0]).toMatchObject({ version: v[0], lastKnownGood: null });
    expect((await rejection(registry.rollback('mf-legal', v[0]!, who))).code).toBe(
      'INVALID_REQUEST',
    );
    expect((await rejection(registry.rollback('mf-legal', '1.0.0-notthere', who))).code).toBe(
      'ARTIFACT_NOT_FOUND',
    );
    expect((await rejection(registry.rollback('mf-auth', null, who))).code).toBe(
      'NO_PREVIOUS_VERSION',
    );
  });
});

describe('optimistic concurrency', () => {
  it('two concurrent promotions: one wins, the other gets a conflict, and retrying loses nothing', async () => {
    const { registry, publish } = tempRegistry();
    const legal = await publish('mf-legal', '^1');
    const auth = await publish('mf-auth', '^1');
    const pipelines = [
      { actor: 'pipeline-a', app: 'mf-legal', version: legal },
      { actor: 'pipeline-b', app: 'mf-auth', version: auth },
    ];
    const results = await Promise.allSettled(
      pipelines.map((p) => registry.promote({ [p.app]: p.version }, { actor: p.actor })),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    // Which pipeline commits first is the race's to decide; the loser is told who won.
    const winner = pipelines[results.findIndex((r) => r.status === 'fulfilled')]!;
    const loser = pipelines.find((p) => p !== winner)!;
    const conflict = lost[0]!.reason as ReleaseError;
    expect(conflict.code).toBe('RELEASE_CONFLICT');
    expect(conflict.exitCode).toBe(3);
    expect(conflict.message).toContain(
      `${winner.actor} committed revision 3 (promote ${winner.app}`,
    );
    // The loser changed nothing; the winner's change stands.
    expect(registry.status().apps.map((a) => a.app)).toEqual([winner.app]);
    // The loser runs again on top of the winner: both are live, neither update lost.
    await registry.promote({ [loser.app]: loser.version }, { actor: loser.actor });
    expect(registry.status().apps.map((a) => [a.app, a.version])).toEqual([
      ['mf-auth', auth],
      ['mf-legal', legal],
    ]);
  });

  it('refuses a change made against a revision that is no longer the head', async () => {
    const { registry, publish } = tempRegistry();
    const legal = await publish('mf-legal', '^1');
    const stale = await rejection(
      registry.promote({ 'mf-legal': legal }, { actor: 'a', ifRevision: 0 }),
    );
    expect(stale.code).toBe('RELEASE_CONFLICT');
    await expect(
      registry.promote({ 'mf-legal': legal }, { actor: 'a', ifRevision: 1 }),
    ).resolves.toMatchObject({ revision: 2 });
  });

  it('a revision can be committed only once', () => {
    const { registry } = tempRegistry();
    const record = {
      revision: 1,
      at: new Date().toISOString(),
      actor: 'a',
      action: 'publish' as const,
      reason: null,
      changes: [],
      apps: {},
    };
    registry.log.commit(record);
    expect(() => registry.log.commit({ ...record, actor: 'b' })).toThrow(RevisionTakenError);
    expect(registry.log.read(1).actor).toBe('a');
  });
});

describe('contract gate', () => {
  it('refuses a remote whose range the live shell does not satisfy, naming remote, range and shell', async () => {
    const { registry, publish } = tempRegistry();
    const shell = await publish('shell', 1);
    const legal = await publish('mf-legal', '^1');
    await registry.promote({ shell, 'mf-legal': legal }, who);
    const legal2 = await publish('mf-legal', '^2', 'two');
    const refused = await rejection(registry.promote({ 'mf-legal': legal2 }, who));
    expect(refused.code).toBe('CONTRACT_MISMATCH');
    expect(refused.exitCode).toBe(4);
    expect(refused.message).toBe(
      `Refused: mf-legal ${legal2} (supports ^2) does not support contract 1, which the live shell ${shell} provides.`,
    );
    expect(registry.status().apps.find((a) => a.app === 'mf-legal')?.version).toBe(legal);
  });

  it('refuses a shell whose contract breaks live remotes, naming each; together with fixed remotes it passes', async () => {
    const { registry, publish } = tempRegistry();
    const shell1 = await publish('shell', 1);
    const legal1 = await publish('mf-legal', '^1');
    const auth1 = await publish('mf-auth', '>=1 <3');
    await registry.promote({ shell: shell1, 'mf-legal': legal1, 'mf-auth': auth1 }, who);
    const shell3 = await publish('shell', 3, 'three');
    const refused = await rejection(registry.promote({ shell: shell3 }, who));
    expect(refused.code).toBe('CONTRACT_MISMATCH');
    expect(refused.message).toContain(`shell ${shell3} provides contract 3`);
    expect(refused.message).toContain(`mf-legal ${legal1} (supports ^1)`);
    expect(refused.message).toContain(`mf-auth ${auth1} (supports >=1 <3)`);

    const shell2 = await publish('shell', 2, 'two');
    const legal2 = await publish('mf-legal', '^1 || ^2', 'two');
    // mf-auth supports 2 already; mf-legal needs its new version in the same atomic promote.
    expect((await rejection(registry.promote({ shell: shell2 }, who))).message).toContain(
      'mf-legal',
    );
    const together = await registry.promote({ shell: shell2, 'mf-legal': legal2 }, who);
    expect(together.changes).toHaveLength(2);
    // Rolling mf-legal back to a ^1-only build would now break it: refused too.
    expect((await rejection(registry.rollback('mf-legal', null, who))).code).toBe(
      'CONTRACT_MISMATCH',
    );
  });

  it('refuses a remote artifact that declares no contract range', async () => {
    const { registry, dataDir, publish } = tempRegistry();
    await registry.promote({ shell: await publish('shell', 1) }, who);
    // Put a build without metadata straight into the store, as a broken pipeline might.
    const target = path.join(dataDir, 'artifacts', 'mf-legal', '1.0.0-raw');
    writeBuild(target, 'mf-legal', null);
    const refused = await rejection(registry.promote({ 'mf-legal': '1.0.0-raw' }, who));
    expect(refused.code).toBe('CONTRACT_MISMATCH');
    expect(refused.message).toMatch(/does not declare a valid contract range/);
  });
});

describe('federation runtime gate (decision 084)', () => {
  const provides = (version: string) => ({ creaseProvidesFederationRuntime: version });
  const needs = (version: string) => ({ creaseNeedsHostFederationRuntime: version });

  it('refuses a remote that needs the host runtime on a shell that provides none, or an older one', async () => {
    const { registry, publish } = tempRegistry();
    const oldShell = await publish('shell', 1);
    await registry.promote({ shell: oldShell }, who);
    const catalog = await publish('mf-catalog', '^1', 'one', needs('2.9.2'));
    const refused = await rejection(registry.promote({ 'mf-catalog': catalog }, who));
    expect(refused.code).toBe('CONTRACT_MISMATCH');
    expect(refused.exitCode).toBe(4);
    expect(refused.message).toBe(
      `Refused: mf-catalog ${catalog} (needs 2.9.2) uses the host's Module Federation runtime, and the live shell ${oldShell} provides no Module Federation runtime to remotes.`,
    );

    const olderShell = await publish('shell', 1, 'older', provides('2.8.4'));
    await registry.promote({ shell: olderShell }, who);
    expect((await rejection(registry.promote({ 'mf-catalog': catalog }, who))).message).toContain(
      'provides Module Federation runtime 2.8.4',
    );

    const newShell = await publish('shell', 1, 'new', provides('2.10.0'));
    const together = await registry.promote({ shell: newShell, 'mf-catalog': catalog }, who);
    expect(together.changes).toHaveLength(2);
  });

  it('refuses a shell that would break live remotes needing its runtime; self-contained remotes never block', async () => {
    const { registry, publish } = tempRegistry();
    const shell = await publish('shell', 1, 'one', provides('2.9.2'));
    const catalog = await publish('mf-catalog', '^1', 'one', needs('2.9.2'));
    const legal = await publish('mf-legal', '^1'); // brings its own runtime
    await registry.promote({ shell, 'mf-catalog': catalog, 'mf-legal': legal }, who);

    const plainShell = await publish('shell', 1, 'plain');
    const refused = await rejection(registry.promote({ shell: plainShell }, who));
    expect(refused.code).toBe('CONTRACT_MISMATCH');
    expect(refused.message).toContain(`shell ${plainShell} provides no Module Federation runtime`);
    expect(refused.message).toContain(`mf-catalog ${catalog} (needs 2.9.2)`);
    expect(refused.message).not.toContain('mf-legal');

    const nextMajor = await publish('shell', 1, 'three', provides('3.0.0'));
    expect((await rejection(registry.promote({ shell: nextMajor }, who))).message).toContain(
      'provides Module Federation runtime 3.0.0',
    );
    expect(registry.status().apps.find((a) => a.app === 'shell')?.version).toBe(shell);
  });

  it('refuses at publish a build whose runtime declaration is not a version', async () => {
    const { publish } = tempRegistry();
    const refused = await rejection(publish('mf-catalog', '^1', 'one', needs('latest')));
    expect(refused.code).toBe('CONTRACT_MISMATCH');
    expect(refused.message).toMatch(/invalid metaData\.creaseNeedsHostFederationRuntime/);
  });
});

/** @jest-environment node */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { EXIT, runReleaseCli } from './release-cli';
import { tempDir, writeBuild } from '../../testing/release-fixtures';

const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');
const run = promisify(execFile);

/** The real CLI as a release manager runs it: a child process, `npm run release -- …`'s command. */
async function cli(dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'deploy', 'src', 'cli', 'release.ts'), ...args],
      { cwd: repoRoot, env: { ...process.env, CREASE_DATA_DIR: dataDir, CREASE_ACTOR: 'carol' } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The same CLI in-process, for the many small cases. */
async function inProcess(dataDir: string, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runReleaseCli(args, {
    repoRoot,
    env: { CREASE_DATA_DIR: dataDir, CREASE_ACTOR: 'dave' },
    io: { out: (text) => out.push(text), err: (text) => err.push(text) },
  });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

describe('npm run release (child process)', () => {
  it('publishes, promotes, shows status as a table, and rolls back with exit code 0', async () => {
    const dataDir = tempDir('crease-cli-');
    const shellBuild = writeBuild(path.join(dataDir, 'b', 'shell'), 'shell', 1);
    const legalOne = writeBuild(path.join(dataDir, 'b', 'legal1'), 'mf-legal', '^1', 'one');
    const legalTwo = writeBuild(path.join(dataDir, 'b', 'legal2'), 'mf-legal', '^1', 'two');

    const published = await cli(dataDir, 'publish', 'shell', '--from', shellBuild, '--json');
    expect(published.code).toBe(0);
    const shell = (JSON.parse(published.stdout) as { version: string }).version;
    const one = JSON.parse(
      (await cli(dataDir, 'publish', 'mf-legal', '--from', legalOne, '--json')).stdout,
    ) as { version: string };
    const two = await cli(dataDir, 'publish', 'mf-legal', '--from', legalTwo);
    expect(two.stdout).toMatch(
      /^APP\s+VERSION\s+CONTRACT\s+NEW\nmf-legal\s+1\.0\.0-[0-9a-f]{10}\s+\^1\s+yes/,
    );
    const twoVersion = /mf-legal\s+(\S+)/.exec(two.stdout)![1]!;

    const promoted = await cli(
      dataDir,
      'promote',
      'shell',
      shell,
      `mf-legal@${one.version}`,
      '--reason',
      'launch',
    );
    expect(promoted).toMatchObject({ code: 0, stderr: '' });
    expect(promoted.stdout).toContain('Promoted in revision 4');
    // Live for seconds only (the default minimum is 10 minutes): vouched for by hand instead.
    const unreasoned = await cli(dataDir, 'mark-good', 'mf-legal', one.version);
    expect(unreasoned).toMatchObject({ code: EXIT.USAGE, stdout: '' });
    expect(unreasoned.stderr).toMatch(/^INVALID_REQUEST: mark-good needs a reason/);
    const marked = await cli(dataDir, 'mark-good', 'mf-legal', one.version, '--reason', 'QA ok');
    expect(marked).toMatchObject({ code: 0, stderr: '' });
    expect(marked.stdout).toContain('Marked good in revision 5');
    expect((await cli(dataDir, 'promote', 'mf-legal', twoVersion)).code).toBe(0);

    const status = await cli(dataDir, 'status');
    expect(status.code).toBe(0);
    const lines = status.stdout.split('\n');
    expect(lines[0]).toMatch(
      /^APP\s+LIVE\s+LAST KNOWN GOOD\s+CONTRACT\s+FALLBACKS\s+CANARY\s+SINCE\s+BY$/,
    );
    expect(lines[2]).toMatch(
      new RegExp(
        `^mf-legal\\s+${twoVersion}\\s+${one.version}\\s+\\^1\\s+0\\s+-\\s+\\S+\\s+carol$`,
      ),
    );

    const rolledBack = await cli(dataDir, 'rollback', 'mf-legal', '--reason', 'checkout broken');
    expect(rolledBack.code).toBe(0);
    expect(rolledBack.stdout).toMatch(new RegExp(`mf-legal\\s+${twoVersion}\\s+${one.version}`));
    const history = await cli(dataDir, 'history', 'mf-legal', '--json');
    expect(JSON.parse(history.stdout)[0]).toMatchObject({
      action: 'rollback',
      actor: 'carol',
      from: twoVersion,
      to: one.version,
      reason: 'checkout broken',
    });
  }, 60_000); // a dozen Node processes on a shared 2-core machine

  it('exits 5 for a version that was never published and 2 for bad usage, on stderr', async () => {
    const dataDir = tempDir('crease-cli-');
    const missing = await cli(dataDir, 'promote', 'mf-legal', '1.0.0-abcdef');
    expect(missing.code).toBe(EXIT.NOT_FOUND);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(
      /^ARTIFACT_NOT_FOUND: mf-legal 1\.0\.0-abcdef is not in the artifact store/,
    );
    const usage = await cli(dataDir, 'promote', 'mf-legal');
    expect(usage.code).toBe(EXIT.USAGE);
    expect(usage.stderr).toMatch(/mf-legal needs a version/);
  });
});

describe('release CLI exit codes', () => {
  it('3 on a conflict, 4 at the contract gate, 2 for unknown commands and options', async () => {
    const dataDir = tempDir('crease-cli-');
    const shellDir = writeBuild(path.join(dataDir, 'b', 'shell'), 'shell', 1);
    const legalDir = writeBuild(path.join(dataDir, 'b', 'legal'), 'mf-legal', '^2');
    const shell = JSON.parse(
      (await inProcess(dataDir, 'publish', 'shell', '--from', shellDir, '--json')).stdout,
    ).version;
    const legal = JSON.parse(
      (await inProcess(dataDir, 'publish', 'mf-legal', '--from', legalDir, '--json')).stdout,
    ).version;

    const stale = await inProcess(dataDir, 'promote', 'shell', shell, '--if-revision', '1');
    expect(stale.code).toBe(EXIT.CONFLICT);
    expect(stale.stderr).toMatch(/^RELEASE_CONFLICT: The registry is at revision 2, not 1/);

    expect((await inProcess(dataDir, 'promote', 'shell', shell, '--if-revision', '2')).code).toBe(
      EXIT.OK,
    );
    const gate = await inProcess(dataDir, 'promote', 'mf-legal', legal);
    expect(gate.code).toBe(EXIT.CONTRACT);
    expect(gate.stderr).toContain(
      `CONTRACT_MISMATCH: Refused: mf-legal ${legal} (supports ^2) does not support contract 1`,
    );

    expect((await inProcess(dataDir, 'deploy')).code).toBe(EXIT.USAGE);
    expect((await inProcess(dataDir, 'status', '--verbose')).code).toBe(EXIT.USAGE);
    expect((await inProcess(dataDir)).code).toBe(EXIT.USAGE);
    const help = await inProcess(dataDir, '--help');
    expect(help.code).toBe(EXIT.OK);
    expect(help.stdout).toContain('3  conflict');
  });

  it('says so when nothing is live or nothing has happened yet', async () => {
    const dataDir = tempDir('crease-cli-');
    expect((await inProcess(dataDir, 'status')).stdout).toBe('Nothing is live yet (revision 0).');
    expect((await inProcess(dataDir, 'history')).stdout).toBe('No releases yet.');
    expect(JSON.parse((await inProcess(dataDir, 'status', '--json')).stdout)).toEqual({
      revision: 0,
      apps: [],
      fallbacks: [],
    });
  });

  it('two processes promoting at once with --retry both land: no update is lost', async () => {
    const dataDir = tempDir('crease-cli-');
    const versions: string[] = [];
    for (const app of ['mf-legal', 'mf-auth', 'mf-billing'] as const) {
      const dir = writeBuild(path.join(dataDir, 'b', app), app, '^1');
      versions.push(
        JSON.parse(
          (
            await inProcess(
              dataDir,
              'publish',
              app,
              '--from',
              dir,
              '--package-version',
              '1.0.0',
              '--json',
            )
          ).stdout,
        ).version,
      );
    }
    const results = await Promise.all([
      cli(dataDir, 'promote', 'mf-legal', versions[0]!, '--retry', '5'),
      cli(dataDir, 'promote', 'mf-auth', versions[1]!, '--retry', '5'),
      cli(dataDir, 'promote', 'mf-billing', versions[2]!, '--retry', '5'),
    ]);
    expect(results.map((r) => r.code)).toEqual([0, 0, 0]);
    const status = JSON.parse((await inProcess(dataDir, 'status', '--json')).stdout) as {
      revision: number;
      apps: { app: string; version: string }[];
    };
    expect(status.revision).toBe(6);
    expect(status.apps.map((a) => a.version).sort()).toEqual([...versions].sort());
  });
});

describe('release canary', () => {
  it('starts, shows, refuses bad input with the documented exit codes, and aborts', async () => {
    const dataDir = tempDir('crease-cli-canary-');
    const publish = async (app: string, contract: string | number, content: string) => {
      const dir = writeBuild(
        path.join(dataDir, 'b', `${app}-${content}`),
        app as 'mf-legal',
        contract,
        content,
      );
      const out = await inProcess(dataDir, 'publish', app, '--from', dir, '--json');
      return (JSON.parse(out.stdout) as { version: string }).version;
    };
    const shell = await publish('shell', 1, 'shell');
    const stable = await publish('mf-legal', '^1', 'stable');
    const canary = await publish('mf-legal', '^1', 'canary');
    expect((await inProcess(dataDir, 'promote', 'shell', shell, 'mf-legal', stable)).code).toBe(0);

    const noPercent = await inProcess(dataDir, 'canary', 'mf-legal', canary, '--reason', 'x');
    expect([noPercent.code, noPercent.stderr]).toEqual([2, expect.stringMatching(/--percent/)]);
    for (const percent of ['0', '100', '2.5', 'ten']) {
      const bad = await inProcess(dataDir, 'canary', 'mf-legal', canary, '--percent', percent);
      expect([bad.code, bad.stderr]).toEqual([2, expect.stringMatching(/1 to 99/)]);
    }
    const started = await inProcess(
      dataDir,
      'canary',
      'mf-legal',
      canary,
      '--percent',
      '10',
      '--reason',
      'new refund copy',
    );
    expect(started.code).toBe(0);
    expect(started.stdout).toMatch(/Canary started in revision \d+: 10 % of browsers get/);

    const second = await inProcess(dataDir, 'canary', 'mf-legal', stable, '--percent', '5');
    expect([second.code, second.stderr]).toEqual([3, expect.stringMatching(/already running/)]);

    const status = await inProcess(dataDir, 'status');
    expect(status.stdout).toMatch(
      new RegExp(`mf-legal\\s+${stable}.*${canary} 10 % \\(collecting\\)`),
    );
    expect(status.stdout).toMatch(
      /mf-legal canary .*: Needs more page views: 0 canary and 0 stable of the 200/,
    );
    const history = await inProcess(dataDir, 'history', 'mf-legal');
    expect(history.stdout).toMatch(/canary 10 %\s+mf-legal/);

    const aborted = await inProcess(dataDir, 'rollback', 'mf-legal', '--reason', 'copy is wrong');
    expect(aborted.code).toBe(0);
    const json = JSON.parse((await inProcess(dataDir, 'status', '--json')).stdout) as {
      apps: { app: string; version: string; canary: unknown }[];
    };
    expect(json.apps.find((a) => a.app === 'mf-legal')).toMatchObject({
      version: stable,
      canary: null,
    });
  });
});

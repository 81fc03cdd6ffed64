/** @jest-environment node */
import { execFile } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { loadReleaseConfig } from '../../config';
import { openRegistry } from '../../registry/open-registry';
import { registerReleaseApi } from '../../http/release-api';
import { EXIT, runReleaseCli } from './release-cli';
import { tempDir, writeBuild } from '../../testing/release-fixtures';

const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');
const run = promisify(execFile);
const TOKEN = 'ci-token-0123456789abcdef';

const servers: FastifyInstance[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

/** A real release API (Fastify on port 0) over a temp data dir, as `npm run release-api` runs it. */
async function startApi() {
  const dataDir = tempDir('crease-remote-cli-');
  const config = loadReleaseConfig(
    { CREASE_DATA_DIR: dataDir, CREASE_RELEASE_TOKENS: `release-bot:${TOKEN}` },
    dataDir,
  );
  const registry = openRegistry(config);
  const app = Fastify();
  registerReleaseApi(app, registry, config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  servers.push(app);
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const publish = async (name: 'shell' | 'mf-legal', contract: string | number, content = 'one') =>
    (
      await registry.publish(
        name,
        writeBuild(path.join(dataDir, 'b', `${name}-${content}`), name, contract, content),
        '1.0.0',
        { actor: 'ci' },
      )
    ).version;
  return { url, dataDir, registry, publish };
}

/** The real CLI in a child process; remote settings only from `env` (nothing inherited). */
async function cli(env: Record<string, string>, ...args: string[]) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, CREASE_ACTOR: 'carol', ...env };
  for (const name of ['CREASE_RELEASE_API', 'CREASE_RELEASE_TOKEN'] as const) {
    if (!(name in env)) delete childEnv[name];
  }
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'deploy', 'src', 'cli', 'release.ts'), ...args],
      { cwd: repoRoot, env: childEnv },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The local-mode CLI on the API's own data dir, to compare outputs. */
async function local(dataDir: string, ...args: string[]) {
  const out: string[] = [];
  const code = await runReleaseCli(args, {
    repoRoot,
    env: { CREASE_DATA_DIR: dataDir },
    io: { out: (text) => out.push(text), err: () => undefined },
  });
  return { code, stdout: out.join('\n') };
}

describe('npm run release -- --api (remote mode, child process)', () => {
  // Each test starts an API and runs the CLI as child processes (tsx compiles each at start):
  // 20 s passed on an idle machine but not beside the rest of CI (a conflict test ran out).
  jest.setTimeout(60_000);

  it('shows status and history as the local CLI does, and promotes as the token’s actor', async () => {
    const api = await startApi();
    const shell = await api.publish('shell', 1);
    const legal = await api.publish('mf-legal', '^1');
    const auth = { CREASE_RELEASE_TOKEN: TOKEN };

    const promoted = await cli(
      auth,
      'promote',
      `shell@${shell}`,
      'mf-legal',
      legal,
      '--api',
      api.url,
      '--reason',
      'launch',
    );
    expect(promoted).toMatchObject({ code: EXIT.OK, stderr: '' });
    expect(promoted.stdout).toMatch(/^APP\s+FROM\s+TO\nshell\s+-\s+\S+\nmf-legal\s+-\s+\S+\n/);
    expect(promoted.stdout).toContain('Promoted in revision 3; the next page load gets it.');

    const [status, statusJson, history] = await Promise.all([
      cli({ ...auth, CREASE_RELEASE_API: api.url }, 'status'),
      cli(auth, 'status', '--json', '--api', `${api.url}/release-api/v1/`),
      cli(auth, 'history', 'mf-legal', '--json', '--api', api.url),
    ]);
    expect(status.code).toBe(EXIT.OK);
    const localStatus = await local(api.dataDir, 'status');
    const table = (text: string) => text.split('\n\n')[0];
    expect(table(status.stdout)).toBe(table(localStatus.stdout));
    expect(table(status.stdout)).toMatch(/\nmf-legal\s+\S+\s+-\s+\^1\s+0\s+-\s+\S+\s+release-bot$/);
    expect(status.stdout).toContain(`Registry revision 3; release API ${api.url}/release-api/v1.`);
    expect(JSON.parse(statusJson.stdout)).toEqual(
      JSON.parse((await local(api.dataDir, 'status', '--json')).stdout),
    );
    expect(JSON.parse(history.stdout)[0]).toMatchObject({
      action: 'promote',
      actor: 'release-bot', // the token's name, not CREASE_ACTOR
      to: legal,
      reason: 'launch',
    });
  });

  it('mark-good over the API: the token’s actor and the reason go into the history', async () => {
    const api = await startApi();
    const legal = await api.publish('mf-legal', '^1');
    const auth = { CREASE_RELEASE_TOKEN: TOKEN };
    expect((await cli(auth, 'promote', 'mf-legal', legal, '--api', api.url)).code).toBe(EXIT.OK);
    const marked = await cli(
      auth,
      'mark-good',
      'mf-legal',
      legal,
      '--api',
      api.url,
      '--reason',
      'QA',
    );
    expect(marked).toMatchObject({ code: EXIT.OK, stderr: '' });
    expect(marked.stdout).toContain('Marked good in revision 3');
    expect(JSON.parse((await local(api.dataDir, 'history', '--json')).stdout)[0]).toMatchObject({
      action: 'mark-good',
      actor: 'release-bot',
      to: legal,
      reason: 'QA',
    });
  }, 60_000);

  it('exits 3 on a conflict and 4 at the contract gate, with the API’s message; changes nothing', async () => {
    const api = await startApi();
    const shell = await api.publish('shell', 1);
    const legal = await api.publish('mf-legal', '^2');
    const env = { CREASE_RELEASE_TOKEN: TOKEN, CREASE_RELEASE_API: api.url };
    expect((await cli(env, 'promote', 'shell', shell)).code).toBe(EXIT.OK);

    const [stale, gate, none] = await Promise.all([
      cli(env, 'rollback', 'shell', '--if-revision', '1'),
      cli(env, 'promote', 'mf-legal', legal),
      cli(env, 'rollback', 'shell'),
    ]);
    expect(stale).toMatchObject({ code: EXIT.CONFLICT, stdout: '' });
    expect(stale.stderr).toMatch(/^RELEASE_CONFLICT: The registry is at revision 3, not 1/);
    expect(gate.code).toBe(EXIT.CONTRACT);
    expect(gate.stderr).toContain(
      `CONTRACT_MISMATCH: Refused: mf-legal ${legal} (supports ^2) does not support contract 1`,
    );
    expect(none.code).toBe(EXIT.NOT_FOUND);
    expect(none.stderr).toMatch(/^NO_PREVIOUS_VERSION: shell has no previous version/);
    expect(api.registry.status().revision).toBe(3);
  });

  it('exits 6 with a clear message for a missing or wrong token, and sends nothing else', async () => {
    const api = await startApi();
    const legal = await api.publish('mf-legal', '^1');
    const [missing, wrong] = await Promise.all([
      cli({ CREASE_RELEASE_API: api.url }, 'promote', 'mf-legal', legal),
      cli(
        { CREASE_RELEASE_API: api.url, CREASE_RELEASE_TOKEN: `${TOKEN}x` },
        'rollback',
        'mf-legal',
      ),
    ]);
    expect(missing).toMatchObject({ code: EXIT.NOT_AUTHORISED, stdout: '' });
    expect(missing.stderr).toContain('RELEASE_TOKEN_REQUIRED: Releasing needs a token');
    expect(missing.stderr).toContain('Set CREASE_RELEASE_TOKEN to your release token');
    expect(wrong.code).toBe(EXIT.NOT_AUTHORISED);
    expect(wrong.stderr).toContain('INVALID_RELEASE_TOKEN: The release token is not valid.');
    expect(wrong.stderr).toContain('The token in CREASE_RELEASE_TOKEN was not accepted');
    expect(api.registry.status().revision).toBe(1); // only the publish
  });

  it('records an uploaded version with publish <app> <version>, and refuses uploads and --actor', async () => {
    const api = await startApi();
    const legal = await api.publish('mf-legal', '^1');
    const env = { CREASE_RELEASE_TOKEN: TOKEN, CREASE_RELEASE_API: api.url };
    const [again, missing, upload, actor] = await Promise.all([
      cli(env, 'publish', 'mf-legal', legal, '--json'),
      cli(env, 'publish', 'mf-legal', '1.0.0-0000000000'),
      cli(env, 'publish', 'mf-legal'),
      cli(env, 'status', '--actor', 'mallory'),
    ]);
    expect(again.code).toBe(EXIT.OK);
    expect(JSON.parse(again.stdout)).toEqual({
      app: 'mf-legal',
      version: legal,
      created: false,
      contract: '^1',
      revision: 1,
    });
    expect(missing.code).toBe(EXIT.NOT_FOUND);
    expect(missing.stderr).toMatch(/^ARTIFACT_NOT_FOUND: mf-legal 1\.0\.0-0000000000 is not in/);
    expect(upload.code).toBe(EXIT.USAGE);
    expect(upload.stderr).toContain('publish <app> <version>');
    expect(actor.code).toBe(EXIT.USAGE);
    expect(actor.stderr).toContain('--actor does not go with --api');
  });

  it('exits 1 with a clear message when the API cannot be reached or is not the API', async () => {
    // A port nobody listens on: open one, note it, close it.
    const closedPort = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const notTheApi = Fastify();
    await notTheApi.listen({ port: 0, host: '127.0.0.1' });
    servers.push(notTheApi);
    const other = `http://127.0.0.1:${(notTheApi.server.address() as { port: number }).port}`;

    const [down, wrong, bad] = await Promise.all([
      cli(
        { CREASE_RELEASE_TOKEN: TOKEN },
        'promote',
        'mf-legal',
        '1.0.0-a',
        '--api',
        `http://127.0.0.1:${closedPort}`,
      ),
      cli({ CREASE_RELEASE_TOKEN: TOKEN }, 'status', '--api', other),
      cli({ CREASE_RELEASE_TOKEN: TOKEN }, 'status', '--api', `http://me:${TOKEN}@127.0.0.1:1`),
    ]);
    expect(down.code).toBe(EXIT.UNEXPECTED);
    expect(down.stderr).toMatch(
      new RegExp(
        `^RELEASE_API_UNREACHABLE: Could not reach the release API at http://127\\.0\\.0\\.1:${closedPort} \\(ECONNREFUSED\\)\\. The change may or may not have been applied`,
      ),
    );
    expect(wrong.code).toBe(EXIT.UNEXPECTED);
    expect(wrong.stderr).toMatch(
      /^RELEASE_API_ERROR: .* answered HTTP 404\. Is --api the release API\?/,
    );
    expect(bad.code).toBe(EXIT.USAGE);
    expect(bad.stderr).toContain('must not contain credentials');
    expect(bad.stderr).not.toContain(TOKEN);
  });
});

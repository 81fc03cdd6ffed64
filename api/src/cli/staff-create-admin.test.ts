/** @jest-environment node */
/**
 * The first admin (issue 33 §1, decision 433), on real processes over one PGlite data dir: the
 * development admin a development start makes once (credentials in a 0600 file, the password
 * never printed), production refusing to start while it is active, and the CLI that makes the
 * real first admin and disables the development one, each audited as a bot.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startService, startUp } from '@crease/test-utils/service-process';
import { copyMigratedPgliteFolder } from '../testing/pglite-folder';
import { PRODUCTION_API_ENV } from '../testing/production-env';

const root = path.resolve(__dirname, '..', '..', '..');
const SERVE = path.resolve(__dirname, 'serve.ts');
const CLI = path.resolve(__dirname, 'staff-create-admin.ts');
const API_LISTENING = /at http:\/\/localhost:(\d+)\//;
const DEV_EMAIL = 'dev-admin@crease.localhost';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-first-admin-'));
  // A migrated, empty database where the API keeps it, as a first start leaves it: PGlite's own
  // initdb on every start of every test cost this file most of its time (decision 435).
  copyMigratedPgliteFolder(path.join(dataDir, 'api-db'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Development, cheap argon2, its own data dir (the PGlite folder under it). */
const development = () => ({
  NODE_ENV: 'development',
  CREASE_DATA_DIR: dataDir,
  CREASE_ARGON2_MEMORY_KIB: '1024',
  CREASE_ARGON2_TIME_COST: '1',
  CREASE_SEED: 'false',
  CREASE_CATALOG_DEMO: 'false',
  LOG_LEVEL: 'silent',
});
const production = () => ({
  ...PRODUCTION_API_ENV,
  CREASE_DATA_DIR: dataDir,
  CREASE_PGLITE_DIR: path.join(dataDir, 'api-db'),
  LOG_LEVEL: 'silent',
});
const serving = (env: Record<string, string>) =>
  startService(SERVE, { API_PORT: '0', API_HOST: '127.0.0.1', ...env }, API_LISTENING);

/** Runs the CLI to its end: exit code and what it printed. */
function cli(args: string[], env: Record<string, string>, stdin = '') {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(stdin);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr })),
  );
}

/** The `key: value` lines and the recovery codes of a credentials printout. */
function credentials(text: string) {
  const field = (name: string) => new RegExp(`^${name}: (.+)$`, 'm').exec(text)?.[1];
  return {
    email: field('email'),
    password: field('password'),
    secret: field('totp secret \\(base32\\)'),
    uri: field('totp uri'),
    codes: [...text.matchAll(/^ {2}([0-9a-f]{5}(?:-[0-9a-f]{5}){3})$/gm)].map((m) => m[1]!),
  };
}

/** Signs in with a recovery code over HTTP (no clock involved); returns the bearer token. */
async function signIn(origin: string, email: string, password: string, recoveryCode: string) {
  const response = await fetch(`${origin}/api/v1/staff/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, recoveryCode }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

describe('the development admin', () => {
  it('is made once with its credentials in a 0600 file, never printed, and reused on the next start', async () => {
    const first = serving(development());
    const origin = await first.ready;
    const file = path.join(dataDir, 'staff-dev-admin.txt');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const text = fs.readFileSync(file, 'utf8');
    const made = credentials(text);
    expect(made.email).toBe(DEV_EMAIL);
    expect(made.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(made.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(made.uri).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+/);
    expect(made.codes).toHaveLength(10);
    expect(first.stdout()).toContain(`Staff admin (development): ${DEV_EMAIL}; password`);
    expect(first.stdout()).toContain(file);
    expect(first.stdout()).not.toContain(made.password);
    await signIn(origin, DEV_EMAIL, made.password!, made.codes[0]!);
    await first.stop();

    // The next start finds it: no second account, no new password, the same file.
    const second = serving(development());
    const again = await second.ready;
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
    expect(second.stdout()).toContain(file);
    const token = await signIn(again, DEV_EMAIL, made.password!, made.codes[1]!);
    const members = await fetch(`${again}/api/v1/staff/members`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const list = (await members.json()) as Array<{ email: string }>;
    expect(list.filter((m) => m.email === DEV_EMAIL)).toHaveLength(1);
    await second.stop();
  }, 180_000);
});

describe('production and the first admin', () => {
  it('refuses to start with the development admin, until the CLI makes a real admin and disables it', async () => {
    const dev = serving(development());
    await dev.ready;
    await dev.stop();

    const refused = await startUp(
      SERVE,
      { API_PORT: '0', API_HOST: '127.0.0.1', ...production() },
      API_LISTENING,
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Refusing to start in production');
    expect(refused.stderr).toContain(`the development admin ${DEV_EMAIL}`);
    expect(refused.stderr).toContain('npm run staff:create-admin -- --disable-dev-admin');

    // The CLI runs where the API runs: the production settings, the same database.
    const made = await cli(
      ['--email', 'Root@Crease.TV', '--disable-dev-admin'],
      production() as Record<string, string>,
    );
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toContain('Disabled the development admin');
    const root = credentials(made.stdout);
    expect(root.email).toBe('root@crease.tv');
    expect(root.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(root.codes).toHaveLength(10);

    // A second first admin is refused; one more is allowed when asked for, its password piped
    // in and never printed.
    const twice = await cli(['--email', 'other@crease.tv'], production() as Record<string, string>);
    expect(twice.code).toBe(3);
    expect(twice.stderr).toContain('An admin exists already (root@crease.tv)');
    const piped = 'piped-password-0123456789';
    const another = await cli(
      ['--email', 'other@crease.tv', '--another', '--password-stdin'],
      production() as Record<string, string>,
      `${piped}\n`,
    );
    expect(another.code).toBe(0);
    expect(another.stdout).not.toContain(piped);
    const other = credentials(another.stdout);
    expect(other.password).toBeUndefined();

    const api = serving(production() as Record<string, string>);
    const origin = await api.ready;
    const token = await signIn(origin, 'root@crease.tv', root.password!, root.codes[0]!);
    await signIn(origin, 'other@crease.tv', piped, other.codes[0]!);
    const audit = await fetch(`${origin}/api/v1/staff/audit`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const entries = (await audit.json()) as Array<{ actor: string; action: string }>;
    const bots = entries.filter((e) => e.actor.startsWith('bot:')).reverse();
    expect(bots.map((e) => `${e.actor} ${e.action}`)).toEqual([
      'bot:npm-start staff.create',
      'bot:cli staff.create',
      'bot:cli staff.disable',
      'bot:cli staff.create',
    ]);
    await api.stop();
  }, 240_000);
});

describe('the CLI with bad input', () => {
  it.each([
    [[], '--email is required.'],
    [['--email', 'not-an-address'], '--email "not-an-address" is not an email address.'],
    [['--email', DEV_EMAIL], 'is reserved for the development admin'],
    [['--email', 'a@b.tv', '--name', 'A'], "Unknown option '--name'"],
  ])(
    'exits 2 for %j, saying why',
    async (args, message) => {
      const { code, stderr } = await cli(args, development());
      expect(code).toBe(2);
      expect(stderr).toContain(message);
      expect(stderr).toContain('Usage: npm run staff:create-admin');
    },
    30_000,
  );

  it('exits 2 for a short password on stdin, and creates nothing', async () => {
    const short = await cli(['--email', 'a@b.tv', '--password-stdin'], development(), 'short\n');
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('The password on stdin must be one line of 12 to 256');
    const made = await cli(['--email', 'a@b.tv'], development());
    expect(made.code).toBe(0);
  }, 60_000);
});

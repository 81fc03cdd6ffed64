#!/usr/bin/env node
/**
 * CI's start of the site on Node 24, production's runtime (decision 425): `npm start` exactly as
 * the README runs it (builds already there), on a free port and an empty data dir. It passes when
 * the edge serves / with the product's title and the API on its own host answers /readyz (its
 * embedded database open), then stops the site with SIGINT and expects a clean exit.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { node24OrCurrent } from '../src/node24.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const START_TIMEOUT_MS = 300_000;

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** GET on loopback with a Host header (the API answers on api.localhost, as the site derives it). */
const get = (port, pathname, host) =>
  new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: pathname, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', () => resolve({ status: 0, body: '' }));
    req.setTimeout(10_000, () => req.destroy());
    req.end();
  });

const node = node24OrCurrent('the start check');
const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crease-start-check-'));
const site = spawn(node, ['--import', 'tsx', path.join('deploy', 'src', 'cli', 'start.ts')], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', CREASE_DATA_DIR: dataDir },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let log = '';
site.stdout.on('data', (chunk) => (log += chunk));
site.stderr.on('data', (chunk) => (log += chunk));
const exited = new Promise((resolve) =>
  site.on('exit', (code, signal) => resolve({ code, signal })),
);

const fail = (why) => {
  console.error(`start check (${node}): ${why}\n--- its output ---\n${log}`);
  site.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
};

const deadline = performance.now() + START_TIMEOUT_MS;
let welcome = { status: 0, body: '' };
let ready = { status: 0, body: '' };
let state = 'starting';
exited.then(({ code, signal }) => state === 'starting' && fail(`exited early (${code ?? signal})`));
while (performance.now() < deadline) {
  welcome = await get(port, '/', `localhost:${port}`);
  ready = await get(port, '/readyz', `api.localhost:${port}`);
  if (welcome.status === 200 && ready.status === 200) break;
  await new Promise((resolve) => setTimeout(resolve, 1000));
}
if (welcome.status !== 200 || !welcome.body.includes('<title>Crease'))
  fail(`/ answered ${welcome.status} without the product's title`);
if (ready.status !== 200) fail(`the API's /readyz answered ${ready.status}`);
// The staff API's development admin (decision 433): its credentials in a 0600 file under the
// data dir, named on the console, and its password never printed.
const adminFile = path.join(dataDir, 'staff-dev-admin.txt');
for (let i = 0; i < 30 && !log.includes(adminFile); i += 1)
  await new Promise((resolve) => setTimeout(resolve, 1000));
if (!log.includes(`Staff admin (development): dev-admin@crease.localhost; password`))
  fail('npm start did not say where the development admin is');
let adminPassword = '';
try {
  if ((statSync(adminFile).mode & 0o777) !== 0o600) fail(`${adminFile} is not mode 0600`);
  adminPassword = /^password: (.+)$/m.exec(readFileSync(adminFile, 'utf8'))?.[1] ?? '';
} catch {
  fail(`npm start wrote no ${adminFile}`);
}
if (adminPassword.length < 16 || log.includes(adminPassword))
  fail('the development admin has no password in its file, or npm start printed it');
state = 'stopping';
site.kill('SIGINT');
const { code, signal } = await exited;
rmSync(dataDir, { recursive: true, force: true });
if (code !== 0) fail(`stopped with ${code ?? signal} instead of 0`);
const version = await new Promise((resolve) => {
  const probe = spawn(node, ['--version']);
  let out = '';
  probe.stdout.on('data', (chunk) => (out += chunk));
  probe.on('close', () => resolve(out.trim()));
});
console.info(
  `start check: npm start served / and the API on Node ${version}, made the development admin, and stopped cleanly`,
);

#!/usr/bin/env node
/**
 * `npm run test:unit`: every jest suite, in two processes at once.
 * - The front ends and shared packages on the Node that runs this script (under npm on Linux x64,
 *   the Node 24 that `npm ci` brings: decision 425).
 * - The API's and the edge's suites (api/, deploy/) on Node 24, production's runtime (decision
 *   425). They mostly wait on real servers (PostgreSQL, the API's child process, Redis), so they
 *   overlap well with the CPU-bound jsdom suites on a 2-core machine.
 * Extra arguments are jest options for both runs (`--bail`, ...); for one file, run `npx jest <file>`.
 * The exit code is the worst of the two.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { node24OrCurrent } from '../src/node24.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const jestPackage = createRequire(import.meta.url).resolve('jest/package.json', { paths: [root] });
const jest = path.join(path.dirname(jestPackage), 'bin', 'jest.js');
const extra = process.argv.slice(2);

const runs = [
  {
    label: 'web',
    node: process.execPath,
    roots: ['shared', 'shell', 'mf-auth', 'mf-billing', 'mf-catalog', 'mf-legal', 'mf-player'],
    workers: 1,
  },
  // Two workers: the server suites mostly wait on their servers, and alone they were the critical
  // path (about 21 of CI's 37 minutes with one worker: decision 426).
  {
    label: 'server',
    node: node24OrCurrent('the API and deploy suites'),
    roots: ['api', 'deploy'],
    workers: 2,
  },
];

function run({ label, node, roots, workers }) {
  // jest's positional patterns are regexes over the test's path: anchor each root at the repo.
  const patterns = roots.map((dir) => `^${root}/${dir}/`);
  const child = spawn(node, [jest, '--ci', `--maxWorkers=${workers}`, ...extra, ...patterns], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: process.env,
  });
  const prefix = `[${label} ${node === process.execPath ? process.version : 'node 24'}] `;
  const relay = (from, to) => {
    let pending = '';
    from.on('data', (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) to.write(`${prefix}${line}\n`);
    });
    from.on('end', () => pending && to.write(`${prefix}${pending}\n`));
  };
  relay(child.stdout, process.stdout);
  relay(child.stderr, process.stderr);
  return new Promise((resolve) =>
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))),
  );
}

const codes = await Promise.all(runs.map(run));
process.exitCode = Math.max(...codes);

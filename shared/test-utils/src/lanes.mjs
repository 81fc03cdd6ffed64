/**
 * The pieces of `npm test` as child processes with their output prefixed by a label, so that
 * lanes that run at once stay readable (decisions 426 and 404). Used by `npm run test:unit`,
 * `npm run test -w e2e` and `npm test`'s lanes (shared/test-utils/bin/).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { node24OrCurrent } from './node24.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const requireHere = createRequire(import.meta.url);
const jestBin = path.join(
  path.dirname(requireHere.resolve('jest/package.json', { paths: [root] })),
  'bin',
  'jest.js',
);
const playwrightBin = requireHere.resolve('@playwright/test/cli', {
  paths: [path.join(root, 'e2e')],
});

/**
 * Lines that name a failure: jest's `FAIL path` and `● test` headings, Playwright's `✘` rows and
 * numbered failure headings. CI keeps only the end of a long log, so `printLaneSummary` repeats
 * them after the last lane (a failure early in a 30-minute run would otherwise be out of sight);
 * a command that names none (the build, the start check) gets its last lines instead.
 */
const FAILURE_LINE = /^(FAIL\s|\s*●\s|\s*✘|\s+\d+\) \[)/;
const MAX_FAILURE_LINES = 40;
const TAIL_LINES = 15;

/** What each command run so far ended with, in the order they ended. */
const ran = [];

/** Runs one command, each line of its output prefixed with `[label] `; resolves to its exit code. */
export function runPrefixed(label, command, args, { cwd = root, env = process.env } = {}) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${label}] `;
  const started = Date.now();
  const failures = [];
  const tail = [];
  const note = (line) => {
    // jest prints each failure twice (as it happens and in its summary), and `● Console` heads
    // a suite's logged output, not a failure.
    const named = FAILURE_LINE.test(line) && !/^\s*● Console\s*$/.test(line);
    if (named && failures.length < MAX_FAILURE_LINES && !failures.includes(line))
      failures.push(line);
    tail.push(line);
    if (tail.length > TAIL_LINES) tail.shift();
  };
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let pending = '';
    from.on('data', (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        note(line);
        to.write(`${prefix}${line}\n`);
      }
    });
    from.on('end', () => {
      if (!pending) return;
      note(pending);
      to.write(`${prefix}${pending}\n`);
    });
  }
  const finish = (code) => {
    const seconds = Math.round((Date.now() - started) / 1000);
    ran.push({ label, code, seconds, failures: failures.length > 0 ? failures : tail });
    return code;
  };
  return new Promise((resolve) => {
    child.on('error', (error) => {
      process.stderr.write(`${prefix}could not start ${command}: ${error.message}\n`);
      resolve(finish(1));
    });
    child.on('close', (code, signal) => resolve(finish(code ?? (signal ? 1 : 0))));
  });
}

/**
 * Prints one line per command run (its exit code and time) and, under each that failed, the
 * failure lines it printed: the last thing in the log, where CI's tail shows it.
 */
export function printLaneSummary(out = process.stdout) {
  out.write('\n── npm test: every lane ──\n');
  for (const { label, code, seconds, failures } of ran) {
    out.write(`${code === 0 ? 'ok    ' : 'FAILED'} ${label} (exit ${code}, ${seconds} s)\n`);
    if (code !== 0) for (const line of failures) out.write(`         ${line.trim()}\n`);
  }
}

/**
 * The two jest processes. The front ends and shared packages run on the Node that runs the
 * script; the API's and the edge's suites on Node 24, production's runtime (decision 425), with
 * two workers: they mostly wait on real servers (PostgreSQL, the API's child process, Redis).
 */
export const JEST_LANES = {
  web: {
    roots: ['shared', 'shell', 'mf-auth', 'mf-billing', 'mf-catalog', 'mf-legal', 'mf-player'],
    workers: 1,
    node: () => process.execPath,
  },
  server: {
    roots: ['api', 'deploy'],
    workers: 2,
    node: () => node24OrCurrent('the API and deploy suites'),
  },
};

/** One jest lane (`web` or `server`) with extra jest options; resolves to its exit code. */
export function jestLane(name, extra = []) {
  const lane = JEST_LANES[name];
  const node = lane.node();
  // jest's positional patterns are regexes over the test's path: anchor each root at the repo.
  const patterns = lane.roots.map((dir) => `^${root}/${dir}/`);
  const version = node === process.execPath ? process.version : 'node 24';
  return runPrefixed(`${name} ${version}`, node, [
    jestBin,
    '--ci',
    `--maxWorkers=${lane.workers}`,
    ...extra,
    ...patterns,
  ]);
}

/**
 * The Playwright projects: each starts a site of its own (or, for the cluster, the production
 * topology) on its own ports and data dir, so projects with different ports share nothing.
 */
export const E2E_PROJECTS = {
  main: { config: null, port: 4780 },
  'short-tokens': { config: 'playwright.short-tokens.config.ts', port: 4800 },
  'moved-clock': { config: 'playwright.moved-clock.config.ts', port: 4820 },
  // nginx on E2E_CLUSTER_PORT (4890) and its replicas on the next 30 ports.
  cluster: { config: 'playwright.cluster.config.ts', port: null },
};

/** One Playwright project, run from e2e/; resolves to its exit code. */
export function e2eProject(name) {
  const { config, port } = E2E_PROJECTS[name];
  return runPrefixed(
    name,
    process.execPath,
    [playwrightBin, 'test', ...(config ? ['-c', config] : [])],
    {
      cwd: path.join(root, 'e2e'),
      env: { ...process.env, ...(port ? { E2E_PORT: String(port) } : {}) },
    },
  );
}

#!/usr/bin/env node
/**
 * `npm run test -w e2e`: the four Playwright projects, in two lanes at once where they share
 * nothing (decision 426).
 * - Lane A: the main project (the whole site at E2E_PORT, 4780).
 * - Lane B, beside it: the 30-second-token project, then the moved-clock project, each with a
 *   site of its own on other ports and data dirs (the moved clock never goes back, so it never
 *   shares a server with specs that compare the API's time with this machine's).
 * - Then the cluster project alone: it kills replicas and restarts PostgreSQL under load, and
 *   starts its own nginx, API and edge replicas, PostgreSQL and Redis.
 * Each lane's output is prefixed with its name. The exit code is the first failure's, and a lane
 * that fails does not stop the other (every failure is reported in one run).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const playwright = createRequire(import.meta.url).resolve('@playwright/test/cli');

/** Runs one Playwright config on its own port, its output prefixed; resolves to its exit code. */
function project(label, config, port) {
  const args = ['test', ...(config ? ['-c', config] : [])];
  const child = spawn(process.execPath, [playwright, ...args], {
    cwd: here,
    env: { ...process.env, ...(port ? { E2E_PORT: String(port) } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${label}] `;
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let pending = '';
    from.on('data', (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) to.write(`${prefix}${line}\n`);
    });
    from.on('end', () => pending && to.write(`${prefix}${pending}\n`));
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

const laneA = project('main', null, 4780);
const laneB = (async () => {
  const shortTokens = await project('short-tokens', 'playwright.short-tokens.config.ts', 4800);
  const movedClock = await project('moved-clock', 'playwright.moved-clock.config.ts', 4820);
  return shortTokens || movedClock;
})();
const [a, b] = await Promise.all([laneA, laneB]);
const cluster = await project('cluster', 'playwright.cluster.config.ts', null);
process.exitCode = a || b || cluster;

#!/usr/bin/env node
/**
 * `npm test` after lint and types: the jest suites and the Playwright projects in two lanes
 * (decision 429, after decisions 404 and 426).
 * - Lane 1: the server jest suites (api/, deploy/ on Node 24), CI's longest piece; they mostly
 *   wait on their servers.
 * - Lane 2, beside it: the web jest suites, then the build, the start check, then the main
 *   Playwright project (4780), the 30-second-token one (4800) and the moved-clock one (4820),
 *   each with a site of its own.
 * - When both lanes are done: the cluster project alone (it kills replicas and restarts
 *   PostgreSQL under load).
 * Nothing runs at once that shares a server, a port or a data dir. A failure stops nothing that
 * does not need what failed (a failed build or start check skips the Playwright projects), so
 * one run reports every failure; the exit code is the first failure's.
 */
import path from 'node:path';
import { e2eProject, jestLane, printLaneSummary, root, runPrefixed } from '../src/lanes.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const server = jestLane('server');

/**
 * Lane 2: the web suites, the build and the start check, then every Playwright project that
 * needs the built site: main first (the longest), then the two small ones. Each starts its own
 * site on its own port and data dir, and none reads what the server suites write.
 */
const beside = (async () => {
  const web = await jestLane('web');
  const build = await runPrefixed('build', npm, ['run', 'build']);
  const start =
    build === 0
      ? await runPrefixed('start-check', process.execPath, [
          path.join(root, 'shared', 'test-utils', 'bin', 'start-check.mjs'),
        ])
      : 1;
  if (start !== 0) return { ready: false, code: web || build || start };
  const main = await e2eProject('main');
  const shortTokens = await e2eProject('short-tokens');
  const movedClock = await e2eProject('moved-clock');
  return { ready: true, code: web || main || shortTokens || movedClock };
})();

const serverCode = await server;
const { ready, code: besideCode } = await beside;
// The cluster alone at the end: it kills replicas and restarts PostgreSQL under load.
const clusterCode = ready ? await e2eProject('cluster') : 0;
printLaneSummary();
process.exitCode = serverCode || besideCode || clusterCode;

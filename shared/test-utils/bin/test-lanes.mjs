#!/usr/bin/env node
/**
 * `npm test` after lint and types: the jest suites and the Playwright projects in two lanes
 * (decision 404, after decision 426; decision 429 measured the main project beside lane 1 and
 * kept it after).
 * - Lane 1: the server jest suites (api/, deploy/ on Node 24), CI's longest piece; they mostly
 *   wait on their servers.
 * - Lane 2, beside it: the web jest suites, then the build, the start check, then the
 *   30-second-token and moved-clock Playwright projects (sites of their own on 4800 and 4820).
 * - When lane 1 is done and the apps are built: the main Playwright project (4780), beside what
 *   is left of lane 2 (as under `npm run test:e2e`), then the cluster project alone (it kills
 *   replicas and restarts PostgreSQL under load).
 * Nothing runs at once that shares a server, a port or a data dir. A failure stops nothing that
 * does not need what failed (a failed build or start check skips the Playwright projects), so
 * one run reports every failure; the exit code is the first failure's.
 */
import path from 'node:path';
import { e2eProject, jestLane, printLaneSummary, root, runPrefixed } from '../src/lanes.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const server = jestLane('server');

let ready;
/** True once the apps are built and the site starts on Node 24 (the Playwright projects need both). */
const siteReady = new Promise((resolve) => (ready = resolve));
const beside = (async () => {
  const web = await jestLane('web');
  const build = await runPrefixed('build', npm, ['run', 'build']);
  const start =
    build === 0
      ? await runPrefixed('start-check', process.execPath, [
          path.join(root, 'shared', 'test-utils', 'bin', 'start-check.mjs'),
        ])
      : 1;
  ready(start === 0);
  if (start !== 0) return web || build || start;
  const shortTokens = await e2eProject('short-tokens');
  const movedClock = await e2eProject('moved-clock');
  return web || shortTokens || movedClock;
})();

const serverCode = await server;
let mainCode = 0;
let clusterCode = 0;
if (await siteReady) {
  mainCode = await e2eProject('main');
  await beside;
  clusterCode = await e2eProject('cluster');
}
printLaneSummary();
process.exitCode = serverCode || (await beside) || mainCode || clusterCode;

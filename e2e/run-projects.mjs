#!/usr/bin/env node
/**
 * `npm run test -w e2e`: the four Playwright projects over a built checkout, in two lanes at once
 * where they share nothing (decision 426).
 * - Lane A: the main project (the whole site at 4780).
 * - Lane B, beside it: the 30-second-token project (4800), then the moved-clock project (4820),
 *   each with a site of its own on other ports and data dirs (the moved clock never goes back, so
 *   it never shares a server with specs that compare the API's time with this machine's).
 * - Then the cluster project alone: it kills replicas and restarts PostgreSQL under load, and
 *   starts its own nginx, API and edge replicas, PostgreSQL and Redis.
 * `npm test` runs the same projects in another order, beside the jest suites
 * (shared/test-utils/bin/test-lanes.mjs, decision 404).
 * Each lane's output is prefixed with its name. The exit code is the first failure's, and a lane
 * that fails does not stop the other (every failure is reported in one run).
 */
import { e2eProject } from '@crease/test-utils/lanes';

const laneA = e2eProject('main');
const laneB = (async () => {
  const shortTokens = await e2eProject('short-tokens');
  const movedClock = await e2eProject('moved-clock');
  return shortTokens || movedClock;
})();
const [a, b] = await Promise.all([laneA, laneB]);
const cluster = await e2eProject('cluster');
process.exitCode = a || b || cluster;

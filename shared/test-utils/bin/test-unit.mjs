#!/usr/bin/env node
/**
 * `npm run test:unit`: every jest suite, in two processes at once (decision 426): the front ends
 * and shared packages on the Node that runs this script, and the API's and the edge's suites
 * (api/, deploy/) on Node 24 with two workers (shared/test-utils/src/lanes.mjs says why). They
 * mostly wait on real servers, so they overlap well with the CPU-bound jsdom suites.
 * Extra arguments are jest options for both runs (`--bail`, ...); for one file, run `npx jest <file>`.
 * The exit code is the worst of the two.
 */
import { jestLane } from '../src/lanes.mjs';

const extra = process.argv.slice(2);
const codes = await Promise.all([jestLane('web', extra), jestLane('server', extra)]);
process.exitCode = Math.max(...codes);

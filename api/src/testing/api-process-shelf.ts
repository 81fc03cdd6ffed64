/**
 * API processes kept for the next suite of the same jest worker (decision 483).
 *
 * Starting an API process (api-process.ts) costs seconds before its first request: tsx loads the
 * API's few hundred modules and their packages, and its first instance compiles every route's
 * schemas. That was paid again by every API suite, about 90 of them per CI run, though the
 * process keeps no state of its own: each suite opens its own database in it and starts its own
 * API instances, and closing them (the `close` message) leaves nothing but the loaded code.
 *
 * So a suite's closed process waits here, unreferenced (it keeps no test run alive, and exits
 * when its jest worker does, on the IPC channel's disconnect), and the worker's next suite opens
 * its database in it. Jest gives every test file fresh modules, so this shelf hangs off Node's
 * own `child_process` module, the one object every file of a worker shares. A process serves
 * at most MAX_SUITES suites, so what a suite might leak (memory, a stray timer) cannot pile up;
 * `CREASE_TEST_FRESH_API_PROCESS=1` gives every suite a new one, to rule the sharing out.
 */
import childProcess from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

/** Suites one process serves before it is ended. */
const MAX_SUITES = 10;
/** Processes a worker keeps waiting at most (a suite may run two at once). */
const MAX_PARKED = 2;

interface Shelf {
  parked: ChildProcess[];
  suites: WeakMap<ChildProcess, number>;
}

const SHELF = Symbol.for('crease.test-api.api-process-shelf');

function shelf(): Shelf {
  const holder = childProcess as unknown as Record<symbol, Shelf | undefined>;
  holder[SHELF] ??= { parked: [], suites: new WeakMap() };
  return holder[SHELF];
}

const reuseOff = () => process.env.CREASE_TEST_FRESH_API_PROCESS === '1';

function alive(child: ChildProcess): boolean {
  return child.connected && child.exitCode === null && child.signalCode === null;
}

/** A process a finished suite left, ready for an `open`, or null. */
export function takeParkedProcess(): ChildProcess | null {
  const { parked } = shelf();
  while (parked.length > 0) {
    const child = parked.pop()!;
    if (!alive(child)) continue;
    child.ref();
    child.channel?.ref();
    return child;
  }
  return null;
}

/**
 * Keeps a process whose database is closed for the worker's next suite; false when it is not
 * kept (dead, served enough suites, the shelf is full, or reuse is off) and must be ended.
 */
export function parkProcess(child: ChildProcess): boolean {
  const { parked, suites } = shelf();
  const served = (suites.get(child) ?? 0) + 1;
  suites.set(child, served);
  if (reuseOff() || !alive(child) || served >= MAX_SUITES || parked.length >= MAX_PARKED)
    return false;
  child.removeAllListeners('message');
  child.removeAllListeners('exit');
  child.unref();
  child.channel?.unref();
  parked.push(child);
  return true;
}

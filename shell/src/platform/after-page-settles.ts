import { whenIdle } from '../remotes/prefetch-after-sign-in';

/** How long no response may have arrived before the page counts as settled. */
export const SETTLED_QUIET_MS = 3000;
/** A page that never goes quiet (a playing stream fetches every 2 s) is settled this long after load. */
export const SETTLED_AT_MOST_MS = 10_000;

/**
 * Runs `task` once the page is usable and idle: after its load event, once no response has
 * arrived for SETTLED_QUIET_MS (what it needed to show itself has come), when the main thread
 * is next idle. At once if the viewer starts using the page first (a click, a tap or a key),
 * and at the latest SETTLED_AT_MOST_MS after load. For work the page does not need in order to
 * work, such as measuring it (decision 340).
 */
export function afterPageSettles(task: () => void): void {
  let done = false;
  const inputs = ['pointerdown', 'keydown'] as const;
  const run = () => {
    if (done) return;
    done = true;
    for (const type of inputs) window.removeEventListener(type, run, true);
    task();
  };
  for (const type of inputs) window.addEventListener(type, run, { capture: true, once: true });

  const lastResponseEnd = () =>
    performance
      .getEntriesByType('resource')
      .reduce(
        (latest, entry) => Math.max(latest, (entry as PerformanceResourceTiming).responseEnd),
        0,
      );
  const settle = () => {
    const loadedAt = performance.now();
    const check = () => {
      if (done) return;
      const now = performance.now();
      const quietFor = now - lastResponseEnd();
      if (quietFor >= SETTLED_QUIET_MS || now - loadedAt >= SETTLED_AT_MOST_MS) whenIdle(run);
      else window.setTimeout(check, SETTLED_QUIET_MS - quietFor);
    };
    check();
  };
  if (document.readyState === 'complete') settle();
  else window.addEventListener('load', settle, { once: true });
}

import type { RemoteName, VitalName } from '@crease/contract';

/** The remote serving the route at a moment, and the version the release map named for it. */
export type CurrentRemote = () => { remote: RemoteName; version: string } | null;

type Report = (remote: RemoteName, version: string, name: VitalName, value: number) => void;

interface PerRemote {
  remote: RemoteName;
  version: string;
  /** The largest layout-shift session window so far, and the window being summed. */
  cls: number;
  windowSum: number;
  windowStart: number;
  lastShift: number;
  /** The longest interaction (INP is exactly that below 50 interactions; close enough above). */
  inp: number;
}

interface ShiftEntry extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
}
interface EventTimingEntry extends PerformanceEntry {
  interactionId?: number;
}
interface PaintEntry extends PerformanceEntry {
  renderTime?: number;
  loadTime?: number;
}

function observe(type: string, callback: (entries: PerformanceEntry[]) => void, extra = {}) {
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes(type)
  )
    return;
  try {
    new PerformanceObserver((list) => callback(list.getEntries())).observe({
      type,
      buffered: true,
      ...extra,
    });
  } catch {
    // an engine that lists the type but refuses the options: no such vital here
  }
}

/**
 * LCP, CLS and INP as web.dev defines them, measured with the browser's own entries and
 * attributed to the remote that served the route when each happened (decision 131). LCP stops at
 * the first input; CLS is the largest session window (1 s gap, 5 s cap) of shifts without recent
 * input; INP is the longest interaction. They are reported when the page is hidden (then the
 * batch goes out) and start again from zero, so nothing is reported twice.
 */
export function observeWebVitals(
  current: CurrentRemote,
  report: Report,
  win: Pick<Window, 'addEventListener'> = window,
  doc: Pick<Document, 'addEventListener' | 'visibilityState'> = document,
): void {
  const remotes = new Map<string, PerRemote>();
  let lcp: { remote: RemoteName; version: string; value: number } | null = null;
  let lcpFinal = false;
  const forNow = (): PerRemote | null => {
    const now = current();
    if (!now) return null;
    const key = `${now.remote}@${now.version}`;
    let entry = remotes.get(key);
    if (!entry) {
      entry = { ...now, cls: 0, windowSum: 0, windowStart: 0, lastShift: -Infinity, inp: 0 };
      remotes.set(key, entry);
    }
    return entry;
  };

  observe('largest-contentful-paint', (entries) => {
    if (lcpFinal) return;
    const now = current();
    const last = entries.at(-1) as PaintEntry | undefined;
    if (now && last) lcp = { ...now, value: last.renderTime || last.loadTime || last.startTime };
  });
  for (const type of ['keydown', 'pointerdown']) {
    win.addEventListener(type, () => (lcpFinal = true), { once: true, capture: true });
  }
  observe('layout-shift', (entries) => {
    for (const entry of entries as ShiftEntry[]) {
      if (entry.hadRecentInput) continue;
      const at = forNow();
      if (!at) continue;
      const t = entry.startTime;
      if (t - at.lastShift > 1000 || t - at.windowStart > 5000) {
        at.windowStart = t;
        at.windowSum = 0;
      }
      at.windowSum += entry.value;
      at.lastShift = t;
      at.cls = Math.max(at.cls, at.windowSum);
    }
  });
  observe(
    'event',
    (entries) => {
      for (const entry of entries as EventTimingEntry[]) {
        if (!entry.interactionId) continue;
        const at = forNow();
        if (at) at.inp = Math.max(at.inp, entry.duration);
      }
    },
    { durationThreshold: 40 },
  );

  const flush = () => {
    forNow(); // the route showing now has its CLS measured even when nothing shifted
    if (lcp) report(lcp.remote, lcp.version, 'LCP', lcp.value);
    lcp = null;
    lcpFinal = true;
    for (const at of remotes.values()) {
      report(at.remote, at.version, 'CLS', at.cls);
      if (at.inp > 0) report(at.remote, at.version, 'INP', at.inp);
    }
    remotes.clear();
  };
  win.addEventListener('pagehide', flush);
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'hidden') flush();
  });
}

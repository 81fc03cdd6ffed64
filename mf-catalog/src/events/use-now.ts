import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `tickMs` while `enabled` (countdowns count in minutes, so a
 * coarse tick is enough and one timer serves the whole list).
 */
export function useNow(tickMs: number, enabled: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs, enabled]);
  return now;
}

import { useCallback, useEffect, useState } from 'react';
import type { ScreenProps, WatchingNow } from '@crease/contract';
import { getWatching } from '../../api/billing-client';

/**
 * The account's devices playing now (GET watching), read when /account opens and again on
 * `reload`. null until read, or when it could not be: the devices list still shows, only
 * without "Watching now" (the account page does not depend on the streams API).
 */
export function useWatching(platform: ScreenProps['platform']) {
  const [watching, setWatching] = useState<WatchingNow | null>(null);
  const [revision, setRevision] = useState(0);
  useEffect(() => {
    let current = true;
    getWatching(platform)
      .then((answer) => current && setWatching(answer))
      .catch(() => current && setWatching(null));
    return () => {
      current = false;
    };
  }, [platform, revision]);
  const reload = useCallback(() => setRevision((n) => n + 1), []);
  return { watching, reload };
}

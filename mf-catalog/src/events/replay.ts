import type { CatalogEvent } from '@crease/contract';

/**
 * A finished match a viewer can watch again from the start (decision 227): it was played (some
 * innings) and its stream ran to its end. Cancelled matches and washouts without a ball have
 * nothing to replay.
 */
export function isReplay(event: CatalogEvent): boolean {
  return (
    (event.status === 'completed' || event.status === 'abandoned') &&
    event.innings.length > 0 &&
    event.eventStatus === 'ended'
  );
}

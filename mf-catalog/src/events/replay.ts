import type { CatalogEvent } from '@crease/contract';

/**
 * A finished match that was played (some innings): its scores and result would spoil it, so the
 * card keeps them to itself until the viewer asks, from the moment the match ends (decisions 227,
 * 430). Whether its stream is still on for the wrap-up (the demo's runs 15 minutes past the end,
 * an operator's as long as the broadcast) changes nothing: the result is no less a spoiler while
 * the presenters discuss it. Cancelled matches and washouts without a ball have nothing to hide.
 */
export function keepsResultHidden(event: CatalogEvent): boolean {
  return (event.status === 'completed' || event.status === 'abandoned') && event.innings.length > 0;
}

/**
 * A finished, played match a viewer can watch again from the start (decision 227): it has a
 * stream, ended or still on for the wrap-up. One whose stream never started has nothing to play.
 */
export function isReplay(event: CatalogEvent): boolean {
  return keepsResultHidden(event) && event.eventStatus !== 'not_started';
}

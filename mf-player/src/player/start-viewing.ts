import type { CatalogEvent, Platform, StreamGrant, VideoQuality } from '@crease/contract';
import { closeStream, readEvent, readVideoQuality, requestStream } from '../api/player-client';

/**
 * What a start found: a stream to watch (live, or a finished match's replay from its start,
 * decision 227: `grant.eventStatus` says which), or a match that has not started.
 */
export type StartResult =
  { kind: 'live'; grant: StreamGrant } | { kind: 'not-started'; startTime: string };

export interface StartRequest {
  eventId: string;
  vidictId: string;
  /** The edge played from last (SPEC edgeAddress), '' for none. */
  edgeAddress: string;
}

/**
 * Asks for one event's stream: the account's quality and the stream request in one chain, the
 * event beside it, so the first frame waits for two round trips, not three. A grant that is
 * not watched (the match has not started, or the screen went) is closed at once.
 * Resolves to null when aborted; rejects with the failing call's error.
 */
export async function startViewing(
  http: Platform['http'],
  { eventId, vidictId, edgeAddress }: StartRequest,
  signal: AbortSignal,
  on: { quality(saved: VideoQuality): void; event(event: CatalogEvent): void },
): Promise<StartResult | null> {
  const eventRead = readEvent(http, eventId, signal);
  const grantRead = readVideoQuality(http, signal).then((saved) => {
    if (!signal.aborted) on.quality(saved);
    return requestStream(http, { edgeAddress, pk: eventId, vidictId, videoQuality: saved }, signal);
  });
  // Neither may reject unobserved while the other is awaited.
  eventRead.catch(() => undefined);
  grantRead.catch(() => undefined);
  const current = await eventRead;
  if (signal.aborted) return null;
  on.event(current);
  const grant = await grantRead;
  if (signal.aborted) {
    closeStream(http, grant.streamId);
    return null;
  }
  // A finished match is a replay: the origin serves it whole, from its start.
  if (grant.eventStatus !== 'not_started') return { kind: 'live', grant };
  closeStream(http, grant.streamId);
  return { kind: 'not-started', startTime: current.startTime };
}

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
  /** The edge played from last (the product contract edgeAddress), '' for none. */
  edgeAddress: string;
  /** What the stream request carries: this device's quality, as far as it is known yet. */
  videoQuality: VideoQuality;
}

/**
 * Asks for one event's stream, the event and the account's preferred quality side by side: the
 * stream request waits for neither (the API no longer saves a request's quality on the account,
 * decision 365), so the first frame waits for one round trip before the playlist, not two. The
 * account's quality arrives by `on.accountQuality` (a failed read is left out: it only sets a
 * default). A grant that is not watched (the match has not started, or the screen went) is
 * closed at once. Resolves to null when aborted; rejects with the failing call's error (the
 * event's when both fail).
 *
 * A grant to watch is also told at once by `on.streamReady`, before the event's answer, so the
 * picture can start loading (decision 372); what the start resolves to, and its failures, still
 * wait for both answers as before.
 */
export async function startViewing(
  http: Platform['http'],
  { eventId, vidictId, edgeAddress, videoQuality }: StartRequest,
  signal: AbortSignal,
  on: {
    accountQuality(saved: VideoQuality): void;
    event(event: CatalogEvent): void;
    streamReady(grant: StreamGrant): void;
  },
): Promise<StartResult | null> {
  const grantRead = requestStream(
    http,
    { edgeAddress, pk: eventId, vidictId, videoQuality },
    signal,
  );
  const eventRead = readEvent(http, eventId, signal);
  readVideoQuality(http, signal).then(
    (saved) => {
      if (!signal.aborted) on.accountQuality(saved);
    },
    () => undefined,
  );
  // Neither may reject unobserved while the other is awaited.
  eventRead.catch(() => undefined);
  grantRead.then(
    (grant) => {
      if (!signal.aborted && grant.eventStatus !== 'not_started') on.streamReady(grant);
    },
    () => undefined,
  );
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

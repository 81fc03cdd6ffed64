/**
 * A channel's health as the ingest server reports it to the API every 2 s (decision 448): the
 * feeding encoder's FeedMeter look, how long since the transcoder last wrote a part, and what is
 * on air. The API adds the viewers and keeps the last 10 minutes (health-book.ts).
 */
import type { IngestRole, OnAir } from '@crease/contract';
import type { FeedSample } from './feed-meter';

export const HEALTH_EVERY_MS = 2000;
/** A transcoder that wrote a part this recently is on air (it writes one every 0.4 s). */
export const ON_AIR_WITHIN_MS = 2000;

export interface ChannelReport {
  channelId: string;
  /** The ingest clock's time of the look (ms since the epoch). */
  atMs: number;
  connected: boolean;
  slateHeld: boolean;
  onAir: OnAir;
  feed: FeedSample | null;
  lastPartAgeMs: number | null;
}

export function channelReport(input: {
  channelId: string;
  nowMs: number;
  /** The role of the input the transcoder reads, if one publishes. */
  feeding: IngestRole | null;
  connected: boolean;
  slateHeld: boolean;
  /** Whether the channel's slate writer runs (its feed dropped, or the slate is held). */
  slating: boolean;
  lastPartMs: number | null;
  feed: FeedSample | null;
}): ChannelReport {
  const lastPartAgeMs = input.lastPartMs === null ? null : input.nowMs - input.lastPartMs;
  const fresh = lastPartAgeMs !== null && lastPartAgeMs < ON_AIR_WITHIN_MS;
  const onAir: OnAir = input.slateHeld
    ? 'slate'
    : fresh && input.feeding
      ? input.feeding
      : input.slating
        ? 'slate'
        : 'none';
  return {
    channelId: input.channelId,
    atMs: input.nowMs,
    connected: input.connected,
    slateHeld: input.slateHeld,
    onAir,
    feed: input.feed,
    lastPartAgeMs,
  };
}

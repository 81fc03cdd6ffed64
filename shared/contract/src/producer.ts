/**
 * The producer's match day (issue 33 §2): go live and end a match, put up the slate by hand,
 * and read a channel's ingest health. Staff bearer, producer and admin only (scorer and support
 * get 403). docs/operations.md "Producer" and docs/streams.md "Ingest health" describe them.
 */
import type { CatalogEvent } from './catalog';

export const PRODUCER_PATHS = {
  /** GET: 200 ProducerSchedule, every league and the live and upcoming matches. */
  schedule: 'api/v1/staff/schedule',
  /** POST (no body): 200 ProducerMatchAnswer; the match live and its stream live (decision 449). */
  goLive: 'api/v1/staff/matches/:eventId/go-live',
  /** POST ProducerEndRequest: 200 ProducerMatchAnswer; completed and the stream ended. */
  end: 'api/v1/staff/matches/:eventId/end',
  /** GET: 200 ChannelHealth, the last 10 minutes of samples (decision 448). */
  health: 'api/v1/staff/channels/:channelId/health',
  /** PUT ProducerSlateRequest: 200 ChannelHealth; the slate up (or down) by hand (decision 450). */
  slate: 'api/v1/staff/channels/:channelId/slate',
} as const;

/** What the producer schedules from: leagues (hidden ones too) and matches not yet finished. */
export interface ProducerSchedule {
  leagues: { leagueId: string; caption: string; active: boolean }[];
  /** Live, scheduled and postponed matches, by start time (at most 200). */
  matches: CatalogEvent[];
}

/** `changed: false`: the match already was where the call asked (a second click): no error. */
export interface ProducerMatchAnswer {
  event: CatalogEvent;
  changed: boolean;
}

export interface ProducerEndRequest {
  /** The result line; required unless the match already has one (docs/catalog.md). */
  result?: string;
}

export interface ProducerSlateRequest {
  /** true: the slate covers the feed until it is taken down; false: the feed again. */
  on: boolean;
}

/** What is on air on a channel: an encoder's input, the slate, or nothing at all yet. */
export type OnAir = 'primary' | 'backup' | 'slate' | 'none';

/** One look at a channel's ingest (every 2 s while a feed or the slate runs). */
export interface IngestHealthSample {
  /** When the ingest measured it (UTC ISO, the ingest clock). */
  at: string;
  /** The encoder's input over the last look, in kbit/s (null: no encoder connected). */
  inputKbps: number | null;
  /** Video frames received per second over the last look. */
  frameRate: number | null;
  /** Seconds between the feed's last two keyframes. */
  keyframeSeconds: number | null;
  /** Frames missing from the feed over the last look (gaps in its timestamps). */
  droppedFrames: number | null;
  /** Milliseconds since the transcoder last wrote a part (null: none yet). */
  lastPartAgeMs: number | null;
  onAir: OnAir;
  /** Viewers whose stream of this channel is open now. */
  viewers: number;
}

export interface ChannelHealth {
  channelId: string;
  /** Whether an encoder publishes on this channel now. */
  connected: boolean;
  /** Whether the producer has put the slate up by hand. */
  slateHeld: boolean;
  onAir: OnAir;
  /** Oldest first; at most the last 10 minutes. Empty: the ingest never saw this channel. */
  samples: IngestHealthSample[];
}

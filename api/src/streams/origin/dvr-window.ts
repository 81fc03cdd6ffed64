/**
 * The origin's DVR window, computed from the clock (decisions 111, 215): live sequence N
 * represents the wall-clock interval [STREAM_EPOCH + N·4 s, +4 s) and part p of it
 * [… + p·0.4 s, +0.4 s) (SEGMENT_SECONDS, PART_SECONDS). A part is published once its interval has passed, a segment once all its
 * parts have, as a live encoder would publish them. The window runs from the segment in which the
 * match went live (or at most the configured DVR length back) to the newest published part;
 * once the match ended it is frozen at the end and served as a replay. Nothing is stored per
 * viewer: every playlist is this function of the clock and the channel's two timeline instants.
 */
import { PARTS_PER_SEGMENT, PART_SECONDS, SEGMENT_SECONDS } from '../media/media-recipe';

/** Sequence 0 began here. Any fixed past instant works; it only has to be the same everywhere. */
export const STREAM_EPOCH_MS = Date.UTC(2020, 0, 1);
export const SEGMENT_MS = SEGMENT_SECONDS * 1000;
export const PART_MS = PART_SECONDS * 1000;

/** The sequence being "recorded" at `atMs`: every sequence below it is published. */
export function liveEdge(atMs: number): number {
  return Math.max(0, Math.floor((atMs - STREAM_EPOCH_MS) / SEGMENT_MS));
}

export function programDateTime(sequence: number): string {
  return new Date(STREAM_EPOCH_MS + sequence * SEGMENT_MS).toISOString();
}

export interface WindowState {
  /** live: the window grows with the clock; ended: frozen at the end, a replay (EXT-X-ENDLIST). */
  ended: boolean;
  /** First and last complete sequence listed (inclusive); last < first when none is yet. */
  first: number;
  last: number;
  /** Live only: the sequence being recorded and how many of its parts are published (0–9). */
  edge: number;
  edgeParts: number;
}

/**
 * The window at `nowMs`: from the segment in which the stream went live (`liveSinceMs`), but no
 * more than `dvrSegments` back; `endedAtMs` freezes it. Without a known start (an operator
 * import), the last `dvrSegments`.
 */
export function windowAt(
  nowMs: number,
  dvrSegments: number,
  liveSinceMs: number | null,
  endedAtMs: number | null,
): WindowState {
  const ended = endedAtMs !== null;
  const atMs = ended ? Math.min(nowMs, endedAtMs) : nowMs;
  const edge = liveEdge(atMs);
  let first = Math.max(0, edge - dvrSegments);
  if (liveSinceMs !== null) first = Math.max(first, liveEdge(liveSinceMs));
  const edgeStartMs = STREAM_EPOCH_MS + edge * SEGMENT_MS;
  const edgeParts = ended
    ? 0
    : Math.min(PARTS_PER_SEGMENT - 1, Math.floor((atMs - edgeStartMs) / PART_MS));
  return { ended, first, last: edge - 1, edge, edgeParts: Math.max(0, edgeParts) };
}

/**
 * A stream live for less than this did not carry the match: the operator marked it live and
 * ended after the fact (decision 337). Every real match, even one abandoned after a ball, is
 * longer.
 */
export const REPLAY_MIN_LIVE_MS = 60_000;

/** The channel's instants that place its window (epoch ms; null when unknown). */
export interface WindowInstants {
  liveSince: number | null;
  endedAt: number | null;
  /** The event's scheduled start. */
  scheduledStart: number | null;
}

/**
 * Where the window starts (epoch ms), or null for "the DVR length back": when the stream went
 * live. A finished match whose stream was never live, or live for less than REPLAY_MIN_LIVE_MS,
 * was played off the stream (the operator recorded it after the fact), so its replay runs from
 * the scheduled start instead of being empty: the picture is computed from the clock, so that
 * time is there to play (decision 337).
 */
export function windowStartMs({
  liveSince,
  endedAt,
  scheduledStart,
}: WindowInstants): number | null {
  if (endedAt === null || scheduledStart === null) return liveSince;
  const playedOnStream = liveSince !== null && endedAt - liveSince >= REPLAY_MIN_LIVE_MS;
  if (playedOnStream) return liveSince;
  return Math.min(scheduledStart, liveSince ?? scheduledStart);
}

/** When part `part` of `sequence` is published (a part index past the last rolls on). */
export function partPublishedAtMs(sequence: number, part: number): number {
  return STREAM_EPOCH_MS + sequence * SEGMENT_MS + (part + 1) * PART_MS;
}

/** Is part `part` of `sequence` published in this window? */
export function partPublished(window: WindowState, sequence: number, part: number): boolean {
  if (sequence <= window.last) return true;
  return !window.ended && sequence === window.edge && part < window.edgeParts;
}

/**
 * The captions rendition (decision 217): ball-by-ball text commentary from the catalog's match
 * timeline as WebVTT, one file per segment (SEGMENT_SECONDS) exactly on the video's segments, timed to the
 * picture: the video's media time is seconds since STREAM_EPOCH (a sequence's program-date-time
 * minus the epoch), so `X-TIMESTAMP-MAP=MPEGTS:<segment start in 90 kHz>,LOCAL:00:00:00.000` and
 * cue times relative to the segment put a change that happened at wall time T at the picture's
 * program-date-time T. Built per request, shared through the catalog's read cache.
 */
import { sql } from 'drizzle-orm';
import { PLAY_STATE_LABELS } from '@crease/contract';
import type { MatchState } from '@crease/contract';
import type { Db } from '../../platform/db/client';
import type { CatalogReadCache } from '../../catalog';
import { SEGMENT_MS, STREAM_EPOCH_MS } from './dvr-window';

/** A caption stays up this long, or until the next change. */
export const CUE_MS = 5000;
/** LOCAL of the timestamp map: cue time of the segment's start (more than CUE_MS). */
const LOCAL_MS = 10_000;

export interface CaptionEntry {
  /** Epoch ms of the change. */
  at: number;
  text: string;
}

/** The text a viewer reads for one timeline change: its commentary, else the state in words. */
export function captionText(state: MatchState, commentary: string | null | undefined): string {
  if (commentary && commentary.trim()) return commentary.trim();
  const play = state.playState ? PLAY_STATE_LABELS[state.playState] : null;
  const parts = [state.scoreSummary, state.result ?? play].filter((p) => p && String(p).trim());
  return parts.join(' · ') || 'Waiting for the next ball';
}

async function loadEntries(db: Db, eventId: string, fromMs: number, toMs: number) {
  // to_jsonb(t): the commentary column where the timeline has one, without naming it in SQL.
  const result = (await db.execute(sql`
    SELECT t.at, t.state, to_jsonb(t)->>'commentary' AS commentary
    FROM catalog_event_timeline t
    WHERE t.event_id = ${eventId} AND t.at >= ${new Date(fromMs).toISOString()}
      AND t.at < ${new Date(toMs).toISOString()}
    ORDER BY t.seq LIMIT 200`)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => ({
    at: (row.at instanceof Date ? row.at : new Date(String(row.at))).getTime(),
    text: captionText(
      (typeof row.state === 'string' ? JSON.parse(row.state) : row.state) as MatchState,
      row.commentary === null || row.commentary === undefined ? null : String(row.commentary),
    ),
  }));
}

/** The timeline changes around segment `sequence` (a cue's life before it to one after it). */
export async function captionEntries(
  db: Db,
  reads: CatalogReadCache,
  eventId: string,
  sequence: number,
): Promise<CaptionEntry[]> {
  const startMs = STREAM_EPOCH_MS + sequence * SEGMENT_MS;
  const cached = await reads.get(`stream-captions:${eventId}:${sequence}`, () =>
    loadEntries(db, eventId, startMs - CUE_MS, startMs + SEGMENT_MS + CUE_MS),
  );
  return JSON.parse(cached.body) as CaptionEntry[];
}

function cueTime(ms: number): string {
  const clamped = Math.round(ms);
  const h = Math.floor(clamped / 3_600_000);
  const m = Math.floor(clamped / 60_000) % 60;
  const s = Math.floor(clamped / 1000) % 60;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(clamped % 1000, 3)}`;
}

/** A cue's text may not hold a blank line or "-->"; one line is what a caption shows anyway. */
const cueText = (text: string) => text.replace(/\s+/g, ' ').replace(/-->/g, '→');

/** The WebVTT file of segment `sequence`: every cue that shows during its two seconds. */
export function captionsSegment(sequence: number, entries: readonly CaptionEntry[]): string {
  const startMs = STREAM_EPOCH_MS + sequence * SEGMENT_MS;
  const endMs = startMs + SEGMENT_MS;
  const sorted = [...entries].sort((a, b) => a.at - b.at);
  const lines = [
    'WEBVTT',
    `X-TIMESTAMP-MAP=MPEGTS:${sequence * SEGMENT_MS * 90},LOCAL:${cueTime(LOCAL_MS)}`,
    '',
  ];
  sorted.forEach((entry, i) => {
    const until = Math.min(entry.at + CUE_MS, sorted[i + 1]?.at ?? Infinity);
    if (until <= startMs || entry.at >= endMs || until <= entry.at) return;
    // The same id in every segment a cue spans: the player shows it once.
    lines.push(
      `c${entry.at}`,
      `${cueTime(LOCAL_MS + entry.at - startMs)} --> ${cueTime(LOCAL_MS + until - startMs)}`,
      cueText(entry.text),
      '',
    );
  });
  return `${lines.join('\n')}\n`;
}

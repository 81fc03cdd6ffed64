import { englishWords } from '../messages';
import type { PlayerWords } from '../messages';
/**
 * Where the playhead is relative to live (pure numbers, so the controls can be tested without a
 * video). "Live" is the player's target point behind the newest segment (hls.js
 * liveSyncPosition), not the newest segment itself: sitting at the target is "at live".
 */

/** Behind the target by no more than this still counts as live (a segment's worth of jitter). */
export const AT_LIVE_TOLERANCE_SECONDS = 3;

export interface LivePosition {
  /** Whole seconds behind the live target (0 when at live). */
  behindSeconds: number;
  atLive: boolean;
}

export function livePosition(currentTime: number, liveTarget: number | null): LivePosition {
  if (liveTarget === null || !Number.isFinite(liveTarget))
    return { behindSeconds: 0, atLive: true };
  const behind = Math.max(0, liveTarget - currentTime);
  const atLive = behind <= AT_LIVE_TOLERANCE_SECONDS;
  return { behindSeconds: atLive ? 0 : Math.round(behind), atLive };
}

/** "Behind live by 1 min 5 s" reads better than "65 s" once past a minute; hours past an hour. */
export function formatBehind(seconds: number, words: PlayerWords = englishWords()): string {
  if (seconds >= 3600) {
    const hours = Math.floor(seconds / 3600);
    const minutes = Math.floor((seconds % 3600) / 60);
    return minutes
      ? words.t('duration.hoursMinutes', { hours, minutes })
      : words.t('duration.hours', { hours });
  }
  if (seconds < 60) return words.t('duration.seconds', { seconds });
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest
    ? words.t('duration.minutesSeconds', { minutes, seconds: rest })
    : words.t('duration.minutes', { minutes });
}

/** The same as a clock, for a narrow bar: "2:01", "1:05:09". */
export function formatBehindClock(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

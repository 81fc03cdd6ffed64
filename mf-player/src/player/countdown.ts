import { englishWords } from '../messages';
import type { PlayerWords } from '../messages';

/** "Starts in 2 h 05 min", "Starts in 4 min 09 s", "Starting…": the not-started state's words. */
export function countdownText(
  startTime: string,
  now: number,
  words: PlayerWords = englishWords(),
): string {
  const start = Date.parse(startTime);
  if (!Number.isFinite(start)) return words.t('state.startingSoon');
  const seconds = Math.ceil((start - now) / 1000);
  if (seconds <= 0) return words.t('state.startingAnyMoment');
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const secs = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return words.t('state.startsInDays', { days, hours });
  if (hours > 0) return words.t('state.startsInHours', { hours, minutes: two(minutes) });
  if (minutes > 0) return words.t('state.startsInMinutes', { minutes, seconds: two(secs) });
  return words.t('state.startsInSeconds', { seconds: secs });
}

/** Trial time as people read it: "12 min", "45 s", "1 h 5 min". */
export function trialTimeText(seconds: number, words: PlayerWords = englishWords()): string {
  const whole = Math.max(0, Math.floor(seconds));
  if (whole < 60) return words.t('duration.seconds', { seconds: whole });
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return words.t('duration.minutes', { minutes });
  return words.t('duration.hoursMinutes', {
    hours: Math.floor(minutes / 60),
    minutes: minutes % 60,
  });
}

/** "Starts in 2 h 05 min", "Starts in 4 min 09 s", "Starting…": the not-started state's words. */
export function countdownText(startTime: string, now: number): string {
  const start = Date.parse(startTime);
  if (!Number.isFinite(start)) return 'Starting soon';
  const seconds = Math.ceil((start - now) / 1000);
  if (seconds <= 0) return 'Starting any moment';
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const secs = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `Starts in ${days} d ${hours} h`;
  if (hours > 0) return `Starts in ${hours} h ${two(minutes)} min`;
  if (minutes > 0) return `Starts in ${minutes} min ${two(secs)} s`;
  return `Starts in ${secs} s`;
}

/** Trial time as people read it: "12 min", "45 s", "1 h 5 min". */
export function trialTimeText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

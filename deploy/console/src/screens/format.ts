/** Times as UTC minutes: release managers in several time zones read the same history. */
export function formatTime(at: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function formatPercent(part: number, whole: number): string {
  if (whole === 0) return '–';
  return `${((part / whole) * 100).toFixed(1)} %`;
}

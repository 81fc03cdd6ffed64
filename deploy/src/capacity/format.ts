/** Number and table formatting shared by the capacity doc and the CLI. */

/** A figure for people: whole numbers grouped, small ones with two significant decimals. */
export function figure(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const abs = Math.abs(n);
  if (abs >= 100 || Number.isInteger(n)) return Math.round(n).toLocaleString('en-US');
  if (abs >= 10) return n.toFixed(1);
  if (abs === 0) return '0';
  return n.toPrecision(2);
}

/** An audience found by bisection, to three significant figures: 484,407 → "484,000". */
export function roughly(n: number): string {
  const step = 10 ** Math.max(0, Math.floor(Math.log10(Math.abs(n) || 1)) - 2);
  return (Math.round(n / step) * step).toLocaleString('en-US');
}

/** 10,000 → "10k", 1,000,000 → "1M". */
export function audience(n: number): string {
  if (n >= 1e6 && n % 1e6 === 0) return `${n / 1e6}M`;
  if (n >= 1e3 && n % 1e3 === 0) return `${n / 1e3}k`;
  return n.toLocaleString('en-US');
}

export const percent = (share: number) => `${+(share * 100).toFixed(1)} %`;

/** A Markdown table (Prettier's shape is not required: docs/capacity.md is generated). */
export function markdownTable(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

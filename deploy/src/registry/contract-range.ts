/**
 * The shell <-> remote contract is versioned by whole numbers (CONTRACT_VERSION = 1, 2, …), so a
 * remote's range only ever constrains the major version. This is the small subset of npm range
 * syntax that means something for integers: `^1`, `~1`, `1`, `1.x`, `1.*`, `*`, `>=1 <3`, `=2`,
 * and alternatives joined with `||`. Anything else is not a range (and the gate refuses it).
 */
type Comparator = (version: number) => boolean;

const MAJOR = /^(\d+)(?:\.(?:x|X|\*|0))?(?:\.(?:x|X|\*|0))?$/;

function comparator(token: string): Comparator | null {
  if (token === '*' || token === 'x' || token === 'X') return () => true;
  const match = /^(\^|~|>=|<=|>|<|=)?(.+)$/.exec(token);
  if (!match) return null;
  const [, operator = '', rest = ''] = match;
  const major = MAJOR.exec(rest);
  if (!major) return null;
  const n = Number(major[1]);
  switch (operator) {
    case '':
    case '=':
    case '^':
    case '~':
      return (version) => version === n;
    case '>=':
      return (version) => version >= n;
    case '>':
      return (version) => version > n;
    case '<=':
      return (version) => version <= n;
    case '<':
      return (version) => version < n;
    default:
      return null;
  }
}

/** Parses a range into alternatives of conjunctions; null when it is not a range we understand. */
function parse(range: string): Comparator[][] | null {
  if (range.length === 0 || range.length > 100) return null;
  const alternatives: Comparator[][] = [];
  for (const part of range.split('||')) {
    const tokens = part.trim().split(/\s+/).filter(Boolean);
    if (tokens.length === 0) return null;
    const all: Comparator[] = [];
    for (const token of tokens) {
      const check = comparator(token);
      if (!check) return null;
      all.push(check);
    }
    alternatives.push(all);
  }
  return alternatives;
}

export function isContractRange(value: unknown): value is string {
  return typeof value === 'string' && parse(value.trim()) !== null;
}

/** True when contract `version` is inside `range`; false for anything that is not a valid range. */
export function satisfiesContract(range: string, version: number): boolean {
  const parsed = parse(range.trim());
  if (!parsed || !Number.isInteger(version)) return false;
  return parsed.some((all) => all.every((check) => check(version)));
}

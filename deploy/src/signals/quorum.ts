/**
 * Who reported something bad about a version (decision 157): the distinct browsers and networks
 * behind its proven fallbacks or failures. Ids are hashes from the release proof, never seeds or
 * addresses. A list stops growing at MAX_REPORTER_IDS: only "enough for the quorum?" is asked.
 */
export interface Reporters {
  browsers: string[];
  networks: string[];
}

export interface Quorum {
  browsers: number;
  networks: number;
}

/** One viewer, one household or one rented server never decides alone (decision 157). */
export const DEFAULT_QUORUM: Quorum = { browsers: 5, networks: 3 };

/** Far above any sensible quorum, small enough to keep in every count. */
export const MAX_REPORTER_IDS = 64;

const ID = /^[A-Za-z0-9_-]{1,32}$/;

function addId(ids: string[], id: string) {
  if (ID.test(id) && ids.length < MAX_REPORTER_IDS && !ids.includes(id)) ids.push(id);
}

export function addReporter(reporters: Reporters, browser: string, network: string): void {
  addId(reporters.browsers, browser);
  addId(reporters.networks, network);
}

/** `into` plus everyone in `from` (a count read from another process's file: checked again). */
export function mergeReporters(into: Reporters, from: unknown): void {
  const raw = from as Partial<Reporters> | null | undefined;
  for (const id of Array.isArray(raw?.browsers) ? raw.browsers : [])
    if (typeof id === 'string') addId(into.browsers, id);
  for (const id of Array.isArray(raw?.networks) ? raw.networks : [])
    if (typeof id === 'string') addId(into.networks, id);
}

export function meetsQuorum(reporters: Reporters, quorum: Quorum): boolean {
  return (
    reporters.browsers.length >= quorum.browsers && reporters.networks.length >= quorum.networks
  );
}

/** Events one browser, and one network, may add per remote version, kind and hour. */
export const PER_BROWSER_WEIGHT = 5;
export const PER_NETWORK_WEIGHT = 50;
/** Keys one process tracks per hour; beyond, new keys are refused (a flood of minted seeds). */
const MAX_WEIGHT_KEYS = 200_000;

/**
 * Caps each browser's and each network's weight (decision 157): per remote version and kind, a
 * browser adds at most PER_BROWSER_WEIGHT events an hour and a network at most
 * PER_NETWORK_WEIGHT, in this process. A reloading viewer still counts; one who mints seeds by
 * dropping the cookie is still one network. Both canary arms are capped alike.
 */
export class WeightCap {
  private hour = '';
  private used = new Map<string, number>();

  constructor(
    private readonly perBrowser = PER_BROWSER_WEIGHT,
    private readonly perNetwork = PER_NETWORK_WEIGHT,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** True (and counted) when this event is within both caps. */
  take(what: string, browser: string, network: string): boolean {
    const hour = this.now().toISOString().slice(0, 13);
    if (hour !== this.hour) {
      this.hour = hour;
      this.used = new Map();
    }
    const byBrowser = `${what}|b|${browser}`;
    const byNetwork = `${what}|n|${network}`;
    const b = this.used.get(byBrowser) ?? 0;
    const n = this.used.get(byNetwork) ?? 0;
    if (b >= this.perBrowser || n >= this.perNetwork) return false;
    if (this.used.size >= MAX_WEIGHT_KEYS - 2) return false;
    this.used.set(byBrowser, b + 1);
    this.used.set(byNetwork, n + 1);
    return true;
  }
}

/**
 * Who reported something bad about a version (decision 157): the distinct browsers and networks
 * behind its proven fallbacks or failures, and (decision 411) the distinct signed-in viewers
 * among them with the networks they reported from. Ids are hashes, never seeds, accounts or
 * addresses. A list stops growing at MAX_REPORTER_IDS: only "enough for the quorum?" is asked.
 */
export interface Reporters {
  browsers: string[];
  networks: string[];
  /** Signed-in viewers (a hash of the account a verified access token names). */
  accounts?: string[];
  /** The networks the signed-in viewers' reports came from. */
  accountNetworks?: string[];
}

/** A proven reporter: the proof's browser and network, and the account when signed in. */
export interface Reporter {
  browser: string;
  network: string;
  account?: string;
}

/**
 * What a veto or an automatic rollback needs (decisions 157, 411). Anonymous reports alone never
 * act: a browser is free to mint, so `browsers` and `networks` only decide whether anonymous
 * evidence is shown as a warning. Acting needs signed-in viewers: at least `accounts`, and at
 * least `share` of the version's page views (so the bar rises with real traffic), on at least
 * `networks` networks.
 */
export interface Quorum {
  browsers: number;
  networks: number;
  accounts?: number;
  share?: number;
}

/** One viewer, one household or one rented server never decides alone (decision 157). */
export const DEFAULT_QUORUM: Required<Quorum> = {
  browsers: 5,
  networks: 3,
  accounts: 5,
  share: 0.02,
};

/** Far above any sensible minimum, small enough to keep in every count; the scaled bar's cap. */
export const MAX_REPORTER_IDS = 128;

const ID = /^[A-Za-z0-9_-]{1,32}$/;

function addId(ids: string[], id: string) {
  if (ID.test(id) && ids.length < MAX_REPORTER_IDS && !ids.includes(id)) ids.push(id);
}

export function addReporter(reporters: Reporters, reporter: Reporter): void {
  addId(reporters.browsers, reporter.browser);
  addId(reporters.networks, reporter.network);
  if (reporter.account) {
    addId((reporters.accounts ??= []), reporter.account);
    addId((reporters.accountNetworks ??= []), reporter.network);
  }
}

const idsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];

/** `into` plus everyone in `from` (a count read from another process's file: checked again). */
export function mergeReporters(into: Reporters, from: unknown): void {
  const raw = from as Partial<Reporters> | null | undefined;
  for (const id of idsOf(raw?.browsers)) addId(into.browsers, id);
  for (const id of idsOf(raw?.networks)) addId(into.networks, id);
  for (const id of idsOf(raw?.accounts)) addId((into.accounts ??= []), id);
  for (const id of idsOf(raw?.accountNetworks)) addId((into.accountNetworks ??= []), id);
}

/** Enough anonymous evidence to show (never to act on): browsers on networks. */
export function meetsQuorum(reporters: Reporters, quorum: Quorum): boolean {
  return (
    reporters.browsers.length >= quorum.browsers && reporters.networks.length >= quorum.networks
  );
}

/** The signed-in viewers a veto or rollback needs for a version with `views` page views. */
export function accountsNeeded(quorum: Quorum, views: number): number {
  const floor = quorum.accounts ?? DEFAULT_QUORUM.accounts;
  const share = quorum.share ?? DEFAULT_QUORUM.share;
  return Math.min(MAX_REPORTER_IDS, Math.max(floor, Math.ceil(share * Math.max(0, views))));
}

/** Enough signed-in viewers, on enough networks, to act on (decision 411). */
export function meetsSignedInQuorum(
  reporters: Pick<Reporters, 'accounts' | 'accountNetworks'>,
  quorum: Quorum,
  views: number,
): boolean {
  return (
    (reporters.accounts?.length ?? 0) >= accountsNeeded(quorum, views) &&
    (reporters.accountNetworks?.length ?? 0) >= quorum.networks
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

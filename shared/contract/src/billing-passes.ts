/**
 * Passes for one match and for one league's season (issue 34 §3, decisions 452–456). A pass is
 * bought through the ordinary checkout (`CheckoutRequest.planId` is the pass product, with
 * `eventId` or `leagueId` naming what it is for), priced per region like every plan, and plays
 * what it names and nothing else. It never renews and is not a subscription.
 */
import type { Static } from 'typebox';
import type { OwnedPassSchema } from './billing-schemas';
import type { TaxBreakdown } from './billing-prices';

/** What a pass is for: one match, or every match of one league (a league is one season). */
export const PASS_SCOPES = ['MATCH', 'SEASON'] as const;
export type PassScope = (typeof PASS_SCOPES)[number];

/** The plan rows that price the two passes (per currency, like every plan; decision 452). */
export const PASS_PLAN_IDS: Readonly<Record<PassScope, string>> = {
  MATCH: 'one-match',
  SEASON: 'one-season',
};

/** Whether `planId` is a pass product (sold only with its match or league named). */
export const isPassPlanId = (planId: string): boolean =>
  planId === PASS_PLAN_IDS.MATCH || planId === PASS_PLAN_IDS.SEASON;

/** Paths of the pass offer (the purchase itself is BILLING_PATHS.checkouts). */
export const PASS_PATHS = {
  /** GET ?eventId= or ?leagueId= (+ regionGuess): PassOffer. Public, or Bearer. */
  offer: 'api/v1/billing/passes/offer',
  /** GET (Bearer, + regionGuess): PassShelf, what the match list needs for every card at once. */
  shelf: 'api/v1/billing/passes',
} as const;

/** The page that reviews and pays a pass (mf-billing's /payment-process). */
export function passCheckoutPath(scope: PassScope, id: string): string {
  const query = new URLSearchParams({ pass: scope, [scope === 'MATCH' ? 'event' : 'league']: id });
  return `/payment-process?${query}`;
}

/** A pass the viewer holds (paid, not refunded in full). */
export type OwnedPass = Static<typeof OwnedPassSchema>;

/**
 * The viewer's passes and the passes' prices in their currency, in one call for a whole match
 * list: a card offers "Buy a match pass" unless a plan already includes every match, or a pass
 * already plays it. Whether one match may be sold is the offer's answer (and the checkout's).
 */
export interface PassShelf {
  region: string;
  currency: string;
  /** Major units in `currency`, tax included. */
  matchPrice: number;
  seasonPrice: number;
  /** A running subscription that renews: it includes every match, so no pass is offered. */
  planIncludesAll: boolean;
  owned: OwnedPass[];
}

/** Whether `owned` plays match `eventId` of `leagueId`. */
export const passPlays = (owned: readonly OwnedPass[], eventId: string, leagueId: string) =>
  owned.some((p) => (p.scope === 'MATCH' ? p.eventId === eventId : p.leagueId === leagueId));

/**
 * Why a pass is not sold: the match was cancelled, it finished with no replay to watch, the
 * league's season is over, the viewer owns it already, or a running plan already includes it.
 */
export const PASS_UNAVAILABLE_REASONS = [
  'MATCH_CANCELLED',
  'MATCH_OVER',
  'SEASON_OVER',
  'ALREADY_OWNED',
  'INCLUDED_IN_PLAN',
] as const;
export type PassUnavailableReason = (typeof PASS_UNAVAILABLE_REASONS)[number];

/** A pass as offered beside a match or a league, priced in the viewer's currency. */
export interface PassOffer {
  scope: PassScope;
  /** The pass product: send it as `CheckoutRequest.planId`, with `eventId` or `leagueId`. */
  planId: string;
  /** The match (MATCH) or null; the league (both). */
  eventId: string | null;
  leagueId: string;
  /** "India v Australia" or "Crease Premier League": what the pass plays. */
  title: string;
  /** Major units in `currency`, tax included (decision 421). */
  price: number;
  currency: string;
  region: string;
  taxBreakdown: TaxBreakdown | null;
  /** Screens at a time while only the pass lets the viewer watch (decision 454). */
  maxDevices: number;
  available: boolean;
  /** Why not, when `available` is false (a signed-in caller only for the last two). */
  reason: PassUnavailableReason | null;
  /** The sentence a screen shows in place of the button when not available. */
  message: string | null;
}

/** The sentence for a reason (the API's 409 message and the screens' notice). */
export function passUnavailableText(reason: PassUnavailableReason, scope: PassScope): string {
  switch (reason) {
    case 'MATCH_CANCELLED':
      return 'This match was cancelled, so no pass is sold for it.';
    case 'MATCH_OVER':
      return 'This match is over and has no replay, so no pass is sold for it.';
    case 'SEASON_OVER':
      return 'This season is over, so no season pass is sold for it.';
    case 'ALREADY_OWNED':
      return scope === 'MATCH'
        ? 'You already have a pass for this match.'
        : 'You already have a pass for this season.';
    case 'INCLUDED_IN_PLAN':
      return scope === 'MATCH'
        ? 'Your plan already includes this match, so a pass would add nothing.'
        : 'Your subscription already includes every match of this season, so a pass would add nothing.';
  }
}

/** The button's words: "Buy a match pass — ₹49.00" (the price formatted by the screen). */
export function passButtonText(scope: PassScope, formattedPrice: string): string {
  return `Buy a ${scope === 'MATCH' ? 'match' : 'season'} pass — ${formattedPrice}`;
}

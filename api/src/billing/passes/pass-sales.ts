/**
 * Whether a pass is sold to this viewer now, and its offer (decisions 452, 455). One judgement
 * serves the offer beside the match (the button, or the sentence in its place) and the checkout
 * (409 PASS_NOT_AVAILABLE with the same sentence, nothing created), so the page never offers what
 * the checkout refuses:
 * - the target's own refusal (cancelled, over with no replay, season over), for anyone;
 * - ALREADY_OWNED: the viewer holds this pass, or is paying for it right now;
 * - INCLUDED_IN_PLAN: a running subscription that renews includes every match, and a plan whose
 *   prepaid time runs past the match's expected end includes that match. A pass is sold beside a
 *   plan that ends before the match, or a trial: the viewer would otherwise lose the match.
 */
import { passUnavailableText } from '@crease/contract';
import type { PassOffer, PassUnavailableReason } from '@crease/contract';
import type { InvoiceConfig } from '../../platform/invoice-config';
import type { Db } from '../../platform/db/client';
import { ApiError } from '../errors';
import { toMajor } from '../money';
import type { PlanRow } from '../plans';
import { gstBreakdown, priceIn } from '../regional-prices';
import type { Pricing } from '../regional-prices';
import { runningPlanOf } from '../stacking';
import { readSubscription } from '../subscription-machine';
import { ownsPass } from './pass-ownership';
import type { PassTarget } from './pass-targets';

/** Why `userId` (null: a visitor) may not buy `target` now, or null. */
export async function passRefusal(
  db: Db,
  userId: string | null,
  target: PassTarget,
  now: Date,
): Promise<PassUnavailableReason | null> {
  if (target.refusal) return target.refusal;
  if (userId === null) return null;
  if (await ownsPass(db, userId, target)) return 'ALREADY_OWNED';
  const current = await runningPlanOf(db, await readSubscription(db, userId, now), now);
  if (!current) return null;
  if (current.running.renewing) return 'INCLUDED_IN_PLAN';
  const covers =
    target.estimatedEnd !== null && Date.parse(current.running.periodEnd) >= +target.estimatedEnd;
  return covers ? 'INCLUDED_IN_PLAN' : null;
}

/** 409 PASS_NOT_AVAILABLE with the screens' sentence, when the pass is not sold to `userId`. */
export async function refusePassPurchase(
  db: Db,
  userId: string,
  target: PassTarget,
  now: Date,
): Promise<void> {
  const reason = await passRefusal(db, userId, target, now);
  if (!reason) return;
  throw new ApiError(
    reason === 'ALREADY_OWNED' ? 'PASS_ALREADY_OWNED' : 'PASS_NOT_AVAILABLE',
    `${passUnavailableText(reason, target.scope)} Nothing was charged.`,
    { userId, details: { reason } },
  );
}

export function passOffer(
  product: PlanRow,
  target: PassTarget,
  pricing: Pricing,
  config: InvoiceConfig,
  reason: PassUnavailableReason | null,
  /** Screens at a time for an account whose only access is a pass (decision 454). */
  screens: number,
): PassOffer {
  const { currency, minor } = priceIn(product, pricing.currency);
  return {
    scope: target.scope,
    planId: product.id,
    eventId: target.eventId,
    leagueId: target.leagueId,
    title: target.title,
    price: toMajor(minor),
    currency,
    region: pricing.region,
    taxBreakdown: gstBreakdown(config, pricing.region, currency, minor),
    maxDevices: screens,
    available: reason === null,
    reason,
    message: reason ? passUnavailableText(reason, target.scope) : null,
  };
}

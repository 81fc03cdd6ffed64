import { useCallback, useEffect, useRef, useState } from 'react';
import type { CouponCheck, Platform, TaxBreakdown } from '@crease/contract';
import { checkCoupon } from '../api/billing-client';
import { problemOf } from '@crease/contract';
import type { Problem } from '@crease/contract';
import { useMessages } from '../messages';
import type { BillingMessageKey } from '../messages';
import { problemText } from '../messages/problem-text';

/** Codes are case-insensitive for people; the API is given them upper-cased and trimmed. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

export type CouponState =
  | { status: 'idle' }
  | { status: 'checking'; code: string }
  /** percentages: the discount for each plan the code applies to (plans it does not are absent). */
  | {
      status: 'applied';
      code: string;
      percentages: Readonly<Record<string, number>>;
      /** The server's price with the code, per plan (decision 397): shown as it is. */
      amounts: Readonly<Record<string, number>>;
      /** The GST in each of those prices, for India (decision 422); absent elsewhere. */
      taxBreakdowns: Readonly<Record<string, TaxBreakdown | null>>;
    }
  | { status: 'rejected'; code: string; message: string };

/** Why a code does not apply, in the viewer's words (the API's codes, decision 094 and 167). */
const REJECTIONS: Readonly<Record<string, BillingMessageKey>> = {
  COUPON_NOT_FOUND: 'coupon.notFound',
  COUPON_EXPIRED: 'coupon.expired',
  COUPON_NOT_YET_VALID: 'coupon.notYetValid',
  COUPON_EXHAUSTED: 'coupon.exhausted',
  COUPON_NOT_APPLICABLE: 'coupon.notApplicable',
  // Only about this account's own payments: it names a code the viewer has paid with.
  COUPON_ALREADY_USED: 'coupon.alreadyUsed',
};

/** How long typing must pause before the code is checked, so each keystroke is not a request. */
export const COUPON_TYPING_PAUSE_MS = 800;
/** Shorter codes are not checked while typing (each unknown code spends the API's budget). */
const MIN_LIVE_LENGTH = 4;

interface PlanAnswer {
  planId: string;
  check: CouponCheck | null;
  problem: Problem | null;
}

async function checkOne(
  platform: Pick<Platform, 'http'>,
  code: string,
  planId: string,
): Promise<PlanAnswer> {
  try {
    return { planId, check: await checkCoupon(platform, code, planId), problem: null };
  } catch (error) {
    return { planId, check: null, problem: await problemOf(error) };
  }
}

/**
 * The API answers per plan, and every refused check spends the account's coupon budget (so codes
 * cannot be enumerated). So the code is tried on one plan first: a code that is unknown, expired
 * or used up is that for every plan, and costs one check, not one per plan. Only a code that
 * exists is then tried on the other plans, for the discount each one gets.
 */
async function checkAgainstPlans(
  platform: Pick<Platform, 'http'>,
  code: string,
  planIds: readonly string[],
): Promise<PlanAnswer[]> {
  const [first, ...rest] = planIds;
  if (first === undefined) return [];
  const firstAnswer = await checkOne(platform, code, first);
  const problem = firstAnswer.problem;
  if (problem && problem.code !== 'COUPON_NOT_APPLICABLE') return [firstAnswer];
  const others = await Promise.all(rest.map((planId) => checkOne(platform, code, planId)));
  return [firstAnswer, ...others];
}

/**
 * The coupon field's live check: the code is checked against the plans on the screen (a coupon
 * can apply to some plans only) when typing pauses and when the viewer presses Apply. Only the
 * newest check's answer is kept.
 */
export function useCoupon(platform: Pick<Platform, 'http'>, planIds: readonly string[]) {
  const words = useMessages();
  const [state, setState] = useState<CouponState>({ status: 'idle' });
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const planKey = planIds.join(',');

  const check = useCallback(
    async (raw: string) => {
      if (timer.current) clearTimeout(timer.current);
      const code = normalizeCouponCode(raw);
      const run = ++latest.current;
      if (code === '') {
        setState({ status: 'idle' });
        return;
      }
      setState({ status: 'checking', code });
      const ids = planKey === '' ? [] : planKey.split(',');
      const answers = await checkAgainstPlans(platform, code, ids);
      if (run !== latest.current) return;
      const percentages: Record<string, number> = {};
      const amounts: Record<string, number> = {};
      const taxBreakdowns: Record<string, TaxBreakdown | null> = {};
      for (const answer of answers) {
        if (answer.check?.valid && answer.check.percentage > 0) {
          percentages[answer.planId] = answer.check.percentage;
          amounts[answer.planId] = answer.check.quote.amount;
          taxBreakdowns[answer.planId] = answer.check.quote.taxBreakdown ?? null;
        }
      }
      if (Object.keys(percentages).length > 0) {
        setState({ status: 'applied', code, percentages, amounts, taxBreakdowns });
        return;
      }
      const problem = answers.find((answer) => answer.problem)?.problem ?? null;
      const rejection = REJECTIONS[problem?.code ?? 'COUPON_NOT_FOUND'];
      const message =
        problem?.status === 429
          ? words.t('coupon.tooMany')
          : rejection
            ? words.t(rejection, { code })
            : problem
              ? problemText(problem, words)
              : words.t('coupon.notFound');
      setState({ status: 'rejected', code, message });
    },
    [platform, planKey, words],
  );

  /** Called on every keystroke: checks once typing pauses. */
  const typed = useCallback(
    (raw: string) => {
      if (timer.current) clearTimeout(timer.current);
      latest.current += 1;
      const code = normalizeCouponCode(raw);
      // An answer about another code must not stay on screen next to this one.
      setState((previous) =>
        previous.status !== 'idle' && previous.code === code ? previous : { status: 'idle' },
      );
      if (code.length < MIN_LIVE_LENGTH) return;
      timer.current = setTimeout(() => void check(raw), COUPON_TYPING_PAUSE_MS);
    },
    [check],
  );

  const clear = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    latest.current += 1;
    setState({ status: 'idle' });
  }, []);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return { state, check, typed, clear };
}

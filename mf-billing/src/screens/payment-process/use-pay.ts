import { useRef, useState } from 'react';
import { ProblemError } from '@crease/contract';
import type { BillingErrorCode, CheckoutRequest, Problem, ScreenProps } from '@crease/contract';
import { createCheckout } from '../../api/billing-client';
import { useIdempotencyKey } from '../../components/use-idempotency-key';
import { followRedirect } from '../payment-paths';
import type { Order } from './load-order';

/** Why Pay did not start, and what the screen offers next. */
export interface PayOutcome {
  /** The API's problem (shown in the viewer's language), or null for a failure without one. */
  problem: Problem | null;
  message: string;
  /** Changes with every failure, so the same message is announced again. */
  revision: number;
  /** The price or the coupon changed: show the current price. */
  reload: boolean;
  /** The payment provider failed: nothing was created or charged, the same Pay may be tried again. */
  retry: boolean;
}

const PROVIDER_FAILURES: readonly string[] = [
  'PAYMENT_PROVIDER_UNAVAILABLE',
  'PAYMENT_PROVIDER_ERROR',
] satisfies BillingErrorCode[];

/** A plan's checkout request: exactly the total and the currency the page showed. */
export function planCheckoutRequest({ plan, couponCode, quote }: Order): CheckoutRequest {
  return {
    planId: plan.planId,
    ...(couponCode ? { couponCode } : {}),
    expectedAmount: quote.amount,
    // The currency the page showed: another one is refused, never charged (decision 421).
    currency: quote.currency,
  };
}

/**
 * Pay: creates the checkout for exactly the request's `expectedAmount` (one Idempotency-Key per request, so a retry is
 * the same checkout) and goes to the provider's card page. A double click pays once.
 */
export function usePay(
  request: CheckoutRequest,
  { platform, navigate }: Pick<ScreenProps, 'platform' | 'navigate'>,
) {
  const keyFor = useIdempotencyKey();
  const [busy, setBusy] = useState(false);
  // A second click can arrive before React has re-rendered the button as disabled.
  const inFlight = useRef(false);
  const [outcome, setOutcome] = useState<PayOutcome | null>(null);

  const pay = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const checkout = await createCheckout(platform, request, keyFor(request));
      platform.analytics.track({
        name: 'begin_checkout',
        properties: { planId: request.planId, amount: checkout.amount },
      });
      followRedirect(checkout.redirectUrl, navigate);
    } catch (error) {
      inFlight.current = false;
      setBusy(false);
      const problem = error instanceof ProblemError ? error.problem : null;
      const reload =
        problem?.code === 'PRICE_CHANGED' ||
        problem?.code?.startsWith('COUPON_') === true ||
        problem?.code?.startsWith('PASS_') === true;
      setOutcome((previous) => ({
        problem,
        message: problem?.message ?? String(error),
        revision: (previous?.revision ?? 0) + 1,
        reload,
        retry: PROVIDER_FAILURES.includes(problem?.code ?? ''),
      }));
    }
  };
  return { busy, outcome, pay: () => void pay() };
}

/**
 * The sandbox's card rules: what a real card form checks (Luhn, expiry, CVC) and what the
 * well-known test cards do (contract SANDBOX_TEST_CARDS). Pure functions, no database.
 */
import { SANDBOX_TEST_CARDS, cardBrandOf, cardDigits, passesLuhn } from '@crease/contract';
import type { BillingErrorCode, PaymentFailureCode, SandboxCardRequest } from '@crease/contract';

export type CardProblem = {
  code: Extract<
    BillingErrorCode,
    'CARD_NUMBER_INVALID' | 'CARD_EXPIRED' | 'CARD_EXPIRY_INVALID' | 'CARD_CVC_INVALID'
  >;
  message: string;
};

export type CardOutcome =
  | { kind: 'SUCCEEDS' }
  | { kind: 'REQUIRES_CONFIRMATION' }
  | { kind: 'FAILS'; code: PaymentFailureCode; message: string };

// The number's check is the contract's, the one the hosted card form makes too.
export { cardBrandOf, cardDigits, passesLuhn };

/** The first problem with the card as typed, or null. `now` is the provider's clock. */
export function cardProblem(card: SandboxCardRequest, now: Date): CardProblem | null {
  const digits = cardDigits(card.number);
  if (!/^\d{12,19}$/.test(digits))
    return {
      code: 'CARD_NUMBER_INVALID',
      message: 'The card number must have 12 to 19 digits.',
    };
  if (!passesLuhn(digits))
    return {
      code: 'CARD_NUMBER_INVALID',
      message: 'The card number is not valid (check digit). Check it and try again.',
    };
  if (
    !(card.expMonth >= 1 && card.expMonth <= 12) ||
    !(card.expYear >= 2000 && card.expYear <= 2199)
  )
    return {
      code: 'CARD_EXPIRY_INVALID',
      message: 'The expiry date is not valid: the month is 1 to 12, the year has four digits.',
    };
  // A card is good through the last day of its expiry month.
  const endOfMonth = Date.UTC(card.expYear, card.expMonth, 1);
  if (endOfMonth <= now.getTime())
    return { code: 'CARD_EXPIRED', message: 'The card has expired. Use another card.' };
  if (!/^\d{3,4}$/.test(card.cvc))
    return {
      code: 'CARD_CVC_INVALID',
      message: 'The security code (CVC) must be the 3 or 4 digits on the card.',
    };
  return null;
}

/** What the test card does. Any other valid number is declined, as in Stripe's test mode. */
export function cardOutcome(digits: string): CardOutcome {
  switch (digits) {
    case SANDBOX_TEST_CARDS.success:
      return { kind: 'SUCCEEDS' };
    case SANDBOX_TEST_CARDS.failsAtRenewal:
      // Good now; saved for renewals, its later charges are declined (failsOffSession).
      return { kind: 'SUCCEEDS' };
    case SANDBOX_TEST_CARDS.requiresConfirmation:
      return { kind: 'REQUIRES_CONFIRMATION' };
    case SANDBOX_TEST_CARDS.insufficientFunds:
      return {
        kind: 'FAILS',
        code: 'INSUFFICIENT_FUNDS',
        message: 'Your card has insufficient funds. Try another card.',
      };
    case SANDBOX_TEST_CARDS.declined:
      return {
        kind: 'FAILS',
        code: 'CARD_DECLINED',
        message: 'Your card was declined. Try another card.',
      };
    default:
      return {
        kind: 'FAILS',
        code: 'CARD_DECLINED',
        message:
          'Your card was declined: the sandbox takes only its test cards (4242 4242 4242 4242).',
      };
  }
}

/** A saved card that pays now and declines every later off-session charge (Stripe's 0341). */
export function failsOffSession(digits: string): boolean {
  return digits === SANDBOX_TEST_CARDS.failsAtRenewal;
}

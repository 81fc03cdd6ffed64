/**
 * The embedded sandbox payment provider's hosted card page (decision 092): its test cards and
 * the wire types of its session, card and confirmation calls (paths in BILLING_PATHS).
 */
import type { PaymentFailureCode } from './billing';

/** The sandbox provider's test cards (any future expiry, any 3-digit CVC). */
export const SANDBOX_TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  requiresConfirmation: '4000002760003184',
  insufficientFunds: '4000000000009995',
  /** Pays now and is saved, then every later charge to it is declined (Stripe's 0341). */
  failsAtRenewal: '4000000000000341',
} as const;

/** GET sandboxSession: what the hosted card page shows. */
export interface SandboxSessionView {
  sessionId: string;
  merchant: string;
  description: string;
  amount: number;
  currency: string;
  status: 'OPEN' | 'REQUIRES_CONFIRMATION' | 'SUCCEEDED' | 'EXPIRED';
  /** The last failed attempt on this session, if any. */
  lastFailure: { code: PaymentFailureCode; message: string } | null;
  /** Where the page sends the browser when it is done (the site's /payment-process). */
  returnUrl: string;
  expiresAt: string;
  /** A subscription's first payment: the card is saved and charged again at each renewal. */
  savesCard: boolean;
}

export interface SandboxCardRequest {
  /** Digits; spaces and dashes are allowed and ignored. */
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
  name?: string;
}

export interface SandboxConfirmRequest {
  /** The 3-D-Secure-style step: the viewer approves or refuses in their "bank" dialog. */
  approve: boolean;
}

/**
 * The hosted page's answer to a card or a confirmation: the page then returns to returnUrl.
 * The API answers SUCCEEDED or REQUIRES_CONFIRMATION with 200; a refused payment is a 402 in
 * the error shape (CARD_DECLINED, INSUFFICIENT_FUNDS, AUTHENTICATION_FAILED), which the page
 * may turn into a FAILED result of its own.
 */
export interface SandboxPaymentResult {
  status: 'SUCCEEDED' | 'REQUIRES_CONFIRMATION' | 'FAILED';
  failureCode: PaymentFailureCode | null;
  message: string;
  returnUrl: string;
}

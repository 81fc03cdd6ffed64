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

/**
 * The sandbox's test UPI IDs (VPAs), as Razorpay's test mode has them (issue 34 §2, decision
 * 461): one approves, one declines, and one never answers (the request stays pending until the
 * viewer gives up and pays another way).
 */
export const SANDBOX_TEST_VPAS = {
  success: 'success@razorpay',
  failure: 'failure@razorpay',
  neverAnswers: 'pending@razorpay',
} as const;

/** How the hosted page can take the money: UPI only for rupee sessions. */
export type SandboxPaymentMethod = 'CARD' | 'UPI';

/** GET sandboxSession: what the hosted card page shows. */
export interface SandboxSessionView {
  sessionId: string;
  merchant: string;
  description: string;
  amount: number;
  currency: string;
  /** AWAITING_UPI: a UPI request was sent and its app has not answered (it may never). */
  status: 'OPEN' | 'REQUIRES_CONFIRMATION' | 'AWAITING_UPI' | 'SUCCEEDED' | 'EXPIRED';
  /** The ways this session can be paid: CARD always, UPI for INR. */
  methods: SandboxPaymentMethod[];
  /**
   * What REQUIRES_CONFIRMATION waits for: the bank's check of a card payment, or the approval of
   * a UPI AutoPay mandate (a subscription paid by UPI); null otherwise.
   */
  confirming: 'CARD_PAYMENT' | 'UPI_MANDATE' | null;
  /** The UPI ID of the request under way (AWAITING_UPI or a mandate to approve); else null. */
  vpa: string | null;
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

/** POST sandboxUpi: a UPI collect request to this UPI ID. */
export interface SandboxUpiRequest {
  vpa: string;
}

/** POST mandateCancel: the pre-debit notice's one-click cancel. */
export interface MandateCancelRequest {
  token: string;
}

export interface MandateCancelResult {
  /** The mandate is revoked at the provider; renewal is off, access runs to the period end. */
  revoked: true;
  periodEnd: string | null;
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
  status: 'SUCCEEDED' | 'REQUIRES_CONFIRMATION' | 'AWAITING_UPI' | 'FAILED';
  failureCode: PaymentFailureCode | null;
  message: string;
  returnUrl: string;
}

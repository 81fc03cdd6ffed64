import type { SubscriptionState, VideoQuality } from '@crease/contract';

/** The spec's enum values as people say them. */

export const VIDEO_QUALITY_LABELS: Readonly<Record<VideoQuality, string>> = {
  AUTO: 'Automatic',
  SD: 'SD (480p)',
  HD: 'HD (720p)',
  FULL_HD: 'Full HD (1080p)',
};

export const SUBSCRIPTION_STATE_LABELS: Readonly<Record<SubscriptionState, string>> = {
  NONE: 'No plan',
  TRIAL: 'Free trial',
  ACTIVE: 'Active',
  CANCELLED: 'Cancelled',
  EXPIRED: 'Expired',
};

export const PAYMENT_SYSTEM_LABELS: Readonly<Record<string, string>> = {
  SANDBOX: 'Card (sandbox)',
  STRIPE: 'Card (Stripe)',
  RAZORPAY: 'Razorpay',
};

/** Why a charge took no money (PaymentFailureCode), as the payment history says it. */
export const FAILURE_REASON_LABELS: Readonly<Record<string, string>> = {
  CARD_DECLINED: 'Card declined',
  INSUFFICIENT_FUNDS: 'Insufficient funds',
  AUTHENTICATION_FAILED: 'Not confirmed with your bank',
  UPI_DECLINED: 'UPI declined',
  MANDATE_INACTIVE: 'UPI AutoPay mandate paused or revoked',
  AUTHENTICATION_REQUIRED: 'Needs your approval (over ₹15,000)',
  PAYMENT_PROVIDER_UNAVAILABLE: 'Payment provider unavailable',
  PAYMENT_PROVIDER_ERROR: 'Payment provider error',
};

/** What a payment was for (PaymentReceipt.kind). */
export const PAYMENT_KIND_LABELS: Readonly<Record<string, string>> = {
  CHECKOUT: 'Purchase',
  RENEWAL: 'Renewal',
  UPGRADE: 'Upgrade',
};

/** What a receipt's payment was for, as a sentence's object ("Payment for: a renewal"). */
export const PAYMENT_PURPOSE_LABELS: Readonly<Record<string, string>> = {
  CHECKOUT: 'A new plan',
  RENEWAL: 'A renewal',
  UPGRADE: 'An upgrade, less the credit for unused time',
};

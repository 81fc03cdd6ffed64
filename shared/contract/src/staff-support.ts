/**
 * Support's desk (issue 33 §4, decision 402): find a viewer by email, see what the task needs,
 * and act with a reason. Staff bearer; support and admin only (scorer and producer get 403).
 * No card numbers, no password hashes, no tokens, no provider references.
 */
import type { RefundAccepted } from './billing';

export const SUPPORT_PATHS = {
  /** GET ?email=: 200 SupportViewer, or 404 VIEWER_NOT_FOUND. */
  viewer: 'api/v1/staff/support/viewers',
  /** POST SupportRefundRequest (Idempotency-Key): 202 RefundAccepted, through the provider. */
  refund: 'api/v1/staff/support/payments/:paymentId/refunds',
  /** POST SupportReason: 204; the receipt of this payment is mailed again. */
  resendReceipt: 'api/v1/staff/support/payments/:paymentId/receipt',
  /** POST SupportReason: 204; the device leaves the list, its sessions end. */
  signOutDevice: 'api/v1/staff/support/viewers/:userId/devices/:vidictId/sign-out',
  /** POST SupportReason: 204; every device and session of the viewer ends. */
  signOutAll: 'api/v1/staff/support/viewers/:userId/sign-out',
  /** POST SupportReason: 200 SupportViewer; renewal off, access to the period end (414). */
  cancelSubscription: 'api/v1/staff/support/viewers/:userId/subscription/cancel',
  /** POST SupportExtendRequest: 200 SupportViewer; the period ends `days` later (414). */
  extendSubscription: 'api/v1/staff/support/viewers/:userId/subscription/extend',
  /** POST SupportReason: 200 AccountDeletionResult; the viewer's own deletion, asked for (414). */
  deleteAccount: 'api/v1/staff/support/viewers/:userId/deletion',
} as const;

/** A goodwill extension is whole days, within these bounds (decision 414). */
export const SUPPORT_EXTENSION_DAYS = { min: 1, max: 90 } as const;

/** Every support action says why (3 to 500 characters); the audit log keeps it. */
export interface SupportReason {
  reason: string;
}

export interface SupportRefundRequest extends SupportReason {
  /** Major units; default: all that is left of the payment. */
  amount?: number;
}

export interface SupportExtendRequest extends SupportReason {
  /** Whole days, SUPPORT_EXTENSION_DAYS.min to .max. */
  days: number;
  /** The period end the agent saw: any other (a second click, another agent) is a 409. */
  periodEnd: string;
}

export type SupportRefundAccepted = RefundAccepted;

export interface SupportPayment {
  paymentId: string;
  planName: string;
  /** Major units. */
  amount: number;
  currency: string;
  paidAt: string;
  invoiceNumber: string | null;
  /** Major units refunded so far (the ledger: after the provider's webhook). */
  refunded: number;
}

export interface SupportDevice {
  vidictId: string;
  /** "Chrome on Windows": our own words, never the raw User-Agent. */
  description: string;
  registeredAt: string;
  lastSeenAt: string | null;
  /** A stream is playing on it now (a live playback session). */
  playingNow: boolean;
}

export interface SupportMail {
  subject: string;
  sentAt: string;
}

export interface SupportViewer {
  userId: string;
  email: string;
  name: string;
  createdAt: string;
  subscription: {
    state: string;
    planName: string | null;
    periodEnd: string | null;
    renewing: boolean;
  } | null;
  payments: SupportPayment[];
  devices: SupportDevice[];
  /** How many streams play on the account now. */
  streamsPlaying: number;
  mail: SupportMail[];
}

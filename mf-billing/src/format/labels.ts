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
};

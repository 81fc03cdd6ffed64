export {
  deviceToWire,
  forgetUnseenDevices,
  isRegistered,
  listDevices,
  markDeviceSeen,
  maxDevicesFor,
} from './devices';
export { entitlementFor } from './entitlement';
export { DEFAULT_LEDGER_RETENTION_YEARS, purgeExpiredLedger } from './ledger/retention';
export {
  DeviceLimitErrorSchema,
  RegisteredDeviceSchema,
  VideoQualitySchema,
  VidictId,
  billingErrorResponses,
} from './schemas';
export { isEntitled, lockSubscription, readSubscription } from './subscription-machine';
export type { Executor, SubscriptionRow } from './subscription-machine';
export { devices, subscriptions } from './tables';
export { BILLING_EVENT_TYPES, recordBillingEvent } from './billing-events';
export type {
  AccountDeletedPayload,
  BillingEventType,
  InvoiceIssuedPayload,
} from './billing-events';
export { billingEvents, plans } from './tables';
export type { AccountDeletionHook } from './account-deletion';
export { WELCOME_COUPON_CODE, welcomeOfferFor } from './welcome-offer';
export { refundPayment } from './payment-refund';
export type { PaymentRefundRequest, PaymentRefunded } from './payment-refund';
export { signOutDevice } from './devices';
export { eraseAccount } from './account-deletion';
export type { DeletionServices } from './account-deletion';
export { cancelRenewal } from './renewal-switch';
export { extendPeriod } from './goodwill-extension';
export type { GoodwillExtension } from './goodwill-extension';
// The admin's plans, prices and coupons in the staff console (issue 33 §5, decisions 457, 458).
export { adminPlans, setPlanOnSale, setPlanPrice } from './admin-plans';
export {
  adminCoupon,
  adminCoupons,
  couponRedemptions,
  createCoupon,
  endCoupon,
  updateCoupon,
} from './admin-coupons';

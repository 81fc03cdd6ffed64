export { deviceToWire, isRegistered, listDevices, maxDevicesFor } from './devices';
export { entitlementFor } from './entitlement';
export {
  DeviceLimitErrorSchema,
  VideoQualitySchema,
  VidictId,
  billingErrorResponses,
} from './schemas';
export { lockSubscription, readSubscription } from './subscription-machine';
export type { Executor, SubscriptionRow } from './subscription-machine';
export { devices, subscriptions } from './tables';

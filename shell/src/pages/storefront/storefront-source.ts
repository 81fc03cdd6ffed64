import { BILLING_CURRENCY, BILLING_PATHS, RETURN_TO_PARAM } from '@crease/contract';
import type { StorefrontSource } from './storefront-data';

/** The storefront's source for an API origin (imported by the route, in the boot chunk). */
export function storefrontSource(apiOrigin: string): StorefrontSource {
  return {
    url: `${apiOrigin}/${BILLING_PATHS.storefront}`,
    currency: BILLING_CURRENCY,
    registerThen: (path) => `/register?${RETURN_TO_PARAM}=${encodeURIComponent(path)}`,
  };
}

import {
  BILLING_CURRENCY,
  BILLING_PATHS,
  REGION_GUESS_PARAM,
  RETURN_TO_PARAM,
  guessRegion,
} from '@crease/contract';
import type { StorefrontSource } from './storefront-data';

/** `?regionGuess=IN` from the browser's locale and time zone (decision 421), or nothing. */
function regionQuery(): string {
  if (typeof navigator === 'undefined') return '';
  let timeZone: string | undefined;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timeZone = undefined;
  }
  const guess = guessRegion({ locale: navigator.language, ...(timeZone ? { timeZone } : {}) });
  return guess ? `?${REGION_GUESS_PARAM}=${guess}` : '';
}

/** The storefront's source for an API origin (imported by the route, in the boot chunk). */
export function storefrontSource(apiOrigin: string): StorefrontSource {
  return {
    url: `${apiOrigin}/${BILLING_PATHS.storefront}${regionQuery()}`,
    currency: BILLING_CURRENCY,
    registerThen: (path) => `/register?${RETURN_TO_PARAM}=${encodeURIComponent(path)}`,
  };
}

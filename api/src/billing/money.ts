/**
 * Money: whole minor units (cents) inside the API, major units (9.99) on the wire (contract
 * billing.ts). One rounding rule for a coupon, so the screen's preview and the charge agree.
 */
export function toMajor(cents: number): number {
  return Math.round(cents) / 100;
}

/** A wire amount in cents, or null when it is not a whole number of cents. */
export function toCents(major: number): number | null {
  const cents = Math.round(major * 100);
  return Math.abs(cents - major * 100) < 1e-6 ? cents : null;
}

/** The price after `percentage` % off, rounded to the nearest cent (half up). */
export function discounted(listPriceCents: number, percentage: number): number {
  return listPriceCents - Math.round((listPriceCents * percentage) / 100);
}

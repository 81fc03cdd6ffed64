/**
 * The card-number check both the hosted card form (mf-billing) and the sandbox provider (API)
 * make before a card is tried: digits as people type them, and the Luhn check digit.
 */

/** Digits only: spaces and dashes, as people type them from the card, are dropped. */
export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The Luhn (mod 10) check every card number carries in its last digit; false for non-digits. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Card brands by Stripe's codes (`PaymentMethod.card.brand`), as receipts and history name them. */
export const CARD_BRAND_LABELS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  unknown: 'Card',
};

/** The brand a card number belongs to, by its issuer prefix (IIN), as Stripe names it. */
export function cardBrandOf(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners';
  if (/^35(2[89]|[3-8])/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

/** "Visa ·· 4242", or null when the card is not known. */
export function cardLabel(brand: string | null, last4: string | null): string | null {
  if (!last4) return null;
  return `${CARD_BRAND_LABELS[brand ?? 'unknown'] ?? 'Card'} ·· ${last4}`;
}

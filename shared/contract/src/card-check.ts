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

/**
 * The checks a card form makes before anything is sent: the number's Luhn check digit, an expiry
 * that has not passed, and a CVC of the right length. Each returns a message for the form, or
 * null when the value is acceptable. The provider still decides whether the card pays.
 */

import { cardDigits, passesLuhn } from '@crease/contract';

// The number's check is the contract's, the one the sandbox provider makes too.
export { cardDigits, passesLuhn };

/** American Express numbers start 34 or 37 and take a 4-digit CVC; the others take 3. */
export function isAmex(digits: string): boolean {
  return /^3[47]/.test(digits);
}

export function cardNumberProblem(value: string): string | null {
  const digits = cardDigits(value);
  if (digits === '') return 'Enter your card number.';
  if (!/^\d+$/.test(digits)) return 'A card number has digits only.';
  if (digits.length < 12 || digits.length > 19)
    return 'A card number has 12 to 19 digits. Check the number on your card.';
  if (!passesLuhn(digits)) return 'That card number is not valid. Check it for a typo.';
  return null;
}

export interface Expiry {
  month: number;
  /** Four digits. */
  year: number;
}

/** "MM/YY", "MM / YY", "MMYY" or "MM/YYYY". */
export function parseExpiry(value: string): Expiry | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const yearText = match[2]!;
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card is good through the last day of its expiry month. */
export function expiryProblem(value: string, now: Date = new Date()): string | null {
  if (value.trim() === '') return 'Enter the expiry date as MM/YY.';
  const expiry = parseExpiry(value);
  if (!expiry) return 'Enter the expiry date as MM/YY, for example 08/29.';
  const currentMonth = now.getFullYear() * 12 + now.getMonth();
  const expiryMonth = expiry.year * 12 + (expiry.month - 1);
  if (expiryMonth < currentMonth) return 'This card has expired. Use another card.';
  if (expiryMonth > currentMonth + 12 * 20) return 'Check the expiry year on your card.';
  return null;
}

export function cvcProblem(value: string, cardNumber: string): string | null {
  const cvc = value.trim();
  const length = isAmex(cardDigits(cardNumber)) ? 4 : 3;
  if (cvc === '') return 'Enter the security code (CVC).';
  if (!/^\d+$/.test(cvc) || cvc.length !== length)
    return `The security code is the ${length} digits on the ${length === 4 ? 'front' : 'back'} of your card.`;
  return null;
}

/** Groups of four as printed on the card, for display while typing. */
export function formatCardNumber(value: string): string {
  const digits = cardDigits(value).replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "0829" → "08/29" while typing; leaves other input alone so editing is never fought. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  if (digits.length <= 2) return value.includes('/') ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

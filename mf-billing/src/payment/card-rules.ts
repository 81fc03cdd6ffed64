/**
 * The checks a card form makes before anything is sent: the number's Luhn check digit, an expiry
 * that has not passed, and a CVC of the right length. Each returns a message for the form, or
 * null when the value is acceptable. The provider still decides whether the card pays.
 */

import { cardDigits, passesLuhn } from '@crease/contract';
import type { Translator } from '@crease/ui/i18n';
import { billingMessages } from '../messages';
import type { BillingMessageKey } from '../messages';

/** The words the checks say, in the viewer's language (English by default, for tests and tools). */
export type CardWords = Pick<Translator<BillingMessageKey>, 't'>;
const english = (): CardWords => billingMessages.translator('en') as CardWords;

// The number's check is the contract's, the one the sandbox provider makes too.
export { cardDigits, passesLuhn };

/** American Express numbers start 34 or 37 and take a 4-digit CVC; the others take 3. */
export function isAmex(digits: string): boolean {
  return /^3[47]/.test(digits);
}

export function cardNumberProblem(value: string, { t }: CardWords = english()): string | null {
  const digits = cardDigits(value);
  if (digits === '') return t('card.numberEmpty');
  if (!/^\d+$/.test(digits)) return t('card.numberDigits');
  if (digits.length < 12 || digits.length > 19) return t('card.numberLength');
  if (!passesLuhn(digits)) return t('card.numberInvalid');
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
export function expiryProblem(
  value: string,
  now: Date = new Date(),
  { t }: CardWords = english(),
): string | null {
  if (value.trim() === '') return t('card.expiryEmpty');
  const expiry = parseExpiry(value);
  if (!expiry) return t('card.expiryFormat');
  const currentMonth = now.getFullYear() * 12 + now.getMonth();
  const expiryMonth = expiry.year * 12 + (expiry.month - 1);
  if (expiryMonth < currentMonth) return t('card.expired');
  if (expiryMonth > currentMonth + 12 * 20) return t('card.expiryYear');
  return null;
}

export function cvcProblem(
  value: string,
  cardNumber: string,
  { t }: CardWords = english(),
): string | null {
  const cvc = value.trim();
  const amex = isAmex(cardDigits(cardNumber));
  if (cvc === '') return t('card.cvcEmpty');
  if (!/^\d+$/.test(cvc) || cvc.length !== (amex ? 4 : 3))
    return t(amex ? 'card.cvcFront' : 'card.cvcBack');
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

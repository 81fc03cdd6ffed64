import { SANDBOX_TEST_CARDS } from './sandbox-provider';
import { cardBrandOf, cardDigits, cardLabel, passesLuhn } from './card-check';

describe('the card-number check both the card form and the sandbox make', () => {
  it('passes every sandbox test card and fails a one-digit typo', () => {
    for (const card of Object.values(SANDBOX_TEST_CARDS)) expect(passesLuhn(card)).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('4242424242424224')).toBe(false);
  });

  it('reads digits as people type them and refuses anything else', () => {
    expect(cardDigits('4242 4242-4242 4242')).toBe('4242424242424242');
    expect(passesLuhn('')).toBe(false);
    expect(passesLuhn('4242 4242 4242 4242')).toBe(false);
    expect(passesLuhn('42a2')).toBe(false);
  });
});

describe('the card brand a receipt names', () => {
  it('reads the issuer prefix as Stripe names the brands', () => {
    expect(cardBrandOf('4242424242424242')).toBe('visa');
    expect(cardBrandOf('5555555555554444')).toBe('mastercard');
    expect(cardBrandOf('2223003122003222')).toBe('mastercard');
    expect(cardBrandOf('2721000000000000')).toBe('unknown');
    expect(cardBrandOf('378282246310005')).toBe('amex');
    expect(cardBrandOf('6011111111111117')).toBe('discover');
    expect(cardBrandOf('3566002020360505')).toBe('jcb');
    expect(cardBrandOf('9999999999999995')).toBe('unknown');
  });

  it('labels a card by brand and last four, and nothing without the digits', () => {
    expect(cardLabel('visa', '4242')).toBe('Visa ·· 4242');
    expect(cardLabel('amex', '0005')).toBe('American Express ·· 0005');
    expect(cardLabel(null, '1234')).toBe('Card ·· 1234');
    expect(cardLabel('visa', null)).toBeNull();
  });
});

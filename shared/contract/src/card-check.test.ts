import { SANDBOX_TEST_CARDS } from './sandbox-provider';
import { cardDigits, passesLuhn } from './card-check';

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

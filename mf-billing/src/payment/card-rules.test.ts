import {
  cardNumberProblem,
  cvcProblem,
  expiryProblem,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
  passesLuhn,
} from './card-rules';

describe('card rules', () => {
  it.each(['4242424242424242', '4000000000000002', '4000002760003184', '4000000000009995'])(
    'accepts the sandbox test card %s',
    (number) => {
      expect(passesLuhn(number)).toBe(true);
      expect(cardNumberProblem(formatCardNumber(number))).toBeNull();
    },
  );

  it('explains each way a number is wrong', () => {
    expect(cardNumberProblem('')).toBe('Enter your card number.');
    expect(cardNumberProblem('4242 4242 abcd')).toBe('A card number has digits only.');
    expect(cardNumberProblem('4242')).toMatch(/12 to 19 digits/);
    expect(cardNumberProblem('4242 4242 4242 4241')).toBe(
      'That card number is not valid. Check it for a typo.',
    );
  });

  it('takes the expiry month through its last day', () => {
    const now = new Date(2026, 10, 23);
    expect(expiryProblem('11/26', now)).toBeNull();
    expect(expiryProblem('10/26', now)).toBe('This card has expired. Use another card.');
    expect(expiryProblem('12/2030', now)).toBeNull();
    expect(expiryProblem('13/30', now)).toMatch(/MM\/YY/);
    expect(expiryProblem('', now)).toBe('Enter the expiry date as MM/YY.');
    expect(expiryProblem('01/99', now)).toBe('Check the expiry year on your card.');
    expect(parseExpiry('0829')).toEqual({ month: 8, year: 2029 });
  });

  it('wants 3 CVC digits, or 4 for American Express', () => {
    expect(cvcProblem('123', '4242424242424242')).toBeNull();
    expect(cvcProblem('12', '4242424242424242')).toBe(
      'The security code is the 3 digits on the back of your card.',
    );
    expect(cvcProblem('1234', '378282246310005')).toBeNull();
    expect(cvcProblem('123', '378282246310005')).toMatch(/4 digits on the front/);
    expect(cvcProblem('', '4242')).toBe('Enter the security code (CVC).');
  });

  it('formats as the viewer types', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('0829')).toBe('08/29');
    expect(formatExpiry('08/')).toBe('08/');
    expect(formatExpiry('0')).toBe('0');
  });
});

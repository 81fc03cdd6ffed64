import { BILLING_PATHS, billingPath } from './billing';

describe('billingPath', () => {
  it('fills and encodes parameters', () => {
    expect(billingPath('checkout', { checkoutId: 'a b/c' })).toBe(
      'api/v1/billing/checkouts/a%20b%2Fc',
    );
    expect(billingPath('plans')).toBe(BILLING_PATHS.plans);
  });

  it('refuses a missing parameter instead of calling a wrong URL', () => {
    expect(() => billingPath('device')).toThrow(/vidictId/);
  });
});

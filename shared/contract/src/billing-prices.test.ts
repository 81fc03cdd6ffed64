import { currencyForRegion, guessRegion, taxBreakdownText } from './billing-prices';

describe('prices by region (decision 421)', () => {
  it.each([
    [{ locale: 'en-IN' }, 'IN'],
    [{ locale: 'hi-IN' }, 'IN'],
    [{ locale: 'en-GB', timeZone: 'Asia/Kolkata' }, 'GB'],
    [{ locale: 'en', timeZone: 'Asia/Kolkata' }, 'IN'],
    [{ locale: 'hi' }, 'IN'],
    [{ locale: 'zh-Hant-TW' }, 'TW'],
    [{ locale: 'en', timeZone: 'Europe/Paris' }, null],
    [{}, null],
  ])('guesses %p as %p', (hints, region) => expect(guessRegion(hints)).toBe(region));

  it('gives India, the UK and Australia their own currency and everyone else dollars', () => {
    expect(['IN', 'GB', 'AU', 'FR', 'GLOBAL', null].map(currencyForRegion)).toEqual([
      'INR',
      'GBP',
      'AUD',
      'USD',
      'USD',
      'USD',
    ]);
  });

  it('says the GST a price includes in one wording', () => {
    const money = (amount: number) => `₹${amount.toFixed(2)}`;
    expect(
      taxBreakdownText({ label: 'GST', ratePercent: 18, net: 253.39, tax: 45.61 }, money),
    ).toBe('Includes GST 18%: ₹253.39 + ₹45.61 GST');
  });
});

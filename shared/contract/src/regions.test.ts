import { countryCodes, DEFAULT_REGION, isRegion } from './regions';

describe('isRegion', () => {
  it.each([DEFAULT_REGION, 'GB', 'IN', 'AU', 'NZ', 'ZA', 'IE', 'US'])('accepts %p', (value) =>
    expect(isRegion(value)).toBe(true),
  );
  it.each(['', 'gb', 'UK', 'EU', 'XX', 'GBR', 'global', ' GB', '826'])('refuses %p', (value) =>
    expect(isRegion(value)).toBe(false),
  );
  it('lists the 249 assigned country codes once each', () => {
    expect(countryCodes()).toHaveLength(249);
    expect(new Set(countryCodes()).size).toBe(249);
    expect(countryCodes().every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
  });
});

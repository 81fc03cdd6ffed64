import { stackingRefusal, stackingRefusalText } from './billing-stacking';
import type { RunningPlan } from './billing-stacking';

const annual: RunningPlan = {
  planName: 'Annual',
  maxDevices: 4,
  renewing: true,
  periodEnd: '2027-11-28T10:00:00.000Z',
};
const season: RunningPlan = { ...annual, planName: 'Season', maxDevices: 3, renewing: false };
const matchPass = { planName: 'Match Pass', maxDevices: 1, renews: false };
const monthly = { planName: 'Monthly', maxDevices: 2, renews: true };
const annualOnSale = { planName: 'Annual', maxDevices: 4, renews: true };

describe('stackingRefusal (decision 391)', () => {
  it('sells anything when no paid plan runs', () => {
    expect(stackingRefusal(null, matchPass)).toBeNull();
  });

  it('never sells a pass on top of a renewing subscription, whatever its screens', () => {
    expect(stackingRefusal(annual, matchPass)).toBe('PASS_ON_SUBSCRIPTION');
    expect(stackingRefusal(annual, { ...matchPass, maxDevices: 8 })).toBe('PASS_ON_SUBSCRIPTION');
  });

  it('never sells fewer screens than the running plan gives', () => {
    expect(stackingRefusal(season, monthly)).toBe('FEWER_SCREENS');
    expect(stackingRefusal({ ...annual, renewing: false }, matchPass)).toBe('FEWER_SCREENS');
  });

  it('sells the same plan again, or one with at least as many screens', () => {
    expect(stackingRefusal(season, annualOnSale)).toBeNull();
    expect(stackingRefusal(annual, annualOnSale)).toBeNull();
    expect(stackingRefusal(season, { ...matchPass, maxDevices: 3 })).toBeNull();
  });

  it('says why in one sentence', () => {
    expect(stackingRefusalText('PASS_ON_SUBSCRIPTION', annual, matchPass, '28 Nov 2027')).toBe(
      'Your Annual subscription already includes every match on 4 screens; a Match Pass would add nothing, so it is not sold on top of it.',
    );
    expect(stackingRefusalText('FEWER_SCREENS', season, monthly, '28 Nov 2027')).toBe(
      'Monthly has 2 screens and your Season gives 3 screens until 28 Nov 2027, so buying it now would lower your plan. Choose it after that date, or choose a plan with at least 3 screens.',
    );
  });
});

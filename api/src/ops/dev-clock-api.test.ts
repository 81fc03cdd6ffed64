/** @jest-environment node */
/** The development clock route: end-to-end tests move time through it (renewals, reminders). */
import { apiForSuite, describeEachDatabase } from '../testing/test-api';

describeEachDatabase('the development clock', (host) => {
  const suite = apiForSuite(host);

  it('reads the API clock and moves it forward by the seconds asked', async () => {
    const before = await suite.client.get<{ now: string }>('/api/v1/dev/clock');
    expect(before.status).toBe(200);
    const moved = await suite.client.postJson<{ now: string }>('/api/v1/dev/clock', {
      advanceSeconds: 3 * 24 * 3600,
    });
    expect(moved.status).toBe(200);
    const gainedMs = Date.parse(moved.body.now) - Date.parse(before.body.now);
    expect(gainedMs).toBeGreaterThanOrEqual(3 * 24 * 3600 * 1000);
    expect(gainedMs).toBeLessThan(3 * 24 * 3600 * 1000 + 60_000);
  });

  it.each([
    ['backwards', { advanceSeconds: -60 }],
    ['more than a year at once', { advanceSeconds: 400 * 24 * 3600 }],
    ['a fraction of a second', { advanceSeconds: 0.5 }],
    ['an unknown field', { advanceSeconds: 60, to: '2030-01-01' }],
  ])('refuses a move %s with VALIDATION_FAILED and leaves the clock alone', async (_, body) => {
    const before = await suite.client.get<{ now: string }>('/api/v1/dev/clock');
    const refused = await suite.client.postJson<{ code: string }>('/api/v1/dev/clock', body);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION_FAILED');
    const after = await suite.client.get<{ now: string }>('/api/v1/dev/clock');
    expect(Date.parse(after.body.now) - Date.parse(before.body.now)).toBeLessThan(60_000);
  });
});

/** @jest-environment node */
/**
 * Issue 31 "Also", decision 409: the development outbox and clock answer only this machine. A
 * caller from another address (here behind a trusted proxy, so X-Forwarded-For plays one) gets
 * 404 and learns nothing; CREASE_DEV_ROUTES_OPEN=true opens them on purpose.
 */
import { apiForSuite, describeEachDatabase } from '../testing/test-api';

const PATHS = [
  '/api/v1/dev/outbox?to=viewer@crease.test',
  '/api/v1/dev/outbox/view',
  '/api/v1/dev/clock',
];
const REMOTE = { 'x-forwarded-for': '203.0.113.9' };

describeEachDatabase('the development routes', (host) => {
  describe('by default', () => {
    const suite = apiForSuite(host, { CREASE_TRUST_PROXY: '127.0.0.1,::1' });

    it('answer a loopback caller', async () => {
      for (const path of PATHS) expect((await suite.client.get(path)).status).toBe(200);
    });

    it('refuse a caller from another address: no mail read, no clock moved', async () => {
      for (const path of PATHS) {
        const res = await suite.client.get(path, { headers: REMOTE });
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
        expect(res.text).not.toContain('"subject"');
      }
      const before = await suite.client.get<{ now: string }>('/api/v1/dev/clock');
      const moved = await suite.client.postJson(
        '/api/v1/dev/clock',
        { advanceSeconds: 30 * 86_400 },
        { headers: REMOTE },
      );
      expect(moved.status).toBe(404);
      const after = await suite.client.get<{ now: string }>('/api/v1/dev/clock');
      expect(Date.parse(after.body.now) - Date.parse(before.body.now)).toBeLessThan(86_400_000);
    });
  });

  describe('with CREASE_DEV_ROUTES_OPEN=true', () => {
    const suite = apiForSuite(host, {
      CREASE_TRUST_PROXY: '127.0.0.1,::1',
      CREASE_DEV_ROUTES_OPEN: 'true',
    });

    it('answer any caller', async () => {
      for (const path of PATHS)
        expect((await suite.client.get(path, { headers: REMOTE })).status).toBe(200);
    });
  });
});

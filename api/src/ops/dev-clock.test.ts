/** @jest-environment node */
/**
 * The development clock route (decision 276): only with CREASE_DEV_CLOCK=true, never in
 * production, and it moves the clock every time-driven job reads (a reminder becomes due).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadApiConfig } from '../platform/config';
import { PRODUCTION_API_ENV } from '../testing/production-env';
import { describeEachDatabase } from '../testing/test-api';

describe('CREASE_DEV_CLOCK in production', () => {
  it('is refused at start, with the setting named', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-dev-clock-'));
    const production = { ...PRODUCTION_API_ENV, CREASE_DATA_DIR: dir };
    expect(loadApiConfig(production).devClock).toBe(false);
    expect(() => loadApiConfig({ ...production, CREASE_DEV_CLOCK: 'true' })).toThrow(
      /CREASE_DEV_CLOCK=true is not allowed in production/,
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describeEachDatabase('POST /api/v1/dev/clock', (host) => {
  it('is not there without CREASE_DEV_CLOCK', async () => {
    const api = await host().start();
    try {
      const res = await api.client().postJson('/api/v1/dev/clock', { advanceSeconds: 60 });
      expect(res.status).toBe(404);
    } finally {
      await api.close();
    }
  });

  it('moves the clock forward and back, within a day, and refuses anything else', async () => {
    const start = new Date('2027-04-01T10:00:00.000Z');
    const api = await host().start({ CREASE_DEV_CLOCK: 'true' }, { clock: start });
    try {
      const client = api.client();
      const moved = await client.postJson<{ now: string }>('/api/v1/dev/clock', {
        advanceSeconds: 600,
      });
      expect(moved.status).toBe(200);
      expect(moved.body.now).toBe('2027-04-01T10:10:00.000Z');
      const back = await client.postJson<{ now: string }>('/api/v1/dev/clock', {
        advanceSeconds: -600,
      });
      expect(back.body.now).toBe(start.toISOString());
      const tooFar = await client.postJson('/api/v1/dev/clock', { advanceSeconds: 86_401 });
      expect(tooFar.status).toBe(400);
      expect(tooFar.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    } finally {
      await api.close();
    }
  });
});

/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HEARTBEAT_RENEWAL_GRACE_MS } from '@crease/contract';
import { EDGE_ACCESS_CACHE_SECONDS, renewAfterSeconds } from 'api';
import { loadApiConfig } from 'api/config';
import { RENDITION_RECIPES } from 'api/media-recipe';
import { clusterNginxConfig } from '../cluster/cluster-nginx';
import { planCluster } from '../cluster/cluster-plan';
import { DEFAULT_ASSUMPTIONS as a } from './assumptions';
import { REPO_ROOT } from './report';

/** The assumptions taken from the code are the code's (decision 320). */
describe('the capacity assumptions', () => {
  it('use the stream recipe’s renditions, and a mix that adds up to every viewer', () => {
    expect(a.ladder.map((s) => [s.name, s.kbps])).toEqual(
      RENDITION_RECIPES.map((r) => [r.name, r.maxKbps]),
    );
    expect(a.ladder.reduce((sum, s) => sum + s.share, 0)).toBeCloseTo(1);
  });

  it('use the API’s default token and heartbeat timings', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-capacity-config-'));
    try {
      const { streams } = loadApiConfig({ NODE_ENV: 'development' }, root);
      expect(a.paidTokenSeconds).toBe(streams.tokenSeconds);
      expect(a.heartbeatSeconds).toBe(streams.heartbeatSeconds);
      // Trial tokens last two heartbeats (streams-service.ts).
      expect(a.trialTokenSeconds).toBe(
        Math.min(streams.tokenSeconds, streams.heartbeatSeconds * 2),
      );
      // Renewed when the API's renewAt says (decision 370).
      for (const seconds of [a.paidTokenSeconds, a.trialTokenSeconds])
        expect(renewAfterSeconds(seconds)).toBe(
          Math.max(seconds / 2, seconds - a.renewalMarginSeconds),
        );
      // The player waits this long past a trial token's renewAt for the heartbeat that renews it.
      expect(a.heartbeatRenewalGraceSeconds * 1000).toBe(HEARTBEAT_RENEWAL_GRACE_MS);
      expect(streams.lowLatency).toBe(true);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('use the edge’s access cache and the pods’ pool size as configured', () => {
    const nginx = clusterNginxConfig(planCluster(5000, os.tmpdir()));
    expect(nginx).toContain(`proxy_cache_valid 204 403 ${a.accessCacheSeconds}s;`);
    expect(EDGE_ACCESS_CACHE_SECONDS).toBe(a.accessCacheSeconds);
    const pool = fs.readFileSync(path.join(REPO_ROOT, 'api/src/platform/db/client.ts'), 'utf8');
    expect(pool).toMatch(new RegExp(`max: ${a.podDbPoolSize},`));
  });

  it('keep the HPA’s headroom below the ramp ceiling', () => {
    expect(a.targetUtilization).toBeLessThan(a.rampCeiling);
    expect(a.rampCeiling).toBeLessThanOrEqual(1);
  });
});

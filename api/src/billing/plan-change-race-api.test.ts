/** @jest-environment node */
/**
 * Issue 31 §1: concurrent upgrades of one subscription, each with its own Idempotency-Key (two
 * tabs, a double click sent twice), charge once (decision 390). On PostgreSQL: PGlite's single
 * connection would serialise the requests and hide the race.
 */
import { randomUUID } from 'node:crypto';
import type { Subscription } from '@crease/contract';
import { buyPlan, changePlan, expectErrorShape, newViewer } from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { billingApiForSuite } from '../testing/billing-suite';
import { describeOnPostgres } from '../testing/postgres-suite';

describeOnPostgres('Concurrent upgrades of one subscription', (host) => {
  const suite = billingApiForSuite(host);

  const count = async (sql: string, viewer: Viewer) =>
    Number((await host().query<{ n: string }>(sql, [viewer.userId]))[0]?.n ?? 0);

  it.each([2, 6, 20])(
    '%i upgrade requests with different keys: one 200, one charge, one new plan; the rest 409 and charge nothing',
    async (requests) => {
      const viewer = await newViewer(suite.api, `upgrade-race-${requests}`);
      await buyPlan(viewer, 'monthly');
      const answers = await Promise.all(
        Array.from({ length: requests }, () => changePlan(viewer, 'annual', randomUUID())),
      );

      const ok = answers.filter((answer) => answer.status === 200);
      expect(ok).toHaveLength(1);
      for (const refused of answers.filter((answer) => answer.status !== 200)) {
        expect(refused.status).toBe(409);
        // In flight: PLAN_CHANGE_IN_PROGRESS; already settled: on Annual, nothing to change.
        expect(['PLAN_CHANGE_IN_PROGRESS', 'PLAN_CHANGE_NOT_ALLOWED']).toContain(refused.body.code);
        expectErrorShape(refused.body, String(refused.body.code));
      }
      // The provider charged the saved card once for an upgrade, and the ledger has one row.
      expect(
        await count(
          `SELECT count(*) AS n FROM sandbox_off_session_charges
            WHERE idempotency_key LIKE 'upgrade:' || $1 || ':%'`,
          viewer,
        ),
      ).toBe(1);
      expect(
        await count(
          "SELECT count(*) AS n FROM payments WHERE user_id = $1 AND renewal_key LIKE 'upgrade:%'",
          viewer,
        ),
      ).toBe(1);
      // The subscription moved to Annual once.
      expect(
        await count(
          "SELECT count(*) AS n FROM subscription_transitions WHERE user_id = $1 AND cause LIKE 'upgrade:%'",
          viewer,
        ),
      ).toBe(1);
      const subscription = await viewer.client.get<Subscription>('/api/v1/billing/subscription', {
        bearer: viewer.bearer,
      });
      expect(subscription.body).toMatchObject({ planId: 'annual', state: 'ACTIVE', renews: true });
      expect(ok[0]?.body.subscription).toMatchObject({ planId: 'annual' });
    },
    60_000,
  );
});

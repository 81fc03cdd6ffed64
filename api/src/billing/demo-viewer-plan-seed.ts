/**
 * The demo viewer can watch at once (issue 11): whenever their plan is not running, this gives
 * them a paid Annual period through the same path a provider webhook takes (a checkout, one
 * ledger row, NONE/EXPIRED → ACTIVE), so /account and /payment-history show real data.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { BILLING_CURRENCY } from '@crease/contract';
import { findPlan } from './plans';
import { isEntitled, lockSubscription } from './subscription-machine';
import { activatePaidPeriod } from './subscriptions';
import { checkouts } from './tables';
import { sandboxCharges, sandboxSessions } from './providers/sandbox/sandbox-tables';
import { InvoiceIssuer } from './invoices';
import { loadInvoiceConfig } from '../platform/invoice-config';
import { users } from '../accounts';
import type { Seeder } from '../platform/db/seed';
import { DEMO_VIEWER } from '../accounts';

export const DEMO_VIEWER_PLAN = 'annual';

export const demoViewerPlanSeeder: Seeder = {
  name: 'demo-viewer-plan',
  async run(db, { clock }) {
    const [viewer] = await db.select().from(users).where(eq(users.email, DEMO_VIEWER.email));
    const plan = await findPlan(db, DEMO_VIEWER_PLAN);
    if (!viewer || !plan) return 'demo viewer or plan missing';
    // Seeds run outside the API's services: the seller and tax as the environment configures them.
    const issuer = new InvoiceIssuer(loadInvoiceConfig(process.env, []));
    return db.transaction(async (tx) => {
      const now = clock.now();
      const current = await lockSubscription(tx, viewer.id, now);
      if (isEntitled(current, now)) return `${DEMO_VIEWER.email} already has a running plan`;
      const checkoutId = randomUUID();
      const paymentId = randomUUID();
      await tx.insert(checkouts).values({
        id: checkoutId,
        userId: viewer.id,
        planId: plan.id,
        listPriceCents: plan.priceCents,
        amountCents: plan.priceCents,
        currency: BILLING_CURRENCY,
        paymentSystem: 'SANDBOX',
        sessionId: `cs_test_seed_${checkoutId}`,
        redirectUrl: '/payment-process',
        status: 'PAID',
        createdAt: now,
        expiresAt: now,
        paidAt: now,
      });
      // The sandbox provider holds the charge too, so support can refund the demo viewer's
      // payment through it like any other (issue 33 §4; decision 402).
      await tx.insert(sandboxSessions).values({
        id: `cs_test_seed_${checkoutId}`,
        reference: checkoutId,
        description: `Crease ${plan.name}`,
        amountCents: plan.priceCents,
        currency: BILLING_CURRENCY,
        returnUrl: '/payment-process',
        status: 'SUCCEEDED',
        createdAt: now,
        expiresAt: now,
      });
      await tx.insert(sandboxCharges).values({
        id: `ch_seed_${paymentId}`,
        sessionId: `cs_test_seed_${checkoutId}`,
        amountCents: plan.priceCents,
        status: 'succeeded',
        cardLast4: '4242',
        cardBrand: 'visa',
        createdAt: now,
      });
      const subscription = await activatePaidPeriod(
        tx,
        viewer.id,
        plan,
        now,
        `payment:${paymentId}`,
        {
          amountCents: plan.priceCents,
          currency: BILLING_CURRENCY,
          paymentSystem: 'SANDBOX',
          paymentMethod: null,
        },
      );
      await issuer.recordPayment(
        tx,
        {
          id: paymentId,
          userId: viewer.id,
          checkoutId,
          planId: plan.id,
          planName: plan.name,
          amountCents: plan.priceCents,
          listPriceCents: plan.priceCents,
          currency: BILLING_CURRENCY,
          paymentSystem: 'SANDBOX',
          providerReference: `ch_seed_${paymentId}`,
          paidAt: now,
          planEndDate: subscription.periodEnd ?? now,
        },
        // The sandbox's success card, as if the demo viewer had typed it.
        { brand: 'visa', last4: '4242' },
      );
      return `${DEMO_VIEWER.email} has ${plan.name} until ${subscription.periodEnd?.toISOString()}`;
    });
  },
};

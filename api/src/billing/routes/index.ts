import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account';
import { billingCheckoutRoutes } from './checkouts';
import { billingCouponRoutes } from './coupons';
import { dataExportRoutes } from './data-export';
import { deviceRoutes } from './devices';
import { entitlementRoutes } from './entitlement';
import { mandateCancelRoutes } from './mandate-cancel';
import { meRoutes } from './me';
import { operatorRefundRoutes } from './operator-refunds';
import { billingPaymentRoutes } from './payments';
import { billingPlanRoutes } from './plans';
import { passRoutes } from './passes';
import { sandboxProviderRoutes } from './sandbox-provider';
import { storefrontRoutes } from './storefront';
import { billingSubscriptionRoutes } from './subscription';
import { billingTrialRoutes } from './trial';
import { billingWebhookRoutes } from './webhooks';

/**
 * Every billing route: plans, coupons, checkout, trial, subscription, payments, provider webhooks
 * and the sandbox's hosted pages, entitlement, devices, and the viewer's profile and account
 * overview (both show the subscription, so billing builds them from accounts' user).
 */
export async function billingRoutes(app: FastifyInstance): Promise<void> {
  await app.register(meRoutes);
  await app.register(billingPlanRoutes);
  await app.register(storefrontRoutes);
  await app.register(billingCouponRoutes);
  await app.register(billingCheckoutRoutes);
  await app.register(passRoutes);
  await app.register(billingTrialRoutes);
  await app.register(billingSubscriptionRoutes);
  await app.register(billingPaymentRoutes);
  await app.register(operatorRefundRoutes);
  await app.register(billingWebhookRoutes);
  await app.register(sandboxProviderRoutes);
  await app.register(entitlementRoutes);
  await app.register(accountRoutes);
  await app.register(deviceRoutes);
  await app.register(dataExportRoutes);
  await app.register(mandateCancelRoutes);
}

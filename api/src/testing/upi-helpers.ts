/**
 * UPI journeys for the billing suites (issue 34 §2): an Indian viewer (profile region IN, so
 * checkouts are in rupees) and the sandbox's UPI page with its test UPI IDs.
 */
import { SANDBOX_TEST_VPAS } from '@crease/contract';
import type { Checkout } from '@crease/contract';
import { createCheckout, eventually, getCheckout, newViewer } from './billing-helpers';
import type { Viewer } from './billing-helpers';
import type { ApiHost, RunningApi } from './test-api';

export async function indianViewer(
  api: RunningApi,
  host: ApiHost,
  prefix = 'upi',
): Promise<Viewer> {
  const viewer = await newViewer(api, prefix);
  await host.query("UPDATE users SET region = 'IN' WHERE id = $1", [viewer.userId]);
  return viewer;
}

export function payByUpi(viewer: Viewer, sessionId: string, vpa: string) {
  return viewer.client.postJson<Record<string, unknown>>(
    `/api/v1/sandbox-provider/sessions/${sessionId}/upi`,
    { vpa },
  );
}

export function confirmSession(viewer: Viewer, sessionId: string, approve: boolean) {
  return viewer.client.postJson<Record<string, unknown>>(
    `/api/v1/sandbox-provider/sessions/${sessionId}/confirm`,
    { approve },
  );
}

/** Subscribes to `planId` with UPI AutoPay: success@razorpay, then the mandate approved. */
export async function subscribeWithUpi(viewer: Viewer, planId = 'monthly'): Promise<Checkout> {
  const created = await createCheckout(viewer, { planId });
  if (created.status !== 201) throw new Error(`checkout: ${created.status} ${created.text}`);
  const asked = await payByUpi(viewer, created.body.sessionId, SANDBOX_TEST_VPAS.success);
  if (asked.body.status !== 'REQUIRES_CONFIRMATION') throw new Error(`upi: ${asked.text}`);
  const approved = await confirmSession(viewer, created.body.sessionId, true);
  if (approved.status !== 200) throw new Error(`mandate: ${approved.status} ${approved.text}`);
  return eventually(async () => {
    const checkout = await getCheckout(viewer, created.body.checkoutId);
    return checkout.status === 'PAID' ? checkout : null;
  });
}

/** The account's mandate as we keep it. */
export async function mandateRow(host: ApiHost, userId: string) {
  const [row] = await host.query<{ id: string; status: string; vpa: string | null }>(
    'SELECT id, status, vpa FROM payment_mandates WHERE user_id = $1',
    [userId],
  );
  return row;
}

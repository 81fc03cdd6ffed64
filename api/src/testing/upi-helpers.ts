/**
 * UPI journeys for the billing suites (issue 34 §2): an Indian viewer (profile region IN, so
 * checkouts are in rupees) and the sandbox's UPI page with its test UPI IDs.
 */
import { SANDBOX_TEST_VPAS } from '@crease/contract';
import type { Checkout } from '@crease/contract';
import { createCheckout, eventually, getCheckout, newViewer } from './billing-helpers';
import type { Viewer } from './billing-helpers';
import type { ApiHost, RunningApi } from './test-api';
import { verifyEmail } from './mailbox';

/** A viewer in India with a proved address (lifecycle mail goes only to one, decision 405). */
export async function indianViewer(
  api: RunningApi,
  host: ApiHost,
  prefix = 'upi',
): Promise<Viewer> {
  const viewer = await newViewer(api, prefix);
  await host.query("UPDATE users SET region = 'IN' WHERE id = $1", [viewer.userId]);
  await verifyEmail(viewer.client, viewer.email);
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

/** The pre-debit notices queued for the account, oldest first, with their mailed payload. */
export async function debitNotices(host: ApiHost, userId: string) {
  return host.query<{ dedupe_key: string; payload: Record<string, unknown>; created_at: string }>(
    `SELECT dedupe_key, payload, created_at FROM lifecycle_mail
      WHERE user_id = $1 AND kind = 'mandate-debit-notice' ORDER BY id`,
    [userId],
  );
}

/** The sandbox's debits on the account's mandate (what the provider took). */
export async function mandateDebits(host: ApiHost, mandateId: string) {
  return host.query<{ status: string; failure_code: string | null; amount_cents: number }>(
    'SELECT status, failure_code, amount_cents FROM sandbox_mandate_debits WHERE mandate_id = $1',
    [mandateId],
  );
}

/** The viewer pauses, resumes or revokes the mandate in their UPI app (at the provider). */
export async function setProviderMandate(host: ApiHost, mandateId: string, status: string) {
  await host.query('UPDATE sandbox_mandates SET status = $1 WHERE id = $2', [status, mandateId]);
}

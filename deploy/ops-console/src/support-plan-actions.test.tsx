/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
/**
 * The support desk's plan and account buttons against the real API (issue 33 §4, decision 414):
 * extend by whole days, cancel renewal and delete the account, each with a reason; cancel and
 * deletion confirmed with a ticked box; an extension another agent beat is refused and said so.
 */
import { webcrypto } from 'node:crypto';
import { screen, within } from '@testing-library/react';
import { buyPlan, newViewer, subscriptionOf } from 'api/testing/billing-helpers';
import type { Viewer } from 'api/testing/billing-helpers';
import { makeStaff, signIn, startOpsApi, stopOpsApi } from './testing/ops-fixture';
import type { OpsApi } from './testing/ops-fixture';

// jsdom's crypto has no subtle; registering a test viewer solves the API's bot check with it.
if (!globalThis.crypto.subtle)
  Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle });

let ops: OpsApi;
beforeAll(async () => {
  ops = await startOpsApi();
}, 60_000);
afterAll(() => stopOpsApi(ops));
afterEach(() => sessionStorage.clear());

const DAY_MS = 24 * 60 * 60 * 1000;

async function openViewer(viewer: Viewer) {
  const agent = await makeStaff(ops.api.client(), ops.admin, 'support');
  const user = await signIn(ops.api.origin, agent);
  await user.type(await screen.findByLabelText('Viewer email'), viewer.email);
  await user.click(screen.getByRole('button', { name: 'Find viewer' }));
  const panel = await screen.findByRole('region', { name: 'Plan and account' });
  return { user, panel, agent };
}

const audited = (userId: string, action: string) =>
  ops.host.query<{ actor: string; after: { reason: string } }>(
    'SELECT actor, after FROM staff_audit WHERE subject = $1 AND action = $2',
    [`user:${userId}`, action],
  );

describe("support desk's plan and account actions", () => {
  it('extends by whole days with a reason, and says so when another agent extended first', async () => {
    const viewer = await newViewer(ops.api, 'console-extend');
    await buyPlan(viewer, 'monthly');
    const seen = (await subscriptionOf(viewer)).periodEnd ?? '';
    const { user, panel, agent } = await openViewer(viewer);

    await user.click(within(panel).getByRole('button', { name: 'Extend plan' }));
    await user.type(screen.getByLabelText('Days to add'), '200');
    await user.type(screen.getByLabelText('Reason'), 'Stream down for the whole test');
    await user.click(screen.getByRole('button', { name: 'Add the days' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Give whole days, 1 to 90');
    await user.clear(screen.getByLabelText('Days to add'));
    await user.type(screen.getByLabelText('Days to add'), '7');
    await user.click(screen.getByRole('button', { name: 'Add the days' }));
    expect(await screen.findByText(/^7 days added: the plan now runs until/)).toBeInTheDocument();
    expect((await subscriptionOf(viewer)).periodEnd).toBe(
      new Date(Date.parse(seen) + 7 * DAY_MS).toISOString(),
    );
    expect(await audited(viewer.userId, 'support.extend-subscription')).toEqual([
      expect.objectContaining({
        actor: `staff:${agent.id}`,
        after: expect.objectContaining({ reason: 'Stream down for the whole test' }),
      }),
    ]);

    // The form holds the period end it showed; another agent extends meanwhile: refused, said so.
    await user.click(
      await within(screen.getByRole('region', { name: 'Plan and account' })).findByRole('button', {
        name: 'Extend plan',
      }),
    );
    const now = (await subscriptionOf(viewer)).periodEnd;
    await ops.api
      .client()
      .postJson(
        `/api/v1/staff/support/viewers/${viewer.userId}/subscription/extend`,
        { reason: 'The other agent', days: 2, periodEnd: now },
        { bearer: ops.admin.token, xsrf: false },
      );
    await user.type(screen.getByLabelText('Days to add'), '7');
    await user.type(screen.getByLabelText('Reason'), 'A second click');
    await user.click(screen.getByRole('button', { name: 'Add the days' }));
    const refused = await screen.findByRole('alert');
    expect(refused).toHaveTextContent('Not done');
    expect(refused).toHaveTextContent('SUBSCRIPTION_CHANGED');
    expect(await audited(viewer.userId, 'support.extend-subscription')).toHaveLength(2);
  });

  it('cancels renewal only once the box is ticked, then the button is off', async () => {
    const viewer = await newViewer(ops.api, 'console-cancel');
    await buyPlan(viewer, 'monthly');
    const { user, panel } = await openViewer(viewer);
    await user.click(within(panel).getByRole('button', { name: 'Cancel renewal' }));
    await user.type(screen.getByLabelText('Reason'), 'Moving abroad, asked by mail');
    await user.click(screen.getByRole('button', { name: 'Yes, cancel renewal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tick the box to confirm first');
    expect((await subscriptionOf(viewer)).state).toBe('ACTIVE');

    await user.click(screen.getByLabelText('The viewer asked to cancel their subscription.'));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel renewal' }));
    expect(await screen.findByText(/renewal of .+ plan was cancelled/)).toBeInTheDocument();
    expect((await subscriptionOf(viewer)).state).toBe('CANCELLED');
    const reloaded = await screen.findByRole('region', { name: 'Plan and account' });
    expect(
      await within(reloaded).findByText('This plan does not renew: there is nothing to cancel.'),
    ).toBeInTheDocument();
    expect(within(reloaded).getByRole('button', { name: 'Cancel renewal' })).toBeDisabled();
  });

  it('deletes the account the viewer asked to delete, confirmed; the viewer is gone from the desk', async () => {
    const viewer = await newViewer(ops.api, 'console-delete');
    const { user, panel } = await openViewer(viewer);
    expect(within(panel).getByRole('button', { name: 'Extend plan' })).toBeDisabled();
    await user.click(within(panel).getByRole('button', { name: 'Delete account' }));
    await user.type(screen.getByLabelText('Reason'), 'Deletion asked by mail, ticket 88');
    await user.click(
      screen.getByLabelText(
        'The viewer asked, from their own address, for their account to be deleted.',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Yes, delete the account' }));
    expect(
      await screen.findByText(`The account of ${viewer.email} was deleted.`),
    ).toBeInTheDocument();
    expect(await screen.findByText(`No viewer has the email ${viewer.email}`)).toBeInTheDocument();
    expect(await audited(viewer.userId, 'support.delete-account')).toHaveLength(1);
  });
});

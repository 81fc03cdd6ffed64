/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
/**
 * The admin's business screens against the real API (issue 33 §5): a coupon created through the
 * form (bad input refused before sending, a reason required), opened with its empty
 * redemptions, its limit changed and ended; a price changed and a plan withdrawn from sale; the
 * figures; and the designed error state when the API refuses (a producer's session).
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import { staffClient } from './api/staff-client';
import { CouponsScreen } from './business/coupons-screen';
import { FiguresScreen } from './business/figures-screen';
import { makeStaff, signIn, startOpsApi, stopOpsApi } from './testing/ops-fixture';
import type { OpsApi } from './testing/ops-fixture';

let ops: OpsApi;
beforeAll(async () => {
  ops = await startOpsApi();
}, 60_000);
afterAll(() => stopOpsApi(ops));
afterEach(() => sessionStorage.clear());

const REASON = 'Launch week promotion';

describe('business screens', () => {
  it('creates a coupon, opens it, changes its limit and ends it, with reasons', async () => {
    const user = await signIn(ops.api.origin, ops.admin);
    await user.click(await screen.findByRole('button', { name: 'Coupons' }));
    const panel = await screen.findByRole('region', { name: 'All coupons' });
    await within(panel).findByRole('region', { name: 'Coupons table' }, { timeout: 10_000 });

    await user.click(screen.getByRole('button', { name: 'New coupon' }));
    const form = screen.getByRole('form', { name: 'New coupon' });
    await user.click(within(form).getByRole('button', { name: 'Create coupon' }));
    expect(await within(form).findByText(/3 to 32 letters/)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Code'), 'launch25');
    await user.type(within(form).getByLabelText('Discount (%)'), '25');
    await user.type(within(form).getByLabelText('Redemption limit'), '1');
    await user.click(within(form).getByRole('checkbox', { name: 'Monthly' }));
    await user.click(within(form).getByRole('button', { name: 'Create coupon' }));
    expect(await within(form).findByText(/Say why/)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Reason'), REASON);
    await user.click(within(form).getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText('LAUNCH25 is created: 25% off.')).toBeInTheDocument();
    const row = (await screen.findByText('LAUNCH25')).closest('tr')!;
    expect(row).toHaveTextContent('0 of 1');
    expect(row).toHaveTextContent('monthly');
    expect(row).toHaveTextContent('Active');

    // The same code again: the API's refusal, in its words.
    await user.click(screen.getByRole('button', { name: 'New coupon' }));
    const again = screen.getByRole('form', { name: 'New coupon' });
    await user.type(within(again).getByLabelText('Code'), 'LAUNCH25');
    await user.type(within(again).getByLabelText('Discount (%)'), '10');
    await user.type(within(again).getByLabelText('Reason'), REASON);
    await user.click(within(again).getByRole('button', { name: 'Create coupon' }));
    expect(await within(again).findByText('COUPON_CODE_TAKEN')).toBeInTheDocument();
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Open LAUNCH25' }));
    expect(await screen.findByText('No one has paid with it yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change limit or end date' }));
    const change = screen.getByRole('form', { name: 'Change LAUNCH25' });
    await user.clear(within(change).getByLabelText('Redemption limit'));
    await user.type(within(change).getByLabelText('Redemption limit'), '40');
    await user.type(within(change).getByLabelText('Reason'), REASON);
    await user.click(within(change).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('LAUNCH25: 0 of 40 places taken.')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'End coupon' }));
    const end = screen.getByRole('form', { name: 'End LAUNCH25 now' });
    await user.type(within(end).getByLabelText('Reason'), REASON);
    await user.click(within(end).getByRole('button', { name: 'End coupon' }));
    expect(await screen.findByText('LAUNCH25 has ended.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End coupon' })).toBeNull();

    const audit = await ops.host.query<{
      actor: string;
      action: string;
      after: { reason: string };
    }>(
      "SELECT actor, action, after FROM staff_audit WHERE subject = 'coupon:LAUNCH25' ORDER BY id",
    );
    expect(audit.map((a) => a.action)).toEqual([
      'business.coupon-create',
      'business.coupon-update',
      'business.coupon-end',
    ]);
    expect(new Set(audit.map((a) => a.actor))).toEqual(new Set([`staff:${ops.admin.id}`]));
    expect(audit.every((a) => a.after.reason === REASON)).toBe(true);
  }, 60_000);

  it('changes a price and withdraws a plan, and shows the figures', async () => {
    const user = await signIn(ops.api.origin, ops.admin);
    await user.click(await screen.findByRole('button', { name: 'Plans' }));
    const table = await screen.findByRole('region', { name: 'Plans table' }, { timeout: 10_000 });
    const season = within(table).getByText('Season').closest('tr')!;
    expect(season).toHaveTextContent('£32.99');

    await user.click(within(season).getByRole('button', { name: 'Change price of Season' }));
    const form = screen.getByRole('form', { name: 'Change a price of Season' });
    await user.selectOptions(within(form).getByLabelText('Currency'), 'GBP');
    await user.type(within(form).getByLabelText('New price (GBP)'), '0');
    await user.type(within(form).getByLabelText('Reason'), REASON);
    await user.click(within(form).getByRole('button', { name: 'Change price' }));
    expect(await within(form).findByText(/more than 0/)).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('New price (GBP)'));
    await user.type(within(form).getByLabelText('New price (GBP)'), '35');
    await user.click(within(form).getByRole('button', { name: 'Change price' }));
    expect(
      await screen.findByText('Season costs £35.00 in GBP for new quotes.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Plans table' })).getByText('£35.00')),
    );

    const annual = () =>
      within(screen.getByRole('region', { name: 'Plans table' }))
        .getByText('Annual')
        .closest('tr')!;
    await user.click(within(annual()).getByRole('button', { name: 'Withdraw Annual' }));
    const withdraw = screen.getByRole('form', { name: 'Withdraw Annual from sale' });
    await user.type(within(withdraw).getByLabelText('Reason'), REASON);
    await user.click(within(withdraw).getByRole('button', { name: 'Withdraw from sale' }));
    expect(await screen.findByText('Annual is withdrawn.')).toBeInTheDocument();
    await waitFor(() => expect(annual()).toHaveTextContent('Withdrawn'));

    await user.click(screen.getByRole('button', { name: 'Business' }));
    expect(await screen.findByText('Trial to paid', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Revenue today (net)')).toBeInTheDocument();
    expect(screen.getByText('No match watched this month yet')).toBeInTheDocument();
  }, 60_000);

  it('shows the designed error state when the API refuses (a producer is not an admin)', async () => {
    const producer = await makeStaff(ops.api.client(), ops.admin, 'producer');
    const client = staffClient(ops.api.origin, producer.token);
    const unauthorized = jest.fn();
    const { unmount } = render(<FiguresScreen client={client} onUnauthorized={unauthorized} />);
    expect(screen.getByText('Loading the figures…')).toBeInTheDocument();
    expect(await screen.findByText('The figures could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('STAFF_FORBIDDEN')).toBeInTheDocument();
    unmount();
    render(<CouponsScreen client={client} onUnauthorized={unauthorized} />);
    expect(await screen.findByText('Coupons could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(unauthorized).not.toHaveBeenCalled();
  }, 30_000);
});

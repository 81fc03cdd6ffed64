/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sendJson, testServerForFile } from '@crease/test-utils';
import { PAYMENTS, billingApi, paymentPage, queryOf, callsTo } from '../testing/billing-api';
import { screenProps, testPlatform } from '../testing/test-platform';
import { BillingScreen } from './billing-screen';

const server = testServerForFile();

function renderHistory(search = '') {
  const { platform } = testPlatform(server.origin);
  const props = screenProps(platform, 'payment-history', search);
  render(<BillingScreen {...props} />);
  return { navigate: props.navigate, user: userEvent.setup() };
}

/** SPEC §3: epoch seconds, shown as the viewer's local date. */
const localDate = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', { dateStyle: 'medium' });

describe('Payment history', () => {
  beforeEach(() => server.handle(billingApi()));

  it('lists payments newest first with local date, plan, amount and payment system', async () => {
    renderHistory();

    const table = await screen.findByRole('table', { name: 'Payments 1 to 10 of 23' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    const first = PAYMENTS[0]!;
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent(localDate(first.paymentDate));
    expect(rows[0]).toHaveTextContent('Monthly');
    expect(rows[0]).toHaveTextContent('$9.99');
    expect(rows[0]).toHaveTextContent('Card (sandbox)');
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent(
      localDate(PAYMENTS[1]!.paymentDate),
    );
    expect(
      queryOf(callsTo(server.requests, 'GET', '/api/v1/billing/payments')[0]!).toString(),
    ).toBe('page=1&pageSize=10');
  });

  it('pages through older payments by address', async () => {
    const { navigate, user } = renderHistory('?page=3');

    const table = await screen.findByRole('table', { name: 'Payments 21 to 23 of 23' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    const pages = screen.getByRole('navigation', { name: 'Payment history pages' });
    expect(pages).toHaveTextContent('Page 3 of 3');
    expect(within(pages).queryByRole('link', { name: /Older/ })).not.toBeInTheDocument();
    await user.click(within(pages).getByRole('link', { name: /Newer/ }));
    expect(navigate).toHaveBeenCalledWith('/payment-history?page=2');
  });

  it('opens a printable receipt for a payment', async () => {
    const { navigate, user } = renderHistory();
    await screen.findByRole('table');
    const first = PAYMENTS[0]!;

    await user.click(
      screen.getByRole('link', { name: `Receipt for ${localDate(first.paymentDate)}` }),
    );
    expect(navigate).toHaveBeenCalledWith(`/payment-history?receipt=${first.paymentId}`);
  });

  it('shows a receipt with what was paid, and a print button', async () => {
    renderHistory(`?receipt=${PAYMENTS[0]!.paymentId}`);

    expect(await screen.findByRole('heading', { level: 2, name: 'Crease receipt' })).toBeVisible();
    expect(screen.getByText('Receipt number').nextElementSibling).toHaveTextContent('pay-23');
    expect(screen.getByText('Total paid').nextElementSibling).toHaveTextContent('$9.99');
    expect(screen.getByText('Billed to').nextElementSibling).toHaveTextContent(
      'viewer@example.com',
    );
    expect(screen.getByRole('button', { name: 'Print receipt' })).toBeEnabled();
  });

  it('says so when there are no payments yet', async () => {
    server.handle(
      billingApi({
        'GET /api/v1/billing/payments': (_q, r) => sendJson(r, 200, paymentPage(1, 10, [])),
      }),
    );
    renderHistory();

    expect(await screen.findByText('No payments yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/plans');
  });
});

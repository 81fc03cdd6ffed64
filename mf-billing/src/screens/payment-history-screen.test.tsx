/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sendJson, testServerForFile } from '@crease/test-utils';
import {
  HISTORY,
  PAYMENTS,
  billingApi,
  receipt,
  historyPage,
  queryOf,
  callsTo,
} from '../testing/billing-api';
import { screenProps, testPlatform } from '../testing/test-platform';
import { BillingScreen } from './billing-screen';

const server = testServerForFile();

function renderHistory(search = '') {
  const { platform } = testPlatform(server.origin);
  const props = screenProps(platform, 'payment-history', search);
  render(<BillingScreen {...props} />);
  return { navigate: props.navigate, user: userEvent.setup() };
}

/** docs/product.md §3: epoch seconds, shown as the viewer's local date. */
const localDate = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', { dateStyle: 'medium' });

describe('Payment history', () => {
  beforeEach(() => server.handle(billingApi()));

  it('lists payments newest first with local date, plan, amount, card and status', async () => {
    renderHistory();

    const table = await screen.findByRole('table', { name: 'Entries 1 to 10 of 25' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    const first = PAYMENTS[0]!;
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent(localDate(first.paymentDate));
    expect(rows[0]).toHaveTextContent('Monthly');
    expect(rows[0]).toHaveTextContent('$9.99');
    expect(rows[0]).toHaveTextContent('Visa ·· 4242');
    expect(rows[0]).toHaveTextContent('Paid · Renewal');
    expect(queryOf(callsTo(server.requests, 'GET', '/api/v1/billing/history')[0]!).toString()).toBe(
      'page=1&pageSize=10',
    );
  });

  it('lists a declined card with its reason and digits, and a refund as money back', async () => {
    renderHistory();

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[1]).toHaveTextContent('Declined · Insufficient funds');
    expect(rows[1]).toHaveTextContent('Mastercard ·· 0002');
    // A decline has no receipt: nothing was paid.
    expect(within(rows[1]!).queryByRole('link')).not.toBeInTheDocument();
    const refunded = HISTORY[3]!;
    expect(rows[3]).toHaveTextContent('Refunded');
    expect(rows[3]).toHaveTextContent(`−$${refunded.amount.toFixed(2)}`);
  });

  it('pages through older payments by address', async () => {
    const { navigate, user } = renderHistory('?page=3');

    const table = await screen.findByRole('table', { name: 'Entries 21 to 25 of 25' });
    expect(within(table).getAllByRole('row')).toHaveLength(6);
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
      screen.getByRole('link', {
        name: `Receipt CRS-000023 for ${localDate(first.paymentDate)}`,
      }),
    );
    expect(navigate).toHaveBeenCalledWith(`/payment-history?receipt=${first.paymentId}`);
  });

  it('shows a receipt as an invoice: number, seller, net, tax, total, card, and a print button', async () => {
    renderHistory(`?receipt=${PAYMENTS[0]!.paymentId}`);

    expect(await screen.findByRole('heading', { level: 2, name: 'Crease receipt' })).toBeVisible();
    const line = (term: string) => screen.getByText(term).nextElementSibling;
    expect(line('Invoice number')).toHaveTextContent('CRS-000042');
    expect(line('Net (excluding tax)')).toHaveTextContent('$8.33');
    expect(line('Tax 20% (United Kingdom)')).toHaveTextContent('$1.66');
    expect(line('Total paid (including tax)')).toHaveTextContent('$9.99');
    expect(line('Paid with')).toHaveTextContent('Visa ·· 4242');
    // What renews, and when, as agreed at payment (issue 31 §10).
    expect(line('Renews')).toHaveTextContent(
      '$9.99 on Dec 28, 2026, unless you cancel before then',
    );
    const seller = screen.getByRole('region', { name: 'From' });
    expect(seller).toHaveTextContent('Crease Streaming Ltd');
    expect(seller).toHaveTextContent('Tax ID GB 123 4567 89');
    expect(screen.getByRole('region', { name: 'Billed to' })).toHaveTextContent(
      'viewer@example.com',
    );
    expect(screen.getByRole('button', { name: 'Print receipt' })).toBeEnabled();
  });

  it("shows an Indian payment as a GST tax invoice: the seller's GSTIN, place of supply, GST", async () => {
    const paid = PAYMENTS[0]!;
    const gst = {
      ...receipt(paid),
      currency: 'INR',
      listPrice: 299,
      amount: 299,
      net: 253.39,
      tax: 45.61,
      taxRatePercent: 18,
      taxRegion: 'IN',
      placeOfSupply: 'India (IN)',
      seller: { ...receipt(paid).seller, gstin: '9926GBR29001OS7' },
      renewal: { amount: 299, currency: 'INR', at: '2026-12-28T10:00:00.000Z', everyDays: 30 },
    };
    server.handle(
      billingApi({
        [`GET /api/v1/billing/payments/${paid.paymentId}`]: (_q, r) => sendJson(r, 200, gst),
      }),
    );
    renderHistory(`?receipt=${paid.paymentId}`);
    const inr = (amount: number) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'INR' }).format(amount);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Crease tax invoice' }),
    ).toBeVisible();
    const line = (term: string) => screen.getByText(term).nextElementSibling;
    expect(line('Invoice number')).toHaveTextContent('CRS-000042');
    expect(line('Place of supply')).toHaveTextContent('India (IN)');
    expect(line('Net (excluding tax)')).toHaveTextContent(inr(253.39));
    expect(line('Tax 18% (India)')).toHaveTextContent(inr(45.61));
    expect(line('Total paid (including tax)')).toHaveTextContent(inr(299));
    expect(line('Renews')).toHaveTextContent(`${inr(299)} on Dec 28, 2026`);
    expect(screen.getByRole('region', { name: 'From' })).toHaveTextContent('GSTIN 9926GBR29001OS7');
  });

  it('says so when there are no payments yet', async () => {
    server.handle(
      billingApi({
        'GET /api/v1/billing/history': (_q, r) => sendJson(r, 200, historyPage(1, 10, [])),
      }),
    );
    renderHistory();

    expect(await screen.findByText('No payments yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/plans');
  });
});

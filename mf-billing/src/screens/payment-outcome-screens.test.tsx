/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sendJson, testServerForFile } from '@crease/test-utils';
import { ACTIVE_MONTHLY, billingApi, checkout } from '../testing/billing-api';
import { screenProps, testPlatform } from '../testing/test-platform';
import { BillingScreen } from './billing-screen';

const server = testServerForFile();

function renderScreen(screenId: string, search: string) {
  const { platform } = testPlatform(server.origin);
  const props = screenProps(platform, screenId, search);
  render(<BillingScreen {...props} />);
  return { navigate: props.navigate, user: userEvent.setup() };
}

describe('Payment success', () => {
  it('confirms the plan from the API, with its renewal as the API states it, and the way to the cricket', async () => {
    server.handle(
      billingApi({
        'GET /api/v1/billing/checkouts/co-1': (_q, r) =>
          sendJson(r, 200, checkout({ status: 'PAID', paymentId: 'pay-1' })),
        'GET /api/v1/billing/subscription': (_q, r) => sendJson(r, 200, ACTIVE_MONTHLY),
      }),
    );
    const { navigate, user } = renderScreen('payment-success', '?checkout=co-1');

    await screen.findByRole('heading', { level: 1, name: 'You’re in. Enjoy the cricket!' });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Monthly is active');
    // WELCOME20 took 20 % off the first payment only: the renewal is the list price.
    expect(status).toHaveTextContent(
      'We received $7.99. It renews on Dec 23, 2026 for $9.99, until you cancel.',
    );
    await user.click(within(status).getByRole('link', { name: 'Watch live cricket' }));
    expect(navigate).toHaveBeenCalledWith('/events');
  });

  it('says until when a pass runs: it never renews', async () => {
    server.handle(
      billingApi({
        'GET /api/v1/billing/checkouts/co-1': (_q, r) =>
          sendJson(r, 200, checkout({ status: 'PAID', paymentId: 'pay-1', renewal: null })),
        'GET /api/v1/billing/subscription': (_q, r) => sendJson(r, 200, ACTIVE_MONTHLY),
      }),
    );
    renderScreen('payment-success', '?checkout=co-1');
    await screen.findByRole('heading', { level: 1, name: 'You’re in. Enjoy the cricket!' });
    expect(screen.getByRole('status')).toHaveTextContent(
      `We received $7.99. Your plan runs until ${new Date(ACTIVE_MONTHLY.periodEnd!).toLocaleDateString('en-US', { dateStyle: 'medium' })}.`,
    );
  });

  it('does not claim a payment the API has not confirmed', async () => {
    server.handle(billingApi());
    renderScreen('payment-success', '?checkout=co-1');

    expect(await screen.findByText('This payment is not confirmed')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Check its status' })).toHaveAttribute(
      'href',
      '/payment-process?checkout=co-1',
    );
  });
});

describe('Payment fail', () => {
  it('says why, that nothing was charged, and tries again on the same payment page', async () => {
    server.handle(
      billingApi({
        'GET /api/v1/billing/checkouts/co-1': (_q, r) =>
          sendJson(r, 200, checkout({ status: 'FAILED', failureCode: 'INSUFFICIENT_FUNDS' })),
      }),
    );
    const { navigate, user } = renderScreen('payment-fail', '?checkout=co-1');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Monthly: payment failed');
    expect(alert).toHaveTextContent('The card has insufficient funds. Try another card.');
    expect(screen.getByText('You have not been charged.')).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Try again' }));
    expect(navigate).toHaveBeenCalledWith('/secure-payment?session=cs_test_session1');
    await user.click(screen.getByRole('link', { name: 'Choose another plan' }));
    expect(navigate).toHaveBeenCalledWith('/plans');
  });

  it('starts a new checkout when the old payment page has expired', async () => {
    server.handle(
      billingApi({
        'GET /api/v1/billing/checkouts/co-1': (_q, r) =>
          sendJson(r, 200, checkout({ status: 'EXPIRED' })),
      }),
    );
    renderScreen('payment-fail', '?checkout=co-1');

    expect(await screen.findByRole('link', { name: 'Try again' })).toHaveAttribute(
      'href',
      '/payment-process?planId=monthly&coupon=WELCOME20',
    );
  });
});

/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sendJson, testServerForFile } from '@crease/test-utils';
import type { TestHandler } from '@crease/test-utils';
import type { PriceQuote } from '@crease/contract';
import {
  PLANS,
  billingApi,
  callsTo,
  checkout,
  entitlement,
  jsonOf,
  problem,
} from '../testing/billing-api';
import { screenProps, testPlatform } from '../testing/test-platform';
import { BillingScreen } from './billing-screen';

const server = testServerForFile();

function renderProcess(search: string) {
  const { platform, track } = testPlatform(server.origin);
  const props = screenProps(platform, 'payment-process', search);
  render(<BillingScreen {...props} />);
  return { navigate: props.navigate, track, user: userEvent.setup() };
}

/** Answers the checkout only when `release` is called, so a second click lands mid-flight. */
function heldCheckout(): { handler: TestHandler; release(): void } {
  const waiting: (() => void)[] = [];
  return {
    handler: (_request, response) =>
      new Promise<void>((resolve) => {
        waiting.push(() => {
          sendJson(response, 201, checkout());
          resolve();
        });
      }),
    release: () => waiting.splice(0).forEach((send) => send()),
  };
}

describe('Payment process: order summary and Pay', () => {
  beforeEach(() => server.handle(billingApi()));

  it('shows the order with the coupon and the total the API will be asked to charge', async () => {
    renderProcess('?planId=monthly&coupon=WELCOME20');

    expect(await screen.findByRole('heading', { level: 2, name: 'Monthly' })).toBeVisible();
    expect(screen.getByText('Price').nextElementSibling).toHaveTextContent('$9.99');
    expect(screen.getByText('Coupon WELCOME20 (20% off)').nextElementSibling).toHaveTextContent(
      '−$2.00',
    );
    expect(screen.getByText('Total today').nextElementSibling).toHaveTextContent('$7.99');
    expect(screen.getByRole('button', { name: 'Pay $7.99' })).toBeEnabled();
  });

  it('shows and sends the server’s total, never one of its own (SEASON50 on the season pass)', async () => {
    // 39.99 less 50 %: the API takes 20.00 off (its one rule, in cents) and charges 19.99, where
    // the page rounding 19.995 itself showed 20.00 and was refused 409 PRICE_CHANGED forever.
    const season = { ...PLANS.find((p) => p.planId === 'season')!, price: 39.99 };
    const quote: PriceQuote = {
      planId: 'season',
      planName: season.planName,
      listPrice: 39.99,
      amount: 19.99,
      discount: 20,
      currency: 'USD',
      couponCode: 'SEASON50',
      percentage: 50,
      renewal: null,
    };
    server.handle(
      billingApi({
        'GET /api/v1/billing/plans': (_q, r) => sendJson(r, 200, [season]),
        'GET /api/v1/billing/quote': (_q, r) => sendJson(r, 200, quote),
      }),
    );
    const { user } = renderProcess('?planId=season&coupon=SEASON50');
    expect(await screen.findByRole('heading', { level: 2, name: 'Season Pass' })).toBeVisible();
    expect(screen.getByText('Coupon SEASON50 (50% off)').nextElementSibling).toHaveTextContent(
      '−$20.00',
    );
    expect(screen.getByText('Total today').nextElementSibling).toHaveTextContent('$19.99');
    expect(screen.getByText('Paid once: this pass never renews.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Pay $19.99' }));
    await waitFor(() =>
      expect(callsTo(server.requests, 'POST', '/api/v1/billing/checkouts')).toHaveLength(1),
    );
    expect(jsonOf(callsTo(server.requests, 'POST', '/api/v1/billing/checkouts')[0])).toEqual({
      planId: 'season',
      couponCode: 'SEASON50',
      expectedAmount: 19.99,
      // The currency shown, and the browser's region guess (jsdom: en-US; decision 421).
      currency: 'USD',
      regionGuess: 'US',
    });
  });

  it('states the renewal at the list price before payment: WELCOME20 is for the first payment', async () => {
    renderProcess('?planId=monthly&coupon=WELCOME20');
    expect(await screen.findByRole('button', { name: 'Pay $7.99' })).toBeEnabled();
    expect(
      screen.getByText(
        'Then $9.99 every 30 days (WELCOME20 is for the first payment only), first charged on Dec 23, 2026, until you cancel.',
      ),
    ).toBeVisible();
  });

  it('makes one checkout for a double click, with one Idempotency-Key, then goes to the card page', async () => {
    const held = heldCheckout();
    server.handle(billingApi({ 'POST /api/v1/billing/checkouts': held.handler }));
    const { navigate, user } = renderProcess('?planId=monthly&coupon=WELCOME20');
    const pay = await screen.findByRole('button', { name: 'Pay $7.99' });

    await user.dblClick(pay);
    await waitFor(() =>
      expect(callsTo(server.requests, 'POST', '/api/v1/billing/checkouts')).toHaveLength(1),
    );
    expect(screen.getByRole('button', { name: /starting secure payment/i })).toBeDisabled();
    held.release();

    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/secure-payment?session=cs_test_session1'),
    );
    const posts = callsTo(server.requests, 'POST', '/api/v1/billing/checkouts');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(jsonOf(posts[0])).toEqual({
      planId: 'monthly',
      couponCode: 'WELCOME20',
      expectedAmount: 7.99,
      currency: 'USD',
      regionGuess: 'US',
    });
  });

  it('pays in rupees with the GST shown, the renewal in rupees, and sends the currency it showed', async () => {
    const monthly = { ...PLANS.find((p) => p.planId === 'monthly')!, price: 299 };
    const rupees: PriceQuote = {
      planId: 'monthly',
      planName: monthly.planName,
      listPrice: 299,
      amount: 299,
      discount: 0,
      currency: 'INR',
      couponCode: null,
      percentage: 0,
      renewal: { amount: 299, currency: 'INR', at: '2026-12-23T12:00:00.000Z', everyDays: 30 },
      region: 'IN',
      taxBreakdown: { label: 'GST', ratePercent: 18, net: 253.39, tax: 45.61 },
    };
    server.handle(
      billingApi({
        'GET /api/v1/billing/plans': (_q, r) =>
          sendJson(r, 200, [{ ...monthly, currency: 'INR', region: 'IN' }]),
        'GET /api/v1/billing/quote': (_q, r) => sendJson(r, 200, rupees),
      }),
    );
    const { user } = renderProcess('?planId=monthly');
    const inr = (amount: number) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'INR' }).format(amount);
    const pay = await screen.findByRole('button', { name: `Pay ${inr(299)}` });
    expect(screen.getByTestId('tax-breakdown')).toHaveTextContent(
      `Includes GST 18%: ${inr(253.39)} + ${inr(45.61)} GST`,
    );
    expect(
      screen.getByText(
        `Then ${inr(299)} every 30 days, first charged on Dec 23, 2026, until you cancel.`,
      ),
    ).toBeVisible();
    await user.click(pay);
    await waitFor(() =>
      expect(callsTo(server.requests, 'POST', '/api/v1/billing/checkouts')).toHaveLength(1),
    );
    expect(jsonOf(callsTo(server.requests, 'POST', '/api/v1/billing/checkouts')[0])).toMatchObject({
      planId: 'monthly',
      expectedAmount: 299,
      currency: 'INR',
    });
  });

  it('sends the same Idempotency-Key when the viewer retries after a failure', async () => {
    let answer = 503;
    server.handle(
      billingApi({
        'POST /api/v1/billing/checkouts': (_q, r) =>
          answer === 503
            ? sendJson(r, 503, problem('UNAVAILABLE', 'down'))
            : sendJson(r, 201, checkout()),
      }),
    );
    const { navigate, user } = renderProcess('?planId=monthly');
    await user.click(await screen.findByRole('button', { name: 'Pay $9.99' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We couldn’t start the payment');
    expect(alert.parentElement).toHaveFocus();

    answer = 201;
    await user.click(screen.getByRole('button', { name: 'Pay $9.99' }));

    await waitFor(() => expect(navigate).toHaveBeenCalled());
    const [first, second] = callsTo(server.requests, 'POST', '/api/v1/billing/checkouts');
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
  });

  it('says the payment provider is down, keeps the spec message of other 5xx generic, and tries again with the same key', async () => {
    let answer: 'down' | 'internal' | 'up' = 'down';
    server.handle(
      billingApi({
        'POST /api/v1/billing/checkouts': (_q, r) => {
          if (answer === 'down') {
            r.setHeader('retry-after', '30');
            return sendJson(
              r,
              503,
              problem(
                'PAYMENT_PROVIDER_UNAVAILABLE',
                'Our payment provider is not answering right now. You have not been charged.',
              ),
            );
          }
          if (answer === 'internal')
            return sendJson(r, 500, problem('INTERNAL_ERROR', 'stack trace, never shown'));
          return sendJson(r, 201, checkout());
        },
      }),
    );
    const { navigate, user } = renderProcess('?planId=monthly');
    await user.click(await screen.findByRole('button', { name: 'Pay $9.99' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We couldn’t start the payment');
    expect(alert).toHaveTextContent(
      'Our payment provider is not answering right now. You have not been charged.',
    );
    answer = 'internal';
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'An error occurred. Please try again later.',
      ),
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent('stack trace');
    expect(
      within(screen.getByRole('alert')).queryByRole('button', { name: 'Try again' }),
    ).toBeNull();

    answer = 'down';
    await user.click(screen.getByRole('button', { name: 'Pay $9.99' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }),
      ).toBeVisible(),
    );
    answer = 'up';
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/secure-payment?session=cs_test_session1'),
    );
    const posts = callsTo(server.requests, 'POST', '/api/v1/billing/checkouts');
    expect(posts).toHaveLength(4);
    expect(new Set(posts.map((post) => post.headers['idempotency-key'])).size).toBe(1);
  });

  it('says the price changed and shows the current one on request', async () => {
    server.handle(
      billingApi({
        'POST /api/v1/billing/checkouts': (_q, r) =>
          sendJson(r, 409, problem('PRICE_CHANGED', 'The price is 10.99 USD, not 9.99.')),
      }),
    );
    const { user } = renderProcess('?planId=monthly');
    await user.click(await screen.findByRole('button', { name: 'Pay $9.99' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The price is 10.99 USD, not 9.99.');
    await user.click(within(alert).getByRole('button', { name: 'Show the current price' }));
    expect(await screen.findByRole('button', { name: 'Pay $9.99' })).toBeVisible();
    expect(callsTo(server.requests, 'GET', '/api/v1/billing/plans')).toHaveLength(2);
  });

  it('sends a viewer without a plan back to the plans', async () => {
    const { navigate, user } = renderProcess('?planId=retired');

    expect(await screen.findByText('Choose a plan first')).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'See the plans' }));
    expect(navigate).toHaveBeenCalledWith('/plans');
  });
});

describe('Payment process: confirming the payment', () => {
  it('waits for the webhook to land, then goes to success once the entitlement is active', async () => {
    let looks = 0;
    server.handle(
      billingApi({
        'GET /api/v1/billing/checkouts/co-1': (_q, r) => {
          looks += 1;
          // The webhook lands between the first and the second look.
          sendJson(r, 200, checkout({ status: looks === 1 ? 'OPEN' : 'PAID', paymentId: 'pay-1' }));
        },
        'GET /api/v1/entitlement': (_q, r) =>
          sendJson(r, 200, entitlement({ entitled: true, reason: 'ACTIVE_PLAN', state: 'ACTIVE' })),
      }),
    );
    const { navigate, track } = renderProcess('?checkout=co-1');

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Confirming your payment');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Waiting for the payment provider to confirm',
    );
    await waitFor(
      () =>
        expect(navigate).toHaveBeenCalledWith('/payment-success?checkout=co-1', { replace: true }),
      { timeout: 5000 },
    );
    expect(looks).toBe(2);
    expect(track).toHaveBeenCalledWith({
      name: 'purchase',
      properties: { planId: 'monthly', amount: 7.99 },
    });
  });

  it('goes to the failure screen when the provider reports a failed payment', async () => {
    server.handle(
      billingApi({
        'GET /api/v1/billing/checkouts/co-1': (_q, r) =>
          sendJson(r, 200, checkout({ status: 'FAILED', failureCode: 'CARD_DECLINED' })),
      }),
    );
    const { navigate } = renderProcess('?checkout=co-1');

    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/payment-fail?checkout=co-1', { replace: true }),
    );
  });

  it('after a card the provider took, waits past an earlier attempt’s failure for PAID', async () => {
    let looks = 0;
    server.handle(
      billingApi({
        'GET /api/v1/billing/checkouts/co-1': (_q, r) => {
          looks += 1;
          sendJson(
            r,
            200,
            looks === 1
              ? checkout({ status: 'FAILED', failureCode: 'CARD_DECLINED' })
              : checkout({ status: 'PAID', paymentId: 'pay-1' }),
          );
        },
        'GET /api/v1/entitlement': (_q, r) =>
          sendJson(r, 200, entitlement({ entitled: true, reason: 'ACTIVE_PLAN', state: 'ACTIVE' })),
      }),
    );
    const { navigate } = renderProcess('?checkout=co-1&expect=paid');

    await waitFor(
      () =>
        expect(navigate).toHaveBeenCalledWith('/payment-success?checkout=co-1', { replace: true }),
      { timeout: 5000 },
    );
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('says it cannot check an unknown checkout, with Retry', async () => {
    server.handle(
      billingApi({
        'GET /api/v1/billing/checkouts/co-9': (_q, r) =>
          sendJson(r, 404, problem('CHECKOUT_NOT_FOUND', 'There is no such checkout.')),
      }),
    );
    const { navigate } = renderProcess('?checkout=co-9');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('There is no such checkout.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(navigate).not.toHaveBeenCalled();
  });
});

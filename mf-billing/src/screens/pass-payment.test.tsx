/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
/**
 * Paying for a match pass (issue 34 §3) on /payment-process?pass=MATCH&event=…: the server's
 * price in the viewer's currency with its GST, "never renews", Pay sends the pass's checkout, a
 * pass not on sale says why in place of Pay, and the success page goes to the match.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sendJson, testServerForFile } from '@crease/test-utils';
import type { PassOffer } from '@crease/contract';
import { billingApi, callsTo, checkout, jsonOf } from '../testing/billing-api';
import { screenProps, testPlatform } from '../testing/test-platform';
import { BillingScreen } from './billing-screen';

const server = testServerForFile();

const OFFER: PassOffer = {
  scope: 'MATCH',
  planId: 'one-match',
  eventId: 'ipl-7',
  leagueId: 'ipl',
  title: 'Mumbai v Chennai',
  price: 29,
  currency: 'INR',
  region: 'IN',
  taxBreakdown: { label: 'GST', ratePercent: 18, net: 24.58, tax: 4.42 },
  maxDevices: 1,
  available: true,
  reason: null,
  message: null,
};

function renderScreen(screenName: string, search: string) {
  const { platform } = testPlatform(server.origin);
  const props = screenProps(platform, screenName, search);
  render(<BillingScreen {...props} />);
  return { navigate: props.navigate, user: userEvent.setup() };
}

describe('Paying for a match pass', () => {
  it('shows the pass in rupees with its GST and sends the pass’s checkout', async () => {
    server.handle(
      billingApi({ 'GET /api/v1/billing/passes/offer': (_q, r) => sendJson(r, 200, OFFER) }),
    );
    const { navigate, user } = renderScreen('payment-process', '?pass=MATCH&event=ipl-7');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Match pass: Mumbai v Chennai' }),
    ).toBeVisible();
    expect(screen.getByText('Total today').nextElementSibling).toHaveTextContent('₹29.00');
    expect(screen.getByTestId('tax-breakdown')).toHaveTextContent('GST');
    expect(screen.getByText(/never renews/)).toBeVisible();
    const offerCall = callsTo(server.requests, 'GET', '/api/v1/billing/passes/offer')[0];
    expect(new URL(offerCall!.url, server.origin).searchParams.get('eventId')).toBe('ipl-7');

    await user.click(screen.getByRole('button', { name: 'Pay ₹29.00' }));
    await waitFor(() =>
      expect(callsTo(server.requests, 'POST', '/api/v1/billing/checkouts')).toHaveLength(1),
    );
    expect(jsonOf(callsTo(server.requests, 'POST', '/api/v1/billing/checkouts')[0])).toMatchObject({
      planId: 'one-match',
      eventId: 'ipl-7',
      expectedAmount: 29,
      currency: 'INR',
    });
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/secure-payment/)),
    );
  });

  it('says why in place of Pay when the pass is not sold to this viewer', async () => {
    const owned = {
      ...OFFER,
      available: false,
      reason: 'ALREADY_OWNED',
      message: 'You already have a pass for this match.',
    };
    server.handle(
      billingApi({ 'GET /api/v1/billing/passes/offer': (_q, r) => sendJson(r, 200, owned) }),
    );
    renderScreen('payment-process', '?pass=MATCH&event=ipl-7');
    expect(await screen.findByText('You already have a pass for this match.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the match' })).toHaveAttribute(
      'href',
      '/player?event=ipl-7',
    );
  });

  it('sends a paid pass to its match', async () => {
    const paid = checkout({
      status: 'PAID',
      planId: 'one-match',
      planName: 'Match pass',
      amount: 29,
      currency: 'INR',
      renewal: null,
      pass: { scope: 'MATCH', eventId: 'ipl-7', leagueId: 'ipl', title: 'Mumbai v Chennai' },
    });
    server.handle(
      billingApi({
        [`GET /api/v1/billing/checkouts/${paid.checkoutId}`]: (_q, r) => sendJson(r, 200, paid),
      }),
    );
    renderScreen('payment-success', `?checkout=${paid.checkoutId}`);
    expect(await screen.findByText('Your match pass for Mumbai v Chennai is ready')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Watch the match' })).toHaveAttribute(
      'href',
      '/player?event=ipl-7',
    );
  });
});

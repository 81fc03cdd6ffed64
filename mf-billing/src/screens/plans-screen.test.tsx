/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sendJson, testServerForFile } from '@crease/test-utils';
import {
  ACTIVE_MONTHLY,
  TRIAL_OFFER,
  PLANS,
  billingApi,
  callsTo,
  problem,
  queryOf,
} from '../testing/billing-api';
import { screenProps, testPlatform } from '../testing/test-platform';
import { BillingScreen } from './billing-screen';

const server = testServerForFile();

function renderPlans() {
  const { platform } = testPlatform(server.origin);
  const props = screenProps(platform, 'plans');
  render(<BillingScreen {...props} />);
  return { navigate: props.navigate, user: userEvent.setup() };
}

const planCards = () =>
  within(screen.getByRole('list', { name: 'Plans' }))
    .getAllByRole('listitem')
    .filter((item) => item.getAttribute('aria-labelledby'));
const card = (name: string) => screen.getByRole('listitem', { name });

describe('Plans screen', () => {
  beforeEach(() => server.handle(billingApi()));

  it('lists the active plans in orderNumber order with price, duration, devices and description', async () => {
    renderPlans();

    expect(await screen.findByRole('heading', { level: 2, name: 'Match Week' })).toBeVisible();
    expect(planCards().map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Match Week',
      'Monthly',
      'Season Pass',
      'Annual',
    ]);
    const monthly = card('Monthly');
    expect(monthly).toHaveTextContent('$9.99 for 30 days');
    // Subscriptions say they renew; passes say they do not.
    expect(monthly).toHaveTextContent('Subscription: renews every 30 days until you cancel');
    expect(card('Season Pass')).toHaveTextContent('Pass: 1 year of live cricket, never renews');
    expect(
      screen.getByText(/charged again at the end of each period until you cancel/),
    ).toBeVisible();
    expect(screen.queryByText(/does not renew by itself/)).not.toBeInTheDocument();
    expect(monthly).toHaveTextContent('2 screens at a time');
    expect(monthly).toHaveTextContent('A month of every league.');
    expect(card('Season Pass')).toHaveTextContent('$79.99 for 1 year');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/live in HD/);
  });

  it("shows the region's currency as the API priced it, with India's GST broken up, and asks with the browser's guess", async () => {
    const rupees = PLANS.map((plan) => ({
      ...plan,
      price: 299,
      currency: 'INR',
      region: 'IN',
      taxBreakdown: { label: 'GST', ratePercent: 18, net: 253.39, tax: 45.61 },
    }));
    server.handle(billingApi({ 'GET /api/v1/billing/plans': (_q, r) => sendJson(r, 200, rupees) }));
    renderPlans();
    expect(await screen.findByRole('heading', { level: 2, name: 'Monthly' })).toBeVisible();
    const inr = (amount: number) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'INR' }).format(amount);
    const monthly = card('Monthly');
    expect(monthly).toHaveTextContent(`${inr(299)} for 30 days`);
    expect(monthly).toHaveTextContent(`Includes GST 18%: ${inr(253.39)} + ${inr(45.61)} GST`);
    expect(monthly).not.toHaveTextContent('$');
    // jsdom's browser says en-US: the guess goes along; the API decides (decision 421).
    const [asked] = callsTo(server.requests, 'GET', '/api/v1/billing/plans');
    expect(asked && queryOf(asked).get('regionGuess')).toBe('US');
  });

  it('offers the free trial while the account may take one, and links to it', async () => {
    const { navigate, user } = renderPlans();

    const trial = await screen.findByRole('region', { name: /watch free for 7 days/i });
    expect(trial).toHaveTextContent('5 hr of live cricket in total, up to 1 hr a day');
    await user.click(within(trial).getByRole('link', { name: 'Start free trial' }));
    expect(navigate).toHaveBeenCalledWith('/trial-activation');
    expect(
      queryOf(callsTo(server.requests, 'GET', '/api/v1/billing/trial')[0]!).get('vidictId'),
    ).toBe('0b6f3c1e-8d7a-4a53-9d8e-5b2f8e1c4a10');
  });

  it('marks the current plan and offers no trial to an account that has had one', async () => {
    server.handle(
      billingApi({
        'GET /api/v1/billing/subscription': (_q, r) => sendJson(r, 200, ACTIVE_MONTHLY),
        'GET /api/v1/billing/trial': (_q, r) =>
          sendJson(r, 200, { ...TRIAL_OFFER, available: false, reason: 'PLAN_ALREADY_ACTIVE' }),
      }),
    );
    renderPlans();

    const monthly = await screen.findByRole('listitem', { name: 'Monthly' });
    expect(within(monthly).getByText('Your plan')).toBeVisible();
    // A running subscription is managed (and changed, with credit) on the account page.
    expect(within(monthly).getByRole('link', { name: 'Manage Monthly' })).toHaveAttribute(
      'href',
      '/account',
    );
    expect(within(card('Annual')).getByRole('link', { name: 'Change to Annual' })).toHaveAttribute(
      'href',
      '/account',
    );
    // A pass is not sold on top of a renewing subscription, and the card says why (decision 391).
    expect(
      within(card('Match Week')).queryByRole('link', { name: 'Choose Match Week' }),
    ).not.toBeInTheDocument();
    expect(card('Match Week')).toHaveTextContent(
      'Not offered now. Your Monthly subscription already includes every match on 2 screens; a Match Week would add nothing, so it is not sold on top of it.',
    );
    expect(within(card('Match Week')).queryByText('Your plan')).not.toBeInTheDocument();
    expect(screen.getByText(/You’re on Monthly; it renews on/)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Start free trial' })).not.toBeInTheDocument();
  });

  it('checks a coupon and shows the discounted prices, then carries it to checkout', async () => {
    const { navigate, user } = renderPlans();
    await screen.findByRole('heading', { level: 2, name: 'Monthly' });

    await user.type(screen.getByRole('textbox', { name: 'Coupon code' }), 'welcome20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('WELCOME20 applied: 20% off every plan.')).toBeVisible();
    const monthly = card('Monthly');
    expect(monthly).toHaveTextContent('$7.99 was $9.99 for 30 days');
    expect(monthly).toHaveTextContent('20% off with WELCOME20');
    const checks = callsTo(server.requests, 'GET', '/api/v1/billing/coupons/check');
    // One check per plan for sale.
    expect(checks.map((request) => queryOf(request).get('code'))).toEqual([
      'WELCOME20',
      'WELCOME20',
      'WELCOME20',
      'WELCOME20',
    ]);
    // A subscription's coupon is for its first payment; renewals are at the list price.
    expect(monthly).toHaveTextContent('20% off with WELCOME20 (first payment)');
    await user.click(within(monthly).getByRole('link', { name: 'Choose Monthly' }));
    expect(navigate).toHaveBeenCalledWith('/payment-process?planId=monthly&coupon=WELCOME20');
  });

  it('offers the welcome coupon to a new account; one click applies it (decision 393)', async () => {
    server.handle(
      billingApi({
        'GET /api/v1/billing/welcome-offer': (_q, r) =>
          sendJson(r, 200, { coupon: { code: 'WELCOME20', percentage: 20 } }),
      }),
    );
    const { user } = renderPlans();
    const offer = await screen.findByRole('complementary', {
      name: 'New to Crease? 20% off your first payment',
    });
    expect(offer).toHaveTextContent('Use the code WELCOME20 with any plan.');
    await user.click(within(offer).getByRole('button', { name: 'Use WELCOME20' }));

    expect(await screen.findByText('WELCOME20 applied: 20% off every plan.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Coupon code' })).toHaveValue('WELCOME20');
    expect(card('Monthly')).toHaveTextContent('$7.99 was $9.99 for 30 days');
    // Applied, the offer has said what it had to say.
    expect(screen.queryByRole('complementary', { name: /New to Crease/ })).not.toBeInTheDocument();
  });

  it('offers no welcome coupon when the account has nothing to use', async () => {
    server.handle(
      billingApi({
        'GET /api/v1/billing/welcome-offer': (_q, r) => sendJson(r, 200, { coupon: null }),
      }),
    );
    renderPlans();
    await screen.findByRole('heading', { level: 2, name: 'Monthly' });
    expect(screen.queryByRole('button', { name: /^Use / })).not.toBeInTheDocument();
  });

  it('says an unknown coupon is unknown after one check, on the field', async () => {
    const { user } = renderPlans();
    await screen.findByRole('heading', { level: 2, name: 'Monthly' });
    const field = screen.getByRole('textbox', { name: 'Coupon code' });

    await user.type(field, 'NOPE{Enter}');

    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        expect.stringContaining('We don’t know that code. Check it and try again.'),
      ),
    );
    expect(field).toBeInvalid();
    expect(callsTo(server.requests, 'GET', '/api/v1/billing/coupons/check')).toHaveLength(1);
    expect(card('Monthly')).toHaveTextContent('$9.99 for 30 days');
  });

  it('says a code the account has already used is used, after one check, on the field', async () => {
    server.handle(
      billingApi({
        'GET /api/v1/billing/coupons/check': (_q, r) =>
          sendJson(r, 409, problem('COUPON_ALREADY_USED', 'You have already used this coupon.')),
      }),
    );
    const { navigate, user } = renderPlans();
    await screen.findByRole('heading', { level: 2, name: 'Monthly' });
    const field = screen.getByRole('textbox', { name: 'Coupon code' });

    await user.type(field, 'welcome20{Enter}');

    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        expect.stringContaining('You have already used WELCOME20 on this account.'),
      ),
    );
    expect(field).toBeInvalid();
    // One refused check, not one per plan: each refusal spends the account's coupon budget.
    expect(callsTo(server.requests, 'GET', '/api/v1/billing/coupons/check')).toHaveLength(1);
    expect(card('Monthly')).toHaveTextContent('$9.99 for 30 days');
    await user.click(within(card('Monthly')).getByRole('link', { name: 'Choose Monthly' }));
    expect(navigate).toHaveBeenCalledWith('/payment-process?planId=monthly');
  });

  it('shows the error state with Retry, and the plans once Retry works', async () => {
    let fail = true;
    server.handle(
      billingApi({
        'GET /api/v1/billing/plans': (_q, r) =>
          fail
            ? sendJson(r, 503, problem('UNAVAILABLE', 'down'))
            : sendJson(r, 200, [
                {
                  planId: 'monthly',
                  planName: 'Monthly',
                  description: 'A month.',
                  maxDevices: 2,
                  duration: 30,
                  orderNumber: 1,
                  price: 9.99,
                  active: true,
                  status: 'ACTIVE',
                  trial: false,
                  renews: false,
                  created: '',
                  updated: '',
                },
              ]),
      }),
    );
    const { user } = renderPlans();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We couldn’t load the plans');
    expect(alert).toHaveTextContent('An error occurred. Please try again later.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Monthly' })).toBeVisible();
  });

  it('says so when no plan is on sale', async () => {
    server.handle(billingApi({ 'GET /api/v1/billing/plans': (_q, r) => sendJson(r, 200, []) }));
    renderPlans();

    expect(await screen.findByText('No plans are on sale right now')).toBeVisible();
  });
});

/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
/**
 * Issue 34 §4: mf-billing speaks the language the shell passes in ScreenProps.language: the plans
 * and the checkout in Hindi, rupees written as India writes them (lakh grouping, hi-IN), an API
 * problem in Hindi by its code, and English again after the footer's switch.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sendJson, testServerForFile } from '@crease/test-utils';
import type { Plan, PriceQuote, ScreenProps } from '@crease/contract';
import { PLANS, billingApi, problem, queryOf } from '../testing/billing-api';
import { screenProps, testPlatform } from '../testing/test-platform';
import { BillingScreen } from './billing-screen';

const server = testServerForFile();

/** The plans as the API prices them for India: ₹1,49,999 (a price past a lakh), GST included. */
const RUPEE_PLANS: Plan[] = PLANS.map((plan) => ({
  ...plan,
  price: 149999,
  currency: 'INR',
  region: 'IN',
  taxBreakdown: { label: 'GST', ratePercent: 18, net: 127117.8, tax: 22881.2 },
}));

function rupeeQuote(plan: Plan): PriceQuote {
  return {
    planId: plan.planId,
    planName: plan.planName,
    listPrice: plan.price,
    amount: plan.price,
    discount: 0,
    currency: 'INR',
    couponCode: null,
    percentage: 0,
    taxBreakdown: plan.taxBreakdown ?? null,
    renewal: plan.renews
      ? { amount: plan.price, currency: 'INR', at: '2026-12-23T12:00:00.000Z', everyDays: 30 }
      : null,
  };
}

const rupeeApi = (routes: Parameters<typeof billingApi>[0] = {}) =>
  billingApi({
    'GET /api/v1/billing/plans': (_q, r) => sendJson(r, 200, RUPEE_PLANS),
    'GET /api/v1/billing/quote': (request, r) => {
      const plan = RUPEE_PLANS.find((p) => p.planId === queryOf(request).get('planId'));
      return plan ? sendJson(r, 200, rupeeQuote(plan)) : sendJson(r, 404, {});
    },
    ...routes,
  });

function renderIn(language: ScreenProps['language'], screenId: string, search = '') {
  const { platform } = testPlatform(server.origin);
  const base = screenProps(platform, screenId);
  const props = { ...base, location: { ...base.location, search }, language };
  const view = render(<BillingScreen {...props} />);
  return { props, view, user: userEvent.setup() };
}

describe('mf-billing in the viewer’s language', () => {
  beforeEach(() => server.handle(rupeeApi()));

  it('shows the plans in Hindi with rupees grouped in lakhs and the GST break-up', async () => {
    const { props, view } = renderIn('hi', 'plans');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'हर गेंद देखें, HD में लाइव' }),
    ).toBeVisible();
    const monthly = await screen.findByRole('listitem', { name: 'Monthly' });
    // hi-IN groups in lakhs: ₹1,49,999.00, not ₹149,999.00.
    expect(monthly).toHaveTextContent('₹1,49,999.00 30 दिन के लिए');
    expect(monthly).toHaveTextContent('GST 18% सहित: ₹1,27,117.80 + ₹22,881.20 GST');
    expect(monthly).toHaveTextContent('सब्सक्रिप्शन: रद्द करने तक हर 30 दिन अपने-आप रिन्यू होता है');
    expect(within(monthly).getByRole('link', { name: 'Monthly चुनें' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'कूपन कोड' })).toBeVisible();
    expect(screen.queryByText(/Subscription|screens at a time|for 30 days/)).toBeNull();

    view.rerender(<BillingScreen {...props} language="en" />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Watch every ball, live in HD' }),
    ).toBeVisible();
    expect(screen.getByRole('listitem', { name: 'Monthly' })).toHaveTextContent(
      '₹149,999.00 for 30 days',
    );
  });

  it('says why a coupon does not apply in Hindi', async () => {
    const { user } = renderIn('hi', 'plans');
    await user.type(await screen.findByRole('textbox', { name: 'कूपन कोड' }), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'लागू करें' }));
    expect(await screen.findByText('हम यह कोड नहीं पहचानते। इसे जाँचकर फिर से कोशिश करें।')).toBeVisible();
  });

  it('shows the checkout in Hindi: the total in hi-IN rupees, the renewal date and Pay', async () => {
    renderIn('hi', 'payment-process', '?planId=monthly');
    expect(await screen.findByRole('heading', { level: 1, name: 'जाँचें और भुगतान करें' })).toBeVisible();
    const pay = await screen.findByRole('button', { name: '₹1,49,999.00 का भुगतान करें' });
    expect(pay).toBeVisible();
    expect(screen.getByText('आज का कुल')).toBeVisible();
    expect(screen.getByTestId('tax-breakdown')).toHaveTextContent(
      'GST 18% सहित: ₹1,27,117.80 + ₹22,881.20 GST',
    );
    // The renewal: its price and its date in Hindi (23 दिसंबर 2026), before any payment.
    expect(
      screen.getByText(/इसके बाद हर 30 दिन में ₹1,49,999.00, पहली बार 23 दिसंबर 2026 को/),
    ).toBeVisible();
  });

  it('shows an API problem at checkout in Hindi by its code', async () => {
    server.handle(
      rupeeApi({
        'POST /api/v1/billing/checkouts': (_q, r) =>
          sendJson(
            r,
            409,
            problem(
              'PRICE_CHANGED',
              'The price has changed. Please review the new price and try again.',
            ),
          ),
      }),
    );
    const { user } = renderIn('hi', 'payment-process', '?planId=monthly');
    await user.click(await screen.findByRole('button', { name: '₹1,49,999.00 का भुगतान करें' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('हम भुगतान शुरू नहीं कर सके');
    expect(alert).toHaveTextContent('क़ीमत बदल गई है। कृपया नई क़ीमत देखकर फिर से कोशिश करें।');
    expect(within(alert).getByRole('button', { name: 'मौजूदा क़ीमत दिखाएँ' })).toBeVisible();
  });
});

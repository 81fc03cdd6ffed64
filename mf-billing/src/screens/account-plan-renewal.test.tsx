/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
/**
 * /account's plan section for renewing plans (issue 22 §1): a pass ends and offers no Cancel, a
 * failed renewal shows its grace period, an ended plan says why, Resume turns renewal back on,
 * and an upgrade shows the API's credit before it charges.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sendJson, testServerForFile } from '@crease/test-utils';
import type { PlanChangeQuote, PlanChangeResult, Subscription } from '@crease/contract';
import {
  ACTIVE_MONTHLY,
  ACTIVE_SEASON_PASS,
  accountOverview,
  billingApi,
  callsTo,
  jsonOf,
  queryOf,
} from '../testing/billing-api';
import { screenProps, testPlatform } from '../testing/test-platform';
import { BillingScreen } from './billing-screen';

const server = testServerForFile();
const localDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

function renderAccount(subscription: Subscription, routes: Parameters<typeof billingApi>[0] = {}) {
  server.handle(
    billingApi({
      'GET /api/v1/account': (_q, r) => sendJson(r, 200, accountOverview(subscription)),
      ...routes,
    }),
  );
  const { platform } = testPlatform(server.origin);
  render(<BillingScreen {...screenProps(platform, 'account')} />);
  return userEvent.setup();
}

const planSection = () => screen.findByRole('region', { name: 'Plan' });

describe('Account plan: renewals', () => {
  it('a pass shows when it ends and offers no Cancel', async () => {
    renderAccount(ACTIVE_SEASON_PASS);
    const plan = await planSection();
    expect(plan).toHaveTextContent(`Ends on ${localDate(ACTIVE_SEASON_PASS.periodEnd!)}`);
    expect(within(plan).queryByRole('button', { name: /cancel/i })).not.toBeInTheDocument();
    expect(within(plan).queryByRole('button', { name: /switch to/i })).not.toBeInTheDocument();
  });

  it('after a declined renewal, says when it tries again and until when the viewer can watch', async () => {
    const grace: Subscription = {
      ...ACTIVE_MONTHLY,
      renewalFailures: 1,
      nextRenewalAt: '2026-12-02T10:00:00.000Z',
      graceUntil: '2026-12-06T10:00:00.000Z',
    };
    renderAccount(grace);
    const plan = await planSection();
    expect(plan).toHaveTextContent(
      `Your renewal payment was declined. We will try your card again on ${localDate(grace.nextRenewalAt!)}; you can keep watching until ${localDate(grace.graceUntil!)}.`,
    );
  });

  it('an ended plan says why', async () => {
    renderAccount({
      ...ACTIVE_MONTHLY,
      state: 'EXPIRED',
      entitled: false,
      renews: false,
      nextRenewalAt: null,
      endedReason: 'RENEWAL_FAILED',
    });
    const plan = await planSection();
    expect(plan).toHaveTextContent(`Ended on ${localDate(ACTIVE_MONTHLY.periodEnd!)}`);
    expect(plan).toHaveTextContent('your card was declined on every renewal try');
    expect(within(plan).queryByRole('button', { name: /cancel|resume/i })).not.toBeInTheDocument();
  });

  it('Resume turns renewal back on before the period ends', async () => {
    const cancelled: Subscription = {
      ...ACTIVE_MONTHLY,
      state: 'CANCELLED',
      renews: false,
      nextRenewalAt: null,
      cancelledAt: '2026-11-20T10:00:00.000Z',
    };
    const user = renderAccount(cancelled, {
      'POST /api/v1/billing/subscription/resume': (_q, r) => sendJson(r, 200, ACTIVE_MONTHLY),
    });
    const plan = await planSection();
    expect(plan).toHaveTextContent('It will not renew.');

    await user.click(within(plan).getByRole('button', { name: 'Resume subscription' }));

    expect(await within(plan).findByText(/Renewal is back on/)).toHaveTextContent(
      `Your plan renews on ${localDate(ACTIVE_MONTHLY.periodEnd!)}.`,
    );
    expect(plan).toHaveTextContent(`Renews on ${localDate(ACTIVE_MONTHLY.periodEnd!)}`);
    expect(within(plan).getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
    expect(callsTo(server.requests, 'POST', '/api/v1/billing/subscription/resume')).toHaveLength(1);
  });

  it('an upgrade shows the charge less the credit, then charges once on confirmation', async () => {
    const quote: PlanChangeQuote = {
      planId: 'annual',
      planName: 'Annual',
      kind: 'UPGRADE',
      amount: 63.33,
      credit: 6.66,
      effectiveAt: '2026-11-11T10:00:00.000Z',
      givesUpUntil: '2026-12-01T10:00:00.000Z',
      credits: [
        {
          planName: 'Monthly',
          periodStart: '2026-11-01T10:00:00.000Z',
          periodEnd: '2026-12-01T10:00:00.000Z',
          paid: 9.99,
          credit: 6.66,
        },
      ],
      atRenewal: false,
    };
    const upgraded: PlanChangeResult = {
      ...quote,
      paymentId: 'p-up',
      subscription: {
        ...ACTIVE_MONTHLY,
        planId: 'annual',
        planName: 'Annual',
        periodStart: '2026-11-11T10:00:00.000Z',
        periodEnd: '2027-11-11T10:00:00.000Z',
        nextRenewalAt: '2027-11-11T10:00:00.000Z',
      },
    };
    const user = renderAccount(ACTIVE_MONTHLY, {
      'GET /api/v1/billing/subscription/change': (_q, r) => sendJson(r, 200, quote),
      'POST /api/v1/billing/subscription/change': (_q, r) => sendJson(r, 200, upgraded),
    });
    const plan = await planSection();

    const offer = await within(plan).findByRole('button', { name: 'Switch to Annual' });
    // It looks like a button, and the question after it like an offer, not an error (issue 36 §6).
    expect(offer).toHaveClass('secondary');
    await user.click(offer);

    const question = await within(plan).findByRole('group', { name: /upgrade to annual/i });
    expect(question).toHaveClass('offer');
    expect(question).toHaveTextContent(
      `You pay $63.33 now: $69.99 less $6.66 credit for the unused time you prepaid. Your prepaid time until ${localDate('2026-12-01T10:00:00.000Z')} ends today`,
    );
    expect(
      within(question).getByRole('list', { name: 'Credit for your prepaid time' }),
    ).toHaveTextContent(
      `Monthly, ${localDate('2026-11-01T10:00:00.000Z')} to ${localDate('2026-12-01T10:00:00.000Z')}: paid $9.99, credit $6.66`,
    );
    expect(
      queryOf(callsTo(server.requests, 'GET', '/api/v1/billing/subscription/change')[0]!).get(
        'planId',
      ),
    ).toBe('annual');
    expect(callsTo(server.requests, 'POST', '/api/v1/billing/subscription/change')).toHaveLength(0);

    await user.click(within(question).getByRole('button', { name: 'Pay $63.33 and upgrade' }));

    expect(await within(plan).findByText(/You are on Annual now/)).toHaveTextContent(
      'We charged $63.33 to your saved card.',
    );
    expect(plan).toHaveTextContent(`Renews on ${localDate('2027-11-11T10:00:00.000Z')}`);
    const [change] = callsTo(server.requests, 'POST', '/api/v1/billing/subscription/change');
    expect(jsonOf(change)).toEqual({ planId: 'annual' });
    expect(change?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('an upgrade on UPI AutoPay says it starts at the renewal and charges nothing now (decision 491)', async () => {
    const quote: PlanChangeQuote = {
      planId: 'annual',
      planName: 'Annual',
      kind: 'UPGRADE',
      amount: 0,
      credit: 0,
      effectiveAt: '2026-12-01T10:00:00.000Z',
      givesUpUntil: null,
      credits: [],
      atRenewal: true,
    };
    const scheduled: PlanChangeResult = {
      ...quote,
      paymentId: null,
      subscription: { ...ACTIVE_MONTHLY, pendingPlanId: 'annual', pendingPlanName: 'Annual' },
    };
    const user = renderAccount(ACTIVE_MONTHLY, {
      'GET /api/v1/billing/subscription/change': (_q, r) => sendJson(r, 200, quote),
      'POST /api/v1/billing/subscription/change': (_q, r) => sendJson(r, 200, scheduled),
    });
    const plan = await planSection();
    await user.click(await within(plan).findByRole('button', { name: 'Switch to Annual' }));

    const question = await within(plan).findByRole('group', { name: /upgrade to annual/i });
    expect(question).toHaveTextContent(
      `UPI AutoPay is debited only after a notice a day ahead, so Annual starts when your current period ends on ${localDate('2026-12-01T10:00:00.000Z')}, and that renewal debits $69.99. Nothing is charged now.`,
    );
    expect(within(question).queryByRole('button', { name: /^Pay / })).toBeNull();
    await user.click(within(question).getByRole('button', { name: 'Confirm change' }));

    expect(
      await within(plan).findByText(`Annual starts on ${localDate('2026-12-01T10:00:00.000Z')}.`),
    ).toBeInTheDocument();
    expect(plan).not.toHaveTextContent('We charged');
  });
});

/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
/**
 * Issue 23 §3: /plans and /trial-activation read whether the trial is available before any
 * click and say why not; neither ever shows a "Start free trial" that could not work.
 */
import { render, screen, within } from '@testing-library/react';
import { sendJson, testServerForFile } from '@crease/test-utils';
import type { TrialUnavailableReason } from '@crease/contract';
import { TRIAL_OFFER, billingApi, callsTo } from '../testing/billing-api';
import { screenProps, testPlatform } from '../testing/test-platform';
import { BillingScreen } from './billing-screen';

const server = testServerForFile();

function renderScreen(screenId: 'plans' | 'trial-activation') {
  const { platform } = testPlatform(server.origin);
  render(<BillingScreen {...screenProps(platform, screenId)} />);
}

const refuse = (reason: TrialUnavailableReason) =>
  server.handle(
    billingApi({
      'GET /api/v1/billing/trial': (_q, r) =>
        sendJson(r, 200, { ...TRIAL_OFFER, available: false, reason }),
    }),
  );

const startButtons = () => [
  ...screen.queryAllByRole('button', { name: /start free trial/i }),
  ...screen.queryAllByRole('link', { name: /start free trial/i }),
];

describe('Trial availability, before the click', () => {
  it('says on /trial-activation that the network has spent today’s trials, with no button', async () => {
    refuse('TRIAL_NETWORK_LIMIT_REACHED');
    renderScreen('trial-activation');

    const notice = (await screen.findByText('The free trial is not available')).closest(
      '[role="status"], [role="alert"], section, div',
    ) as HTMLElement;
    expect(notice).toHaveTextContent(/free trials for your network have all been taken/);
    expect(notice).toHaveTextContent(/Try again tomorrow/);
    expect(startButtons()).toHaveLength(0);
    expect(callsTo(server.requests, 'POST', '/api/v1/billing/trial')).toHaveLength(0);
  });

  it.each([
    ['TRIAL_NETWORK_LIMIT_REACHED', /free trials for your network have all been taken/],
    ['TRIAL_DEVICE_ALREADY_USED', /This device has already been used for a free trial/],
    ['TRIAL_ALREADY_USED', /already used your free trial on this account/],
  ] as const)(
    'says on /plans why there is no trial (%s) and still sells the plans',
    async (reason, text) => {
      refuse(reason);
      renderScreen('plans');

      expect(await screen.findByText('The free trial is not available')).toBeVisible();
      expect(screen.getByText(text)).toBeVisible();
      expect(startButtons()).toHaveLength(0);
      const plans = screen.getByRole('list', { name: 'Plans' });
      expect(within(plans).getAllByRole('link', { name: /^Choose / }).length).toBeGreaterThan(0);
    },
  );

  it('says nothing about trials on /plans to a viewer with a plan running', async () => {
    refuse('PLAN_ALREADY_ACTIVE');
    renderScreen('plans');

    await screen.findByRole('list', { name: 'Plans' });
    expect(screen.queryByText('The free trial is not available')).not.toBeInTheDocument();
    expect(startButtons()).toHaveLength(0);
  });

  it('offers the button when the trial is available', async () => {
    server.handle(billingApi());
    renderScreen('trial-activation');

    expect(await screen.findByRole('button', { name: 'Start free trial' })).toBeEnabled();
    expect(screen.queryByText('The free trial is not available')).not.toBeInTheDocument();
  });
});

/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sendJson, testServerForFile } from '@crease/test-utils';
import {
  TRIAL_OFFER,
  billingApi,
  callsTo,
  entitlement,
  jsonOf,
  problem,
} from '../testing/billing-api';
import { TEST_DEVICE, screenProps, testPlatform } from '../testing/test-platform';
import { BillingScreen } from './billing-screen';

const server = testServerForFile();

function renderScreen(screenId: string) {
  const { platform } = testPlatform(server.origin);
  const props = screenProps(platform, screenId);
  render(<BillingScreen {...props} />);
  return { navigate: props.navigate, user: userEvent.setup() };
}

describe('Trial activation', () => {
  it('explains the trial, activates it for this device and continues', async () => {
    server.handle(billingApi({ 'POST /api/v1/billing/trial': (_q, r) => sendJson(r, 201, {}) }));
    const { navigate, user } = renderScreen('trial-activation');

    expect(await screen.findByText('7 days of live cricket, free')).toBeVisible();
    expect(screen.getByText(/in total during the trial/)).toHaveTextContent(
      'Watch up to 5 hr in total',
    );
    expect(screen.getByText(/each day/)).toHaveTextContent('Up to 1 hr each day');
    await user.dblClick(screen.getByRole('button', { name: 'Start free trial' }));

    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/trial-activation-success'));
    const posts = callsTo(server.requests, 'POST', '/api/v1/billing/trial');
    expect(posts).toHaveLength(1);
    expect(jsonOf(posts[0])).toEqual({ vidictId: TEST_DEVICE.vidictId });
  });

  it('refuses a second trial with the API’s reason', async () => {
    server.handle(
      billingApi({
        'POST /api/v1/billing/trial': (_q, r) =>
          sendJson(r, 409, problem('TRIAL_ALREADY_USED', 'You have already used your free trial.')),
      }),
    );
    const { navigate, user } = renderScreen('trial-activation');
    await user.click(await screen.findByRole('button', { name: 'Start free trial' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your trial could not start');
    expect(alert).toHaveTextContent('You have already used your free trial.');
    expect(screen.queryByRole('button', { name: 'Start free trial' })).not.toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('offers no button when the account has had its trial, and says why', async () => {
    server.handle(
      billingApi({
        'GET /api/v1/billing/trial': (_q, r) =>
          sendJson(r, 200, { ...TRIAL_OFFER, available: false, reason: 'TRIAL_ALREADY_USED' }),
      }),
    );
    renderScreen('trial-activation');

    const status = (await screen.findByText('The free trial is not available')).closest(
      '[role="status"]',
    );
    expect(status).toHaveTextContent('The free trial is not available');
    expect(status).toHaveTextContent('You have already used your free trial on this account.');
    expect(screen.queryByRole('button', { name: 'Start free trial' })).not.toBeInTheDocument();
  });
});

describe('Trial activation success', () => {
  it('shows the trial time left and leads to the events', async () => {
    server.handle(
      billingApi({
        'GET /api/v1/entitlement': (_q, r) =>
          sendJson(
            r,
            200,
            entitlement({
              entitled: true,
              reason: 'TRIAL',
              state: 'TRIAL',
              periodEnd: '2026-11-30T12:00:00.000Z',
              trialSecondsLeft: 18_000,
              trialTodaySecondsLeft: 3_600,
            }),
          ),
      }),
    );
    const { navigate, user } = renderScreen('trial-activation-success');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your free trial has started' }),
    ).toBeVisible();
    const status = screen.getByRole('status');
    expect(within(status).getByText('Watching time left').nextElementSibling).toHaveTextContent(
      '5 hr',
    );
    expect(within(status).getByText('Left today').nextElementSibling).toHaveTextContent('1 hr');
    await user.click(within(status).getByRole('link', { name: 'Watch live cricket' }));
    expect(navigate).toHaveBeenCalledWith('/events');
  });
});

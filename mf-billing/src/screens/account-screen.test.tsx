/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sendJson, testServerForFile } from '@crease/test-utils';
import type { AccountStatics } from '@crease/contract';
import {
  ACTIVE_MONTHLY,
  accountOverview,
  billingApi,
  callsTo,
  entitlement,
  jsonOf,
  NO_SUBSCRIPTION,
  problem,
  TEST_DEVICE,
  watchingNow,
} from '../testing/billing-api';
import { screenProps, testPlatform } from '../testing/test-platform';
import { BillingScreen } from './billing-screen';

const server = testServerForFile();
const localDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });
const OTHER_DEVICE = '/api/v1/devices/7d1c1b9e-1111-4a53-9d8e-5b2f8e1c4a10';

function renderAccount() {
  const { platform } = testPlatform(server.origin);
  const props = screenProps(platform, 'account');
  render(<BillingScreen {...props} />);
  return { navigate: props.navigate, user: userEvent.setup() };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('Account screen', () => {
  beforeEach(() => server.handle(billingApi()));

  it('shows the plan, its state, its renewal date in local time and what the renewal charges', async () => {
    renderAccount();

    const plan = await screen.findByRole('region', { name: 'Plan' });
    expect(plan).toHaveTextContent('Monthly');
    expect(plan).toHaveTextContent('Active');
    expect(plan).toHaveTextContent(`Renews on ${localDate(ACTIVE_MONTHLY.periodEnd!)}`);
    // The API's renewalAmount: the list price, whatever coupon the first payment had.
    expect(plan).toHaveTextContent('The renewal charges $9.99 to your saved card.');
    expect(
      within(section('Sign-in')).getByRole('link', { name: 'Change password' }),
    ).toHaveAttribute('href', '/change-password');
    expect(section('Sign-in')).toHaveTextContent('Signed in as viewer@example.com');
  });

  it('shows the trial minutes left, overall and today', async () => {
    const trial = {
      ...ACTIVE_MONTHLY,
      state: 'TRIAL' as const,
      planId: 'trial',
      planName: 'Free trial',
    };
    server.handle(
      billingApi({
        'GET /api/v1/account': (_q, r) => sendJson(r, 200, accountOverview(trial)),
        'GET /api/v1/entitlement': (_q, r) =>
          sendJson(
            r,
            200,
            entitlement({
              entitled: true,
              state: 'TRIAL',
              reason: 'TRIAL',
              trialSecondsLeft: 9_000,
              trialTodaySecondsLeft: 1_800,
            }),
          ),
      }),
    );
    renderAccount();

    const plan = await screen.findByRole('region', { name: 'Plan' });
    expect(within(plan).getByText('Trial time left').nextElementSibling).toHaveTextContent(
      '2 hr 30 min',
    );
    expect(within(plan).getByText('Left today').nextElementSibling).toHaveTextContent('30 min');
    expect(plan).toHaveTextContent(`Trial ends on ${localDate(trial.periodEnd!)}`);
  });

  it('cancels at period end after a confirmation, and says until when it still plays', async () => {
    const cancelled = {
      ...ACTIVE_MONTHLY,
      state: 'CANCELLED',
      cancelledAt: '2026-11-23T12:00:00.000Z',
      renews: false,
      nextRenewalAt: null,
    };
    server.handle(
      billingApi({
        'POST /api/v1/billing/subscription/cancel': (_q, r) => sendJson(r, 200, cancelled),
      }),
    );
    const { user } = renderAccount();
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    expect(screen.getByRole('group', { name: /cancel your subscription/i })).toHaveTextContent(
      `You keep watching until ${localDate(ACTIVE_MONTHLY.periodEnd!)}`,
    );

    await user.click(screen.getByRole('button', { name: 'Yes, cancel' }));

    const plan = section('Plan');
    expect(await within(plan).findByText(/Your plan is cancelled/)).toHaveTextContent(
      `You can keep watching until ${localDate(ACTIVE_MONTHLY.periodEnd!)}.`,
    );
    expect(plan).toHaveTextContent(
      `Cancelled: you can watch until ${localDate(ACTIVE_MONTHLY.periodEnd!)}`,
    );
    expect(
      within(plan).queryByRole('button', { name: 'Cancel subscription' }),
    ).not.toBeInTheDocument();
    expect(callsTo(server.requests, 'POST', '/api/v1/billing/subscription/cancel')).toHaveLength(1);
  });

  it('lists the devices, marks this one and the one watching, and signs another out', async () => {
    server.handle(
      billingApi({
        [`DELETE ${OTHER_DEVICE}`]: (_q, r) => {
          r.writeHead(204);
          r.end();
        },
      }),
    );
    const { user } = renderAccount();
    const devices = await screen.findByRole('region', { name: 'Devices' });
    expect(devices).toHaveTextContent('Chrome on Linux · This device');
    await waitFor(() => expect(devices).toHaveTextContent('Safari on iOS · Watching now'));
    // Screens at a time, never a quota of devices (decision 265).
    expect(devices).toHaveTextContent('Your plan lets 2 screens watch at once; 1 watching now.');
    expect(devices).not.toHaveTextContent(/of 2 devices/);
    expect(within(devices).getAllByRole('button', { name: /^Sign out/ })).toHaveLength(1);

    await user.click(within(devices).getByRole('button', { name: /Sign out Safari on iOS/ }));

    expect(await within(devices).findByText(/Safari on iOS is signed out/)).toBeVisible();
    expect(within(devices).getAllByRole('listitem')).toHaveLength(1);
    expect(callsTo(server.requests, 'DELETE', OTHER_DEVICE)).toHaveLength(1);
  });

  it('names a device, shows where it was last opened, and gives the browser’s name back', async () => {
    const renames: unknown[] = [];
    const safari = (accountOverview().statics as unknown as AccountStatics).devices[1]!;
    server.handle(
      billingApi({
        [`PATCH ${OTHER_DEVICE}`]: (request, r) => {
          const { name } = JSON.parse(request.body) as { name: string | null };
          renames.push(name);
          return sendJson(r, 200, { ...safari, name });
        },
      }),
    );
    const { user } = renderAccount();
    const devices = await screen.findByRole('region', { name: 'Devices' });
    expect(devices).toHaveTextContent('last opened from 203.0.113.x');
    await user.click(await within(devices).findByRole('button', { name: /^Rename Safari on iOS/ }));
    const field = within(devices).getByRole('textbox', { name: 'Device name' });
    await user.type(field, 'Kitchen iPad{Enter}');
    expect(await within(devices).findByText('Renamed: Kitchen iPad.')).toBeVisible();
    expect(devices).toHaveTextContent('Kitchen iPad');
    expect(renames).toEqual(['Kitchen iPad']);

    await user.click(within(devices).getByRole('button', { name: /^Rename Kitchen iPad/ }));
    await user.clear(within(devices).getByRole('textbox', { name: 'Device name' }));
    await user.click(within(devices).getByRole('button', { name: 'Save name' }));
    expect(await within(devices).findByText('Renamed: Safari on iOS.')).toBeVisible();
    expect(renames).toEqual(['Kitchen iPad', null]);
  });

  it('stops playback on a device that is watching, and says its screen is free', async () => {
    const stop = `/api/v1/streams/watching/${OTHER_DEVICE.split('/').pop()}`;
    let playing = true;
    server.handle(
      billingApi({
        'GET /api/v1/streams/watching': (_q, r) =>
          sendJson(r, 200, watchingNow(playing ? [OTHER_DEVICE.split('/').pop()!] : [])),
        [`DELETE ${stop}`]: (_q, r) => {
          playing = false;
          r.writeHead(204);
          r.end();
        },
      }),
    );
    const { user } = renderAccount();
    const devices = await screen.findByRole('region', { name: 'Devices' });
    await user.click(
      await within(devices).findByRole('button', { name: /^Stop playback on Safari on iOS/ }),
    );

    expect(await within(devices).findByText(/Playback stopped on Safari on iOS/)).toBeVisible();
    await waitFor(() => expect(devices).toHaveTextContent('0 watching now'));
    expect(within(devices).queryByRole('button', { name: /^Stop playback/ })).toBeNull();
    const [call] = callsTo(server.requests, 'DELETE', stop);
    expect(call?.url).toContain(`by=${encodeURIComponent(TEST_DEVICE.vidictId)}`);
  });

  it('shows the devices without "watching now" when that cannot be read', async () => {
    server.handle(
      billingApi({
        'GET /api/v1/streams/watching': (_q, r) =>
          sendJson(r, 503, problem('UNAVAILABLE', 'Down.')),
      }),
    );
    renderAccount();
    const devices = await screen.findByRole('region', { name: 'Devices' });
    expect(within(devices).getAllByRole('listitem')).toHaveLength(2);
    expect(devices).toHaveTextContent('Your plan lets 2 screens watch at once.');
    expect(devices).not.toHaveTextContent('Watching now');
  });

  it('does not count screens for an account without a plan', async () => {
    server.handle(
      billingApi({
        'GET /api/v1/account': (_q, r) => sendJson(r, 200, accountOverview(NO_SUBSCRIPTION)),
      }),
    );
    renderAccount();
    const devices = await screen.findByRole('region', { name: 'Devices' });
    expect(devices).toHaveTextContent('Each plan says how many screens can watch at once.');
    expect(devices).not.toHaveTextContent(/1 of 1|Your plan lets/);
  });

  it('saves the preferred video quality and the email setting', async () => {
    server.handle(
      billingApi({ 'PATCH /api/v1/account/settings': (_q, r) => sendJson(r, 200, {}) }),
    );
    const { user } = renderAccount();
    const quality = await screen.findByRole('combobox', { name: 'Preferred video quality' });
    expect(quality).toHaveValue('HD');

    await user.selectOptions(quality, 'Full HD (1080p)');
    await waitFor(() => expect(screen.getByText('Saved.')).toBeVisible());
    await user.click(screen.getByRole('checkbox', { name: 'Email me match alerts and offers' }));
    await waitFor(() =>
      expect(callsTo(server.requests, 'PATCH', '/api/v1/account/settings')).toHaveLength(2),
    );

    const [first, second] = callsTo(server.requests, 'PATCH', '/api/v1/account/settings');
    expect(jsonOf(first)).toEqual({ videoQuality: 'FULL_HD' });
    expect(jsonOf(second)).toEqual({ emailSubscribe: true });
  });

  it('shows what is really stored when a setting cannot be saved', async () => {
    server.handle(
      billingApi({
        'PATCH /api/v1/account/settings': (_q, r) =>
          sendJson(r, 400, problem('VALIDATION_FAILED', 'That quality is not offered.')),
      }),
    );
    const { user } = renderAccount();
    const quality = await screen.findByRole('combobox', { name: 'Preferred video quality' });

    await user.selectOptions(quality, 'SD');

    expect(await screen.findByText('Not saved: That quality is not offered.')).toBeVisible();
    expect(quality).toHaveValue('HD');
  });

  it('saves the country or region, and shows the stored one when it is refused', async () => {
    let refuse = false;
    server.handle(
      billingApi({
        'PATCH /api/v1/account/settings': (_q, r) =>
          refuse
            ? sendJson(r, 400, problem('VALIDATION_FAILED', 'Field "region" is not valid.'))
            : sendJson(r, 200, {}),
      }),
    );
    const { user } = renderAccount();
    const region = await screen.findByRole('combobox', { name: 'Country or region' });
    expect(region).toHaveValue('GB');
    expect(region).toHaveAccessibleDescription(
      'Where you live: the tax included in your next payments follows it.',
    );
    expect(within(region).getByRole('option', { name: 'Not set (standard rate)' })).toBeVisible();

    await user.selectOptions(region, 'India');
    await waitFor(() => expect(screen.getByText('Saved.')).toBeVisible());
    expect(jsonOf(callsTo(server.requests, 'PATCH', '/api/v1/account/settings')[0])).toEqual({
      region: 'IN',
    });

    refuse = true;
    await user.selectOptions(region, 'Australia');
    expect(await screen.findByText('Not saved: Field "region" is not valid.')).toBeVisible();
    expect(region).toHaveValue('IN');
  });

  it('shows the error state with Retry', async () => {
    server.handle(
      billingApi({
        'GET /api/v1/account': (_q, r) => sendJson(r, 500, problem('INTERNAL_ERROR', 'x')),
      }),
    );
    renderAccount();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We couldn’t load your account');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});

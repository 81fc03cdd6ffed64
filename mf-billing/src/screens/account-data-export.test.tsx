/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
/**
 * "Download my data" on /account (issue 34 §5, decision 437), against a real local HTTP server:
 * the request, the status naming the address, a 429's "ask again" time, one request per press.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sendJson, testServerForFile } from '@crease/test-utils';
import { billingApi, callsTo, problem } from '../testing/billing-api';
import { screenProps, testPlatform } from '../testing/test-platform';
import { BillingScreen } from './billing-screen';

const server = testServerForFile();
const PATH = '/api/v1/account/data-export';

function renderAccount() {
  const { platform } = testPlatform(server.origin);
  render(<BillingScreen {...screenProps(platform, 'account')} />);
  return userEvent.setup();
}

async function section() {
  return screen.findByRole('region', { name: 'Download my data' });
}

describe('Download my data on /account', () => {
  beforeEach(() => server.handle(billingApi()));

  it('asks once however fast it is pressed, then says where the link went', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.handle(
      billingApi({
        [`POST ${PATH}`]: (_q, r) =>
          void answered.then(() =>
            sendJson(r, 202, {
              email: 'viewer@example.com',
              linkExpiresAt: '2026-11-30T10:00:00.000Z',
            }),
          ),
      }),
    );
    const user = renderAccount();
    const region = await section();
    const button = within(region).getByRole('button', { name: 'Email me my data' });
    await user.dblClick(button);
    await user.click(button);
    answer();
    expect(await within(region).findByRole('status')).toHaveTextContent(
      'We have emailed a download link to viewer@example.com. It works once, for 24 hours.',
    );
    expect(callsTo(server.requests, 'POST', PATH)).toHaveLength(1);
  });

  it('a second request within the day says when it can be asked again', async () => {
    server.handle(
      billingApi({
        [`POST ${PATH}`]: (_q, r) => {
          r.setHeader('retry-after', String(5 * 3600));
          sendJson(
            r,
            429,
            problem('DATA_EXPORT_TOO_SOON', 'You asked for your data less than 24 hours ago.'),
          );
        },
      }),
    );
    const user = renderAccount();
    const region = await section();
    await user.click(within(region).getByRole('button', { name: 'Email me my data' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'You asked for your data less than 24 hours ago. You can ask again in about 5 hours.',
    );
  });

  it('an unverified address gets the API message asking to confirm it first', async () => {
    server.handle(
      billingApi({
        [`POST ${PATH}`]: (_q, r) =>
          sendJson(
            r,
            409,
            problem('DATA_EXPORT_EMAIL_UNVERIFIED', 'Please confirm your email address first.'),
          ),
      }),
    );
    const user = renderAccount();
    const region = await section();
    await user.click(within(region).getByRole('button', { name: 'Email me my data' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'Please confirm your email address first.',
    );
  });
});

/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
/**
 * "Email" on /account (issue 36 §6, decision 423), against a real local HTTP server: the ask
 * with the current password, the pending state naming where the link went, the API's refusals
 * shown as they come, and one request however fast the button is pressed.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sendJson, testServerForFile } from '@crease/test-utils';
import { billingApi, callsTo, problem } from '../testing/billing-api';
import { screenProps, testPlatform } from '../testing/test-platform';
import { BillingScreen } from './billing-screen';

const server = testServerForFile();
const PATH = '/api/v1/auth/email-change';

function renderAccount() {
  const { platform } = testPlatform(server.origin);
  render(<BillingScreen {...screenProps(platform, 'account')} />);
  return userEvent.setup();
}

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  const region = await screen.findByRole('region', { name: 'Email' });
  await user.click(within(region).getByRole('button', { name: 'Change email' }));
  return region;
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  region: HTMLElement,
  email: string,
  password: string,
) {
  if (email) await user.type(within(region).getByLabelText('New email address'), email);
  if (password) await user.type(within(region).getByLabelText('Current password'), password);
  await user.click(within(region).getByRole('button', { name: 'Send confirmation link' }));
}

describe('changing the email on /account', () => {
  beforeEach(() => server.handle(billingApi()));

  it('asks once with the password, then says where the link went', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.handle(
      billingApi({
        [`POST ${PATH}`]: (_q, r) =>
          void answered.then(() =>
            sendJson(r, 200, problem('EMAIL_CHANGE_SENT', 'We sent a link to the new address.')),
          ),
      }),
    );
    const user = renderAccount();
    const region = await openForm(user);
    await user.type(within(region).getByLabelText('New email address'), ' New@Example.com ');
    await user.type(within(region).getByLabelText('Current password'), 'correct horse');
    const send = within(region).getByRole('button', { name: 'Send confirmation link' });
    await user.dblClick(send);
    answer();
    expect(await within(region).findByRole('status')).toHaveTextContent(
      'We sent a link to new@example.com. Open it within an hour to finish the change',
    );
    const calls = callsTo(server.requests, 'POST', PATH);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!.body)).toEqual({
      newEmail: 'New@Example.com',
      password: 'correct horse',
    });
  });

  it('a wrong password shows the API message and keeps the form', async () => {
    server.handle(
      billingApi({
        [`POST ${PATH}`]: (_q, r) =>
          sendJson(r, 400, problem('INVALID_OLD_PASSWORD', 'Your password is incorrect.')),
      }),
    );
    const user = renderAccount();
    const region = await openForm(user);
    await fill(user, region, 'new@example.com', 'wrong');
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'Your password is incorrect.',
    );
    expect(within(region).getByLabelText('New email address')).toHaveValue('new@example.com');
  });

  it('too many asks say when to try again', async () => {
    server.handle(
      billingApi({
        [`POST ${PATH}`]: (_q, r) => {
          r.setHeader('retry-after', '1800');
          sendJson(r, 429, problem('TOO_MANY_ATTEMPTS', 'Too many attempts.'));
        },
      }),
    );
    const user = renderAccount();
    const region = await openForm(user);
    await fill(user, region, 'new@example.com', 'pw');
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'Too many attempts. You can ask again in about 30 minutes.',
    );
  });

  it('a malformed address or a missing password is caught before any request', async () => {
    const user = renderAccount();
    const region = await openForm(user);
    await fill(user, region, 'not-an-address', 'pw');
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'Enter an email address like name@example.com.',
    );
    await user.clear(within(region).getByLabelText('New email address'));
    await user.clear(within(region).getByLabelText('Current password'));
    await fill(user, region, 'new@example.com', '');
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'Enter your current password.',
    );
    expect(callsTo(server.requests, 'POST', PATH)).toHaveLength(0);
  });
});

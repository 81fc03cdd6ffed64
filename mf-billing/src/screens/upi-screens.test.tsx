/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
/**
 * The UPI screens (issue 34 §2, decisions 461, 462) against a real local HTTP server: the hosted
 * page's UPI form checks the UPI ID before sending it, and /autopay-cancel changes nothing on
 * opening and revokes with its one button.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sendJson, testServerForFile } from '@crease/test-utils';
import { billingApi, callsTo, jsonOf, problem, sandboxSession } from '../testing/billing-api';
import { screenProps, testPlatform } from '../testing/test-platform';
import { BillingScreen } from './billing-screen';

const server = testServerForFile();
const SESSION = '/api/v1/sandbox-provider/sessions/cs_test_session1';
const CANCEL = '/api/v1/billing/mandate-cancel';

function renderScreen(screenId: string, search: string) {
  const { platform } = testPlatform(server.origin);
  render(<BillingScreen {...screenProps(platform, screenId, search)} />);
  return userEvent.setup();
}

describe('the UPI form on the hosted page', () => {
  beforeEach(() =>
    server.handle(
      billingApi({
        [`GET ${SESSION}`]: (_q, r) =>
          sendJson(
            r,
            200,
            sandboxSession({ currency: 'INR', amount: 299, methods: ['CARD', 'UPI'] }),
          ),
      }),
    ),
  );

  it('offers UPI for rupees and checks the UPI ID before sending it', async () => {
    const user = renderScreen('secure-payment', '?session=cs_test_session1');
    await user.click(await screen.findByRole('radio', { name: 'UPI' }));
    const vpa = screen.getByRole('textbox', { name: 'UPI ID' });
    await user.type(vpa, 'not an id');
    await user.click(screen.getByRole('button', { name: /^Pay .* by UPI$/ }));
    expect(vpa).toHaveAccessibleDescription(/Enter your UPI ID, like name@bank/);
    expect(vpa).toHaveFocus();
    expect(callsTo(server.requests, 'POST', `${SESSION}/upi`)).toHaveLength(0);
    expect(screen.getByText('pending@razorpay').parentElement).toHaveTextContent('never answers');
  });
});

describe('/autopay-cancel', () => {
  it('changes nothing on opening; its one button revokes and says until when the plan runs', async () => {
    server.handle(
      billingApi({
        [`POST ${CANCEL}`]: (_q, r) =>
          sendJson(r, 200, { revoked: true, periodEnd: '2026-12-29T10:00:00.000Z' }),
      }),
    );
    const user = renderScreen('autopay-cancel', '?token=tok_0123456789abcdef');
    const button = await screen.findByRole('button', { name: 'Cancel UPI AutoPay' });
    expect(callsTo(server.requests, 'POST', CANCEL)).toHaveLength(0);
    await user.click(button);
    expect(await screen.findByText('UPI AutoPay is cancelled')).toBeVisible();
    const [sent] = callsTo(server.requests, 'POST', CANCEL);
    expect(jsonOf(sent!)).toEqual({ token: 'tok_0123456789abcdef' });
  });

  it('an unknown token says so, with the way to cancel on the account', async () => {
    server.handle(
      billingApi({
        [`POST ${CANCEL}`]: (_q, r) =>
          sendJson(
            r,
            404,
            problem(
              'MANDATE_CANCEL_TOKEN_INVALID',
              'This cancel link is not valid. Cancel your plan on your account page instead.',
            ),
          ),
      }),
    );
    const user = renderScreen('autopay-cancel', '?token=tok_unknown_0123456789');
    await user.click(await screen.findByRole('button', { name: 'Cancel UPI AutoPay' }));
    expect(
      await screen.findByText(
        'This cancel link is not valid. Cancel your plan on your account page instead.',
      ),
    ).toBeVisible();
  });
});

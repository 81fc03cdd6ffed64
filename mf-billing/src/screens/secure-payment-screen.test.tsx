/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sendJson, testServerForFile } from '@crease/test-utils';
import { billingApi, callsTo, jsonOf, problem, sandboxSession } from '../testing/billing-api';
import { screenProps, testPlatform } from '../testing/test-platform';
import { BillingScreen } from './billing-screen';

const server = testServerForFile();
const CARD_PATH = '/api/v1/sandbox-provider/sessions/cs_test_session1/card';
const CONFIRM_PATH = '/api/v1/sandbox-provider/sessions/cs_test_session1/confirm';
const RETURN = 'http://localhost/payment-process?checkout=co-1';
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

function renderCardPage() {
  const { platform } = testPlatform(server.origin);
  const props = screenProps(platform, 'secure-payment', '?session=cs_test_session1');
  render(<BillingScreen {...props} />);
  return { navigate: props.navigate, user: userEvent.setup() };
}

const number = () => screen.getByRole('textbox', { name: 'Card number' });
const expiry = () => screen.getByRole('textbox', { name: 'Expiry (MM/YY)' });
const cvc = () => screen.getByRole('textbox', { name: 'Security code (CVC)' });

async function fillCard(user: ReturnType<typeof userEvent.setup>, card: string) {
  await user.type(number(), card);
  await user.type(expiry(), `12${nextYear}`);
  await user.type(cvc(), '123');
}

const result = (status: string, failureCode: string | null = null) => ({
  status,
  failureCode,
  message: status,
  returnUrl: RETURN,
});

describe('Secure payment (the sandbox provider’s hosted card page)', () => {
  beforeEach(() => server.handle(billingApi()));

  it('shows what is being paid, to whom, with the test cards', async () => {
    renderCardPage();

    expect(await screen.findByText('Monthly (30 days)')).toBeVisible();
    expect(screen.getByText('$7.99')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Pay $7.99' })).toBeEnabled();
    expect(screen.getByText('4242 4242 4242 4242')).toBeInTheDocument();
    expect(number()).toHaveAttribute('autocomplete', 'cc-number');
    expect(expiry()).toHaveAttribute('autocomplete', 'cc-exp');
    expect(cvc()).toHaveAttribute('autocomplete', 'cc-csc');
    // A pass is paid once: nothing says the card is kept.
    expect(screen.queryByText(/your card is saved/)).not.toBeInTheDocument();
  });

  it('says a subscription saves the card for the renewals the provider states, and lists the card that fails at renewal', async () => {
    // The API's session says what renews (the list price: WELCOME20 is for the first payment).
    const description = 'Monthly (30 days), then 9.99 USD every 30 days until you cancel';
    server.handle(
      billingApi({
        'GET /api/v1/sandbox-provider/sessions/cs_test_session1': (_q, r) =>
          sendJson(r, 200, sandboxSession({ savesCard: true, description })),
      }),
    );
    renderCardPage();

    expect(await screen.findByText(description)).toBeVisible();
    expect(
      screen.getByText(
        /your card is saved with the payment provider for the renewals described above/,
      ),
    ).toHaveTextContent('Today’s payment is $7.99.');
    // The old page said the first payment's amount would be charged again (issue 31 §10).
    expect(screen.queryByText(/charged \$7\.99 again/)).toBeNull();
    expect(screen.getByText('4000 0000 0000 0341').parentElement).toHaveTextContent(
      'succeeds now, then is declined at renewal',
    );
  });

  it('checks Luhn, expiry and CVC before sending anything, and focuses the first problem', async () => {
    const { user } = renderCardPage();
    await screen.findByText('Monthly (30 days)');
    await user.type(number(), '4242424242424241');
    await user.type(expiry(), '0120');
    await user.type(cvc(), '12');

    await user.click(screen.getByRole('button', { name: 'Pay $7.99' }));

    expect(number()).toHaveAccessibleDescription(
      'That card number is not valid. Check it for a typo.',
    );
    expect(number()).toHaveFocus();
    expect(expiry()).toHaveAccessibleDescription('This card has expired. Use another card.');
    expect(cvc()).toHaveAccessibleDescription(
      'The security code is the 3 digits on the back of your card.',
    );
    expect(callsTo(server.requests, 'POST', CARD_PATH)).toHaveLength(0);
  });

  it('sends the card once for a double click and returns, waiting for PAID, on success', async () => {
    server.handle(
      billingApi({ [`POST ${CARD_PATH}`]: (_q, r) => sendJson(r, 200, result('SUCCEEDED')) }),
    );
    const { navigate, user } = renderCardPage();
    await screen.findByText('Monthly (30 days)');
    await fillCard(user, '4242424242424242');
    expect(number()).toHaveValue('4242 4242 4242 4242');

    await user.dblClick(screen.getByRole('button', { name: 'Pay $7.99' }));

    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/payment-process?checkout=co-1&expect=paid'),
    );
    const posts = callsTo(server.requests, 'POST', CARD_PATH);
    expect(posts).toHaveLength(1);
    expect(jsonOf(posts[0])).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2000 + Number(nextYear),
      cvc: '123',
    });
    expect(posts[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('hands a declined card back to the merchant, whose page learns why from the webhook', async () => {
    server.handle(
      billingApi({
        [`POST ${CARD_PATH}`]: (_q, r) =>
          sendJson(r, 402, problem('CARD_DECLINED', 'Your card was declined.')),
      }),
    );
    const { navigate, user } = renderCardPage();
    await screen.findByText('Monthly (30 days)');
    await fillCard(user, '4000000000000002');

    await user.click(screen.getByRole('button', { name: 'Pay $7.99' }));

    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/payment-process?checkout=co-1'));
  });

  it('asks for the 3-D-Secure-style confirmation, then returns once approved', async () => {
    server.handle(
      billingApi({
        [`POST ${CARD_PATH}`]: (_q, r) => sendJson(r, 200, result('REQUIRES_CONFIRMATION')),
        [`POST ${CONFIRM_PATH}`]: (_q, r) => sendJson(r, 200, result('SUCCEEDED')),
      }),
    );
    const { navigate, user } = renderCardPage();
    await screen.findByText('Monthly (30 days)');
    await fillCard(user, '4000002760003184');
    await user.click(screen.getByRole('button', { name: 'Pay $7.99' }));

    const heading = await screen.findByRole('heading', { name: 'Confirm this payment' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('region', { name: 'Confirm this payment' })).toHaveTextContent(
      'Your bank asks you to confirm a payment of $7.99 to Crease.',
    );
    expect(navigate).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Confirm payment' }));

    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/payment-process?checkout=co-1&expect=paid'),
    );
    expect(jsonOf(callsTo(server.requests, 'POST', CONFIRM_PATH)[0])).toEqual({ approve: true });
  });

  it('says when the page has expired, and charges nothing', async () => {
    server.handle(
      billingApi({
        'GET /api/v1/sandbox-provider/sessions/cs_test_session1': (_q, r) =>
          sendJson(r, 200, sandboxSession({ status: 'EXPIRED' })),
      }),
    );
    renderCardPage();

    expect(await screen.findByText('This payment page has expired')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Card number' })).not.toBeInTheDocument();
  });

  it('shows the error state with Retry when the page cannot load', async () => {
    server.handle(
      billingApi({
        'GET /api/v1/sandbox-provider/sessions/cs_test_session1': (_q, r) =>
          sendJson(r, 404, problem('SESSION_NOT_FOUND', 'There is no such payment session.')),
      }),
    );
    renderCardPage();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('There is no such payment session.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});

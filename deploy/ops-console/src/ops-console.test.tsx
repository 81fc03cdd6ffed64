/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
/**
 * The staff console against the real API (issue 33 §6): sign-in with the second factor, each
 * role's own screens, the admin's staff list and once-shown secrets, the audit log, and the
 * designed error and empty states. The server checks every call again (support-api.test.ts).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { OpsConsole } from './ops-console';
import { makeStaff, signIn, startOpsApi, stopOpsApi } from './testing/ops-fixture';
import type { OpsApi } from './testing/ops-fixture';

let ops: OpsApi;
beforeAll(async () => {
  ops = await startOpsApi();
}, 60_000);
afterAll(() => stopOpsApi(ops));
afterEach(() => sessionStorage.clear());

describe('staff console', () => {
  it('refuses a wrong second factor with the API’s error, then signs in with a recovery code', async () => {
    const user = userEvent.setup();
    render(<OpsConsole apiOrigin={ops.api.origin} />);
    await user.type(screen.getByLabelText('Email'), ops.admin.email);
    await user.type(screen.getByLabelText('Password'), 'staff-password-0123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // No code: the form says what is missing before anything is sent.
    expect(await screen.findByRole('alert')).toHaveTextContent('the 6-digit code');
    await user.type(screen.getByLabelText('Authenticator code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('INVALID_CREDENTIALS');
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), ops.admin.codes.shift()!);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Staff',
      'Business',
      'Plans',
      'Coupons',
      'Support',
      'Channels',
      'Schedule',
      'Live',
      'Scoring',
      'Audit log',
    ]);
    expect(await screen.findByRole('cell', { name: ops.admin.email })).toBeInTheDocument();
  });

  it('lets an admin create a support member and shows the TOTP secret and recovery codes once', async () => {
    const user = await signIn(ops.api.origin, ops.admin);
    await screen.findByRole('heading', { name: 'Create staff member' });
    await user.type(screen.getByLabelText('Their email'), 'new-agent@example.com');
    await user.type(screen.getByLabelText('First password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create staff member' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('at least 12 characters');
    await user.clear(screen.getByLabelText('First password'));
    await user.type(screen.getByLabelText('First password'), 'first-password-123');
    await user.click(screen.getByRole('radio', { name: /^Support:/ }));
    await user.click(screen.getByRole('button', { name: 'Create staff member' }));
    expect(
      await screen.findByText(/new-agent@example\.com can sign in as support/),
    ).toBeInTheDocument();
    expect(screen.getByTestId('totp-secret').textContent).toMatch(/^[A-Z2-7]{16,}$/);
    expect(
      within(screen.getByRole('list', { name: 'Recovery codes' })).getAllByRole('listitem'),
    ).toHaveLength(10);
    expect(await screen.findByRole('cell', { name: 'new-agent@example.com' })).toBeInTheDocument();
    // Gone once handed over: the console never shows them again.
    await user.click(screen.getByRole('button', { name: 'I have handed these over' }));
    expect(screen.queryByTestId('totp-secret')).toBeNull();
    // The same email again: the API's refusal, as data.
    await user.type(screen.getByLabelText('Their email'), 'new-agent@example.com');
    await user.type(screen.getByLabelText('First password'), 'first-password-123');
    await user.click(screen.getByRole('button', { name: 'Create staff member' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('STAFF_EMAIL_TAKEN');

    await user.click(screen.getByRole('button', { name: 'Audit log' }));
    const row = (await screen.findAllByRole('row')).find((r) =>
      r.textContent?.includes('staff.create'),
    );
    expect(row).toHaveTextContent(ops.admin.email);
    expect(row).toHaveTextContent('new-agent@example.com');
  });

  it('shows support only its desk: finds the demo viewer and refunds with a reason', async () => {
    const agent = await makeStaff(ops.api.client(), ops.admin, 'support');
    const user = await signIn(ops.api.origin, agent);
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Support']);
    expect(screen.getByText('No viewer open')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Viewer email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Find viewer' }));
    expect(
      await screen.findByText('No viewer has the email nobody@example.com'),
    ).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Viewer email'));
    await user.type(screen.getByLabelText('Viewer email'), 'demo@crease.test');
    await user.click(screen.getByRole('button', { name: 'Find viewer' }));
    const payments = await screen.findByRole('region', { name: 'Scrollable table' });
    await user.click(within(payments).getByRole('button', { name: /^Refund CRS-/ }));
    await user.type(screen.getByLabelText(/^Amount/), '3');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Say why');
    await user.type(screen.getByLabelText('Reason'), 'Stream froze in the final over');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(
      await screen.findByText(/Refund of \$3\.00 asked of the payment provider/),
    ).toBeInTheDocument();
    const [audited] = await ops.host.query<{ actor: string; after: { reason: string } }>(
      "SELECT actor, after FROM staff_audit WHERE action = 'support.refund' ORDER BY id DESC LIMIT 1",
    );
    expect(audited).toMatchObject({
      actor: `staff:${agent.id}`,
      after: { reason: 'Stream froze in the final over' },
    });
  });

  it('lets a producer make a stream key (shown once), rotate it and revoke it', async () => {
    const producer = await makeStaff(ops.api.client(), ops.admin, 'producer');
    const user = await signIn(ops.api.origin, producer);
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Channels', 'Schedule', 'Live']);
    expect(screen.getByText('No channel open')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Channel id'), 'ch-console-1');
    await user.click(screen.getByRole('button', { name: 'Show keys' }));
    expect(await screen.findByText('No keys yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New primary key' }));
    const settings = await screen.findByTestId('encoder-settings');
    expect(settings.textContent).toMatch(/^Server: rtmp:\/\/.+\nStream key: \S{20,}/);
    const streamKey = /Stream key: (\S+)/.exec(settings.textContent ?? '')?.[1] ?? '';
    const list = screen.getByRole('region', { name: 'Stream keys' });
    expect(await within(list).findByText(/^Primary ·/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done, hide the key' }));
    expect(screen.queryByText(streamKey, { exact: false })).toBeNull();

    await user.click(within(list).getByRole('button', { name: 'Rotate' }));
    await user.click(within(list).getByRole('button', { name: 'Rotate: new key, revoke this' }));
    // The new key is shown once; the old one is listed as revoked.
    expect(await screen.findByTestId('encoder-settings')).not.toHaveTextContent(streamKey);
    expect(await within(list).findByText('Revoked')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Revoke' }));
    await user.click(within(list).getByRole('button', { name: 'Revoke now' }));
    await waitFor(() => expect(within(list).getAllByText('Revoked')).toHaveLength(2));
    const audit = await ops.host.query<{ actor: string; action: string }>(
      "SELECT actor, action FROM staff_audit WHERE actor = $1 AND action LIKE 'ingest.%' ORDER BY id",
      [`staff:${producer.id}`],
    );
    expect(audit.map((a) => a.action)).toEqual([
      'ingest.key.create',
      'ingest.key.create',
      'ingest.key.revoke',
      'ingest.key.revoke',
    ]);
  });

  it('gives a scorer only its own screen: the matches to score', async () => {
    const scorer = await makeStaff(ops.api.client(), ops.admin, 'scorer');
    await signIn(ops.api.origin, scorer);
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Scoring']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Scoring' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Matches' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Staff' })).toBeNull();
  });

  it('ends the session on a 401 (the account disabled) with the reason on the sign-in screen', async () => {
    const agent = await makeStaff(ops.api.client(), ops.admin, 'support');
    const user = await signIn(ops.api.origin, agent);
    await screen.findByRole('navigation', { name: 'Console' });
    await ops.api
      .client()
      .postJson(
        `/api/v1/staff/members/${agent.id}/disable`,
        {},
        { bearer: ops.admin.token, xsrf: false },
      );
    await user.type(screen.getByLabelText('Viewer email'), 'demo@crease.test');
    await user.click(screen.getByRole('button', { name: 'Find viewer' }));
    await waitFor(() =>
      expect(
        screen.getByRole('heading', { name: 'Sign in to the staff console' }),
      ).toBeInTheDocument(),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Your session ended');
  });

  it('says so when the API cannot be reached', async () => {
    const user = userEvent.setup();
    render(<OpsConsole apiOrigin="http://127.0.0.1:9" />);
    await user.type(screen.getByLabelText('Email'), 'someone@example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever-password');
    await user.type(screen.getByLabelText('Authenticator code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('API_UNREACHABLE');
  });
});

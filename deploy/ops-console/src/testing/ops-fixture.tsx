import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BILLING_TEST_ENV } from 'api/testing/billing-helpers';
import { STAFF_PASSWORD, makeStaff, seedAdmin } from 'api/testing/staff-helpers';
import type { StaffLogin } from 'api/testing/staff-helpers';
import { ApiHost } from 'api/testing/test-api';
import type { RunningApi } from 'api/testing/test-api';
import { OpsConsole } from '../ops-console';

/** The console's tests: the real API (PGlite, seeded: the demo viewer has a paid plan). */
export interface OpsApi {
  host: ApiHost;
  api: RunningApi;
  admin: StaffLogin;
}

export async function startOpsApi(): Promise<OpsApi> {
  const host = await ApiHost.launch(null);
  const api = await host.start(BILLING_TEST_ENV);
  const admin = await seedAdmin(host, api.client());
  return { host, api, admin };
}

export async function stopOpsApi(ops: OpsApi | undefined) {
  await ops?.api.close();
  await ops?.host.close();
}

export { makeStaff, STAFF_PASSWORD };

/** Renders the console and signs in with the account's next unused recovery code. */
export async function signIn(origin: string, login: StaffLogin) {
  const user = userEvent.setup();
  render(<OpsConsole apiOrigin={origin} />);
  await user.type(screen.getByLabelText('Email'), login.email);
  await user.type(screen.getByLabelText('Password'), STAFF_PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
  await user.type(screen.getByLabelText('Recovery code'), login.codes.shift() ?? '');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

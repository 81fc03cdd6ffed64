/** A viewer registered and signed in through the API, for the accounts suites. */
import { uniqueEmail } from './test-api';
import type { ApiClient } from './test-api';

export const PASSWORD = 'correct horse battery';

/** Registers a fresh address and signs it in: its email and the token endpoint's answer. */
export async function newSignedInViewer(client: ApiClient) {
  const email = uniqueEmail();
  expect((await client.register(email, PASSWORD)).status).toBe(201);
  const { body } = await client.signIn(email, PASSWORD);
  return { email, ...body };
}

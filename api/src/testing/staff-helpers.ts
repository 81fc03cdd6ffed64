/**
 * Staff accounts for API tests (issue 33): a first admin written straight into the database (as
 * the CLI would make it), staff members made through the API by that admin, and sign-in with a
 * one-time recovery code, so no test depends on the time of day a TOTP code is computed at.
 */
import crypto from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { StaffCreated, StaffRole, StaffSession } from '@crease/contract';
import type { ApiClient, ApiHost, CallOptions } from './test-api';
import { uniqueEmail } from './test-api';

export const STAFF_PASSWORD = 'staff-password-0123';
const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export const staffBearer = (token: string): CallOptions => ({ bearer: token, xsrf: false });

export interface StaffLogin {
  email: string;
  id: string;
  token: string;
  /** The recovery codes not spent yet. */
  codes: string[];
}

export function signInStaff(client: ApiClient, email: string, extra: Record<string, string>) {
  return client.postJson<StaffSession>(
    '/api/v1/staff/sessions',
    { email, password: STAFF_PASSWORD, ...extra },
    { xsrf: false },
  );
}

async function signInWithCode(client: ApiClient, email: string, codes: string[]) {
  const code = codes.shift();
  if (!code) throw new Error('no recovery code left');
  const session = await signInStaff(client, email, { recoveryCode: code });
  if (session.status !== 200) throw new Error(`staff sign-in: ${session.status} ${session.text}`);
  return session.body;
}

/** An admin inserted as the CLI would make it, signed in with one of its recovery codes. */
export async function seedAdmin(host: ApiHost, client: ApiClient): Promise<StaffLogin> {
  const id = crypto.randomUUID();
  const email = uniqueEmail('admin');
  const secret = Array.from(crypto.randomBytes(32), (b) => B32[b % 32]).join('');
  const codes = ['admincode01', 'admincode02', 'admincode03'].map((c) => `${c}${id.slice(0, 6)}`);
  await host.query(
    `INSERT INTO staff_accounts (id, email, password_hash, role, totp_secret, created_at)
     VALUES ($1, $2, $3, 'admin', $4, now())`,
    [id, email, await hash(STAFF_PASSWORD, { algorithm: 2 }), secret],
  );
  for (const code of codes)
    await host.query('INSERT INTO staff_recovery_codes (staff_id, code_hash) VALUES ($1, $2)', [
      id,
      crypto.createHash('sha256').update(code).digest('hex'),
    ]);
  const session = await signInWithCode(client, email, codes);
  return { email, id, token: session.token, codes };
}

/** A staff member of `role`, made by the admin through the API and signed in. */
export async function makeStaff(
  client: ApiClient,
  admin: StaffLogin,
  role: StaffRole,
): Promise<StaffLogin> {
  const made = await client.postJson<StaffCreated>(
    '/api/v1/staff/members',
    { email: uniqueEmail(role), password: STAFF_PASSWORD, role },
    staffBearer(admin.token),
  );
  if (made.status !== 201) throw new Error(`create staff: ${made.status} ${made.text}`);
  const codes = [...made.body.recoveryCodes];
  const session = await signInWithCode(client, made.body.staff.email, codes);
  return { email: made.body.staff.email, id: made.body.staff.id, token: session.token, codes };
}

/**
 * The first admin (issue 33 §1, decision 433): the development admin `npm start` makes, the
 * admin the CLI makes (`npm run staff:create-admin`), and the rule that production never runs
 * with the development admin active. The development admin is known by its reserved email (a
 * `.localhost` address no real person has), so no column marks it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { StaffCreated } from '@crease/contract';
import type { Db } from '../platform/db/client';
import { botActor, recordAudit, staffActor } from './audit';
import { ApiError } from './errors';
import { createStaff, disableStaff, findStaffByEmail, memberOf } from './staff-accounts';
import type { StaffDeps } from './staff-accounts';
import { staffAccounts } from './tables';

/** The development admin's reserved address (`.localhost` is never a real mailbox, RFC 6761). */
export const DEV_ADMIN_EMAIL = 'dev-admin@crease.localhost';
/** Where `npm start` keeps the development admin's credentials, under CREASE_DATA_DIR (0600). */
export const DEV_ADMIN_FILE = 'staff-dev-admin.txt';
/** The audit actor of the command-line tools (no person is signed in; decision 433). */
export const CLI_ACTOR = botActor('cli');
/** `npm start`'s own actor when it makes the development admin. */
export const START_ACTOR = botActor('npm-start');

/** One first-admin creation at a time across processes (PostgreSQL; PGlite has one anyway). */
const FIRST_ADMIN_LOCK = 7_316_020_433;

/** A strong generated password: 144 random bits, base64url (24 characters). */
export const generatePassword = (): string => crypto.randomBytes(18).toString('base64url');

/** The fix production's refusal names (decision 433). */
export const DEV_ADMIN_FIX =
  'create a real admin with `npm run staff:create-admin -- --email <you@example.com>` and ' +
  'disable this one with `npm run staff:create-admin -- --disable-dev-admin`';

/** Whether the development admin exists and is not disabled. */
export async function devAdminActive(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: staffAccounts.id })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.email, DEV_ADMIN_EMAIL), isNull(staffAccounts.disabledAt)));
  return rows.length > 0;
}

/** The problem production reports when the development admin is active, or null. */
export async function devAdminProblem(db: Db): Promise<string | null> {
  if (!(await devAdminActive(db))) return null;
  return (
    `the development admin ${DEV_ADMIN_EMAIL} (made by \`npm start\`) is active in this ` +
    `database, and production refuses to run with a default admin: ${DEV_ADMIN_FIX}`
  );
}

export class AdminExistsError extends Error {
  override readonly name = 'AdminExistsError';
}

/**
 * Creates an admin for the CLI: refused while a real admin (active, not the development one)
 * exists, unless `another`. The check and the insert hold one advisory lock, so two CLIs run at
 * once cannot both make "the first" admin. Audited as the CLI.
 */
export async function createFirstAdmin(
  deps: StaffDeps,
  input: { email: string; password: string; another: boolean },
): Promise<StaffCreated> {
  return deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await db.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_ADMIN_LOCK})`);
    const admins = await db
      .select({ email: staffAccounts.email })
      .from(staffAccounts)
      .where(
        and(
          eq(staffAccounts.role, 'admin'),
          isNull(staffAccounts.disabledAt),
          ne(staffAccounts.email, DEV_ADMIN_EMAIL),
        ),
      );
    if (admins.length > 0 && !input.another)
      throw new AdminExistsError(
        `An admin exists already (${admins.map((a) => a.email).join(', ')}). ` +
          'Run again with --another to add one more.',
      );
    const created = await createStaff({ ...deps, db }, { ...input, role: 'admin' });
    await recordAudit(db, deps.clock, {
      actor: CLI_ACTOR,
      action: 'staff.create',
      subject: `staff:${created.staff.id}`,
      before: null,
      after: created.staff,
    });
    return created;
  });
}

/** Disables the development admin (and its sessions), audited as the CLI; false if none. */
export async function disableDevAdmin(deps: Omit<StaffDeps, 'hasher'>): Promise<boolean> {
  const row = await findStaffByEmail(deps.db, DEV_ADMIN_EMAIL);
  if (!row || row.disabledAt !== null) return false;
  const after = memberOf(await disableStaff(deps.db, deps.clock, row.id));
  await recordAudit(deps.db, deps.clock, {
    actor: CLI_ACTOR,
    action: 'staff.disable',
    subject: staffActor(row.id),
    before: memberOf(row),
    after,
  });
  return true;
}

/** The credentials as the file and the CLI show them (the password only where given). */
export function credentialsText(created: StaffCreated, password?: string): string {
  return [
    `email: ${created.staff.email}`,
    ...(password === undefined ? [] : [`password: ${password}`]),
    `totp secret (base32): ${created.totpSecret}`,
    `totp uri: ${created.otpauthUrl}`,
    'recovery codes (each works once):',
    ...created.recoveryCodes.map((code) => `  ${code}`),
    '',
  ].join('\n');
}

export interface DevAdmin {
  email: string;
  /** Where the credentials are (mode 0600). */
  file: string;
  /** True when this start made it; false when it was there already (nothing rotated). */
  created: boolean;
  /** False when the account exists but its file was removed (then the password is lost). */
  fileFound: boolean;
}

/**
 * `npm start` (never production): the development admin, made once with a generated password,
 * TOTP and recovery codes written to `<dataDir>/staff-dev-admin.txt` (0600). A later start finds
 * the account and changes nothing, so the file stays right.
 */
export async function ensureDevAdmin(deps: StaffDeps, dataDir: string): Promise<DevAdmin> {
  const file = path.join(dataDir, DEV_ADMIN_FILE);
  const existing = await findStaffByEmail(deps.db, DEV_ADMIN_EMAIL);
  if (existing)
    return { email: DEV_ADMIN_EMAIL, file, created: false, fileFound: fs.existsSync(file) };
  const password = generatePassword();
  let created: StaffCreated;
  try {
    created = await createStaff(deps, { email: DEV_ADMIN_EMAIL, password, role: 'admin' });
  } catch (error) {
    // Another process made it between the read and the insert: theirs stands.
    if (error instanceof ApiError && error.code === 'STAFF_EMAIL_TAKEN')
      return { email: DEV_ADMIN_EMAIL, file, created: false, fileFound: fs.existsSync(file) };
    throw error;
  }
  await recordAudit(deps.db, deps.clock, {
    actor: START_ACTOR,
    action: 'staff.create',
    subject: staffActor(created.staff.id),
    before: null,
    after: created.staff,
  });
  fs.mkdirSync(dataDir, { recursive: true });
  const header = '# The development admin made by `npm start` (never valid in production).\n';
  fs.writeFileSync(file, header + credentialsText(created, password), { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return { email: DEV_ADMIN_EMAIL, file, created: true, fileFound: true };
}

/** The start-up line: where the credentials are, never the password itself. */
export function devAdminNote(admin: DevAdmin): string {
  return admin.fileFound
    ? `Staff admin (development): ${admin.email}; password, TOTP secret and recovery codes in ${admin.file}`
    : `Staff admin (development): ${admin.email} exists, but ${admin.file} is gone and its ` +
        'password is kept nowhere else: make another admin with `npm run staff:create-admin -- --email <address>`';
}

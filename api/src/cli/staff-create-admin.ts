/**
 * `npm run staff:create-admin -- --email <address> [--another] [--password-stdin]`: the first
 * admin of a new installation (issue 33 §1, decision 433), on the configured database
 * (DATABASE_URL, or the PGlite folder under CREASE_DATA_DIR; the API must not be running on
 * that folder). A password is generated unless one line is piped in with --password-stdin; TOTP
 * is enrolled and the otpauth URI and recovery codes are printed once. Audited as `bot:cli`.
 *
 * `npm run staff:create-admin -- --disable-dev-admin` disables the development admin that
 * `npm start` made, which production refuses to run with (alone or with --email).
 *
 * Exit codes: 0 done; 1 failed (configuration, database); 2 bad input; 3 an admin exists already.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PasswordHasher } from '../accounts/passwords';
import { systemClock } from '../platform/clock';
import { ConfigError, loadApiConfig } from '../platform/config';
import { openDatabase } from '../platform/db/client';
import {
  AdminExistsError,
  DEV_ADMIN_EMAIL,
  createFirstAdmin,
  credentialsText,
  disableDevAdmin,
  generatePassword,
} from '../staff';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const USAGE =
  'Usage: npm run staff:create-admin -- --email <address> [--another] [--password-stdin]\n' +
  '       npm run staff:create-admin -- --disable-dev-admin [--email <address> …]';
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const MIN_PASSWORD = 12;

class UsageError extends Error {}

function parse() {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        email: { type: 'string' },
        another: { type: 'boolean', default: false },
        'password-stdin': { type: 'boolean', default: false },
        'disable-dev-admin': { type: 'boolean', default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const email = parsed.email?.trim().toLowerCase();
  const disable = parsed['disable-dev-admin'];
  if (email === undefined && !disable) throw new UsageError('--email is required.');
  if (email !== undefined && (!EMAIL.test(email) || email.length > 254))
    throw new UsageError(`--email "${parsed.email}" is not an email address.`);
  if (email === DEV_ADMIN_EMAIL)
    throw new UsageError(`${DEV_ADMIN_EMAIL} is reserved for the development admin.`);
  return { email, another: parsed.another, passwordStdin: parsed['password-stdin'], disable };
}

/** One line from stdin (the password, never echoed or printed). */
async function readPassword(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  const password = text.replace(/\r?\n$/, '');
  if (password.length < MIN_PASSWORD || password.length > 256 || password.includes('\n'))
    throw new UsageError(
      `The password on stdin must be one line of ${MIN_PASSWORD} to 256 characters.`,
    );
  return password;
}

async function main(): Promise<number> {
  const args = parse();
  const password = args.passwordStdin ? await readPassword() : null;
  const config = loadApiConfig(process.env, repoRoot);
  const database = await openDatabase(config);
  const deps = { db: database.db, clock: systemClock, hasher: new PasswordHasher(config.argon2) };
  try {
    if (args.email !== undefined) {
      // A generated password is printed (once, here); a piped-in one never is.
      const generated = password === null ? generatePassword() : undefined;
      const created = await createFirstAdmin(deps, {
        email: args.email,
        password: password ?? (generated as string),
        another: args.another,
      }).catch((error: unknown) => {
        if (error instanceof Error && 'code' in error && error.code === 'STAFF_EMAIL_TAKEN')
          throw new AdminExistsError(`A staff account with ${args.email} exists already.`);
        throw error;
      });
      console.info(`Created admin ${created.staff.email} (${created.staff.id}).`);
      console.info('Shown once: add the TOTP secret to an authenticator, keep the codes safe.');
      process.stdout.write(credentialsText(created, generated));
    }
    if (args.disable)
      console.info(
        (await disableDevAdmin(deps))
          ? `Disabled the development admin ${DEV_ADMIN_EMAIL} and its sessions.`
          : `No active development admin (${DEV_ADMIN_EMAIL}) in this database.`,
      );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${USAGE}`);
      process.exit(2);
    }
    if (error instanceof AdminExistsError) {
      console.error(error.message);
      process.exit(3);
    }
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);

/**
 * The surge's audience, written straight into the database (setup is not measured): viewers who
 * signed in on this browser some days ago, as most of a final's audience did, so each holds a
 * live refresh token and a registered device, and a plan (the Monthly plan, or the free trial
 * for `trialShare` of them). This is the bench-only path: no sign-in happens, so no sign-in
 * limit or bot check is met, and none is lowered. The rows are the ones the API itself writes
 * (refresh tokens stored as their SHA-256, decision 013); their password hash is not a valid
 * argon2 hash, so no one can sign in to these accounts with a password.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { queryDatabase } from 'api/testing/postgres-cluster';

export interface SeededViewer {
  index: number;
  email: string;
  vidictId: string;
  /** The refresh token the browser holds (rotated by every refresh grant). */
  refreshToken: string;
  trial: boolean;
}

const DAY_MS = 86_400_000;
/** Rows per INSERT: a few round trips for thousands of viewers. */
const CHUNK = 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function seedViewers(
  databaseUrl: string,
  count: number,
  trialShare: number,
): Promise<SeededViewer[]> {
  const plans = await queryDatabase<{ id: string }>(
    databaseUrl,
    `SELECT id FROM plans WHERE id IN ('monthly', 'trial')`,
  );
  if (plans.length !== 2) throw new Error('the API seeded no Monthly and trial plans');
  const run = randomBytes(3).toString('hex');
  const trialEvery = trialShare > 0 ? 1 / trialShare : Infinity;
  const viewers: SeededViewer[] = Array.from({ length: count }, (_, index) => ({
    index,
    email: `surge-${run}-${index}@example.com`,
    vidictId: `surge-${run}-${index}-web`,
    refreshToken: randomBytes(32).toString('base64url'),
    // Spread evenly: every (1/trialShare)-th viewer is on the trial.
    trial: Math.floor((index + 1) / trialEvery) > Math.floor(index / trialEvery),
  }));
  const now = Date.now();
  const at = (offsetMs: number) => new Date(now + offsetMs).toISOString();
  for (let start = 0; start < count; start += CHUNK) {
    const chunk = viewers.slice(start, start + CHUNK);
    const ids = chunk.map(() => randomUUID());
    const families = chunk.map(() => randomUUID());
    await queryDatabase(
      databaseUrl,
      `WITH v AS (
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[], $5::text[], $6::bool[])
           AS v(id, email, vidict_id, family_id, token_hash, trial)
       ), u AS (
         INSERT INTO users (id, email, password_hash, first_name, last_name)
         SELECT id, email, 'surge-bench: no password', 'Surge', 'Viewer' FROM v
       ), s AS (
         INSERT INTO subscriptions (user_id, state, plan_id, period_start, period_end, renewing,
           payment_system, period_price_cents, next_renewal_at, created_at, updated_at)
         SELECT id, CASE WHEN trial THEN 'TRIAL' ELSE 'ACTIVE' END,
           CASE WHEN trial THEN 'trial' ELSE 'monthly' END,
           $7::timestamptz, CASE WHEN trial THEN $9::timestamptz ELSE $8::timestamptz END,
           NOT trial, CASE WHEN trial THEN NULL ELSE 'SANDBOX' END,
           CASE WHEN trial THEN NULL ELSE 999 END,
           CASE WHEN trial THEN NULL ELSE $8::timestamptz END, $7::timestamptz, $7::timestamptz
         FROM v
       ), d AS (
         INSERT INTO devices (user_id, vidict_id, device_os, device_type, app_version, user_agent,
           registered_at, last_seen_at)
         SELECT id, vidict_id, 'LINUX', 'CHROME', '1.0.0', 'surge-bench', $7::timestamptz, $7::timestamptz
         FROM v
       ), f AS (
         INSERT INTO refresh_families (id, user_id, created_at, expires_at, vidict_id)
         SELECT family_id, id, $7::timestamptz, $10::timestamptz, vidict_id FROM v
       )
       INSERT INTO refresh_tokens (id, family_id, token_hash, created_at, expires_at)
       SELECT gen_random_uuid(), family_id, token_hash, $7::timestamptz, $11::timestamptz FROM v`,
      [
        ids,
        chunk.map((v) => v.email),
        chunk.map((v) => v.vidictId),
        families,
        chunk.map((v) => hashToken(v.refreshToken)),
        chunk.map((v) => v.trial),
        at(-2 * DAY_MS), // signed in and subscribed two days ago
        at(28 * DAY_MS), // the Monthly period's end
        at(5 * DAY_MS), // the trial's end
        at(58 * DAY_MS), // the sign-in's absolute end
        at(12 * DAY_MS), // the refresh token's idle end
      ],
    );
  }
  return viewers;
}

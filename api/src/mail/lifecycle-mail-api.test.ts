/** @jest-environment node */
/**
 * Lifecycle mail over real HTTP, on PGlite and PostgreSQL (issue 22 §4, decisions 290-291): each
 * trigger queues its message, the job renders it (HTML and text) into the outbox, marketing mail
 * honours emailSubscribe, and every message is sent once, even with two replicas passing at
 * once, a replica that died mid-send, and a restart. Billing events are recorded the way
 * billing records them (recordBillingEvent), since the ledger's producers are another change.
 */
import { randomUUID } from 'node:crypto';
import { BILLING_TEST_ENV, PASSWORD, buyPlan, registerDevice } from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { verifiedViewer, verifyEmail } from '../testing/mailbox';
import { describeEachDatabase, uniqueEmail } from '../testing/test-api';
import type { ApiHost, RunningApi } from '../testing/test-api';

// Renewals are not charged by themselves here: the tests move clocks by days.
const ENV = { ...BILLING_TEST_ENV, CREASE_RENEWAL_INTERVAL_MS: '0' };
const DAY_SECONDS = 86_400;

interface OutboxRow {
  subject: string;
  html: string;
  text: string;
  links: string[];
}

const INVOICE = {
  invoiceNumber: 'CR-2026-000042',
  issuedAt: '2026-11-24T10:00:00.000Z',
  seller: { name: 'Crease Media Ltd', address: '1 Pitch Lane, Leeds', taxId: 'GB123456789' },
  planName: 'Monthly',
  currency: 'USD',
  netMinor: 833,
  taxMinor: 166,
  grossMinor: 999,
  taxRatePercent: 20,
  region: 'GB',
  cardBrand: 'Visa',
  cardLast4: '4242',
};

describeEachDatabase('lifecycle mail', (host: () => ApiHost) => {
  let api: RunningApi;

  beforeAll(async () => {
    api = await host().start(ENV);
  });
  afterAll(async () => {
    await api?.close();
  });

  const outbox = (to: string) =>
    host().query<OutboxRow>(
      // The verification link (sent at once, not lifecycle mail) is left out: decision 405.
      `SELECT subject, html, text, links FROM mail_outbox
        WHERE "to" = $1 AND subject <> 'Confirm your email for Crease' ORDER BY sent_at`,
      [to],
    );
  const queued = (userId: string) =>
    host().query<{ kind: string; skipped_reason: string | null; sent_at: string | null }>(
      'SELECT kind, skipped_reason, sent_at FROM lifecycle_mail WHERE user_id = $1 ORDER BY id',
      [userId],
    );
  const register = async (emailSubscribe: boolean) => {
    const client = api.client();
    const email = uniqueEmail('mail');
    const res = await client.postJson(
      '/api/v1/auth/register',
      { email, password: PASSWORD, emailSubscribe },
      { botCheck: 'register' },
    );
    expect(res.status).toBe(201);
    // Lifecycle mail goes only to a proved address (decision 405): these viewers prove theirs.
    await verifyEmail(client, email);
    return { email, userId: String(res.body.userId), client };
  };
  const record = (userId: string, type: string, payload: Record<string, unknown>) =>
    host().recordBillingEvent({ userId, type, dedupeKey: randomUUID(), payload, at: new Date() });

  describe('welcome (marketing)', () => {
    it('goes to a viewer who said yes to news, rendered as HTML and text', async () => {
      const { email } = await register(true);
      expect(await outbox(email)).toEqual([]);

      const pass = await api.lifecycleMailPass();

      expect(pass.sent).toBeGreaterThanOrEqual(1);
      const [welcome, ...more] = await outbox(email);
      expect(more).toEqual([]);
      expect(welcome?.subject).toBe('Welcome to Crease');
      expect(welcome?.html).toMatch(/^<!DOCTYPE html/);
      expect(welcome?.html).toContain('<h1');
      expect(welcome?.text).toContain('Welcome to Crease');
      expect(welcome?.text).not.toContain('<');
      expect(welcome?.links).toContain(`${api.siteOrigins[0]}/plans`);
      expect(welcome?.text).toContain('Your first payment is 20% off with the code WELCOME20'); // 393
    });

    it('names no code when the welcome coupon is off sale at sending', async () => {
      const { email } = await register(true);
      const ends = (at: string) =>
        host().query(`UPDATE coupons SET valid_until = ${at} WHERE code = 'WELCOME20'`);
      await ends('valid_from');
      await api.lifecycleMailPass().finally(() => ends('NULL'));
      const [welcome] = await outbox(email);
      expect(welcome?.subject).toBe('Welcome to Crease');
      expect(welcome?.text).not.toContain('WELCOME20');
    });

    it('is skipped for good for a viewer who said no', async () => {
      const { email, userId } = await register(false);
      await api.lifecycleMailPass();
      expect(await outbox(email)).toEqual([]);
      expect(await queued(userId)).toEqual([
        expect.objectContaining({ kind: 'welcome', skipped_reason: 'unsubscribed', sent_at: null }),
      ]);
    });
  });

  describe('account security (transactional, whatever emailSubscribe says)', () => {
    it('a password change sends "your password was changed" once', async () => {
      const { email, client } = await register(false);
      const token = (await client.signIn(email, PASSWORD)).body.access_token;
      const changed = await client.postJson(
        '/api/v1/auth/change-password',
        { oldPassword: PASSWORD, newPassword: 'another fine password' },
        { bearer: token },
      );
      expect(changed.status).toBe(200);

      await api.lifecycleMailPass();
      await api.lifecycleMailPass();

      const mail = await outbox(email);
      expect(mail.map((m) => m.subject)).toEqual(['Your Crease password was changed']);
      expect(mail[0]?.text).toContain('Every other device was signed out.');
      expect(mail[0]?.links).toContain(`${api.siteOrigins[0]}/reset-password`);
    });

    it('a sign-in on a new device is announced once per device; the first device is not', async () => {
      const viewer = await verifiedViewer(api, 'device-mail');
      await registerDevice(viewer, 'first-laptop-0001');
      await api.lifecycleMailPass();
      expect(await outbox(viewer.email)).toEqual([]);

      await registerDevice(viewer, 'new-phone-00002');
      await registerDevice(viewer, 'new-phone-00002');
      await api.lifecycleMailPass();
      // Signed out and back in on the same phone: a device it has used before.
      const out = await viewer.client.request(
        'DELETE',
        '/api/v1/devices/new-phone-00002',
        undefined,
        undefined,
        { bearer: viewer.bearer },
      );
      expect(out.status).toBe(204);
      const again = await viewer.client.signIn(viewer.email, PASSWORD);
      await registerDevice({ ...viewer, bearer: again.body.access_token }, 'new-phone-00002');
      await api.lifecycleMailPass();

      const mail = await outbox(viewer.email);
      expect(mail.map((m) => m.subject)).toEqual(['New sign-in to your Crease account']);
      // Our own reading of the User-Agent (decision 407), never the header itself.
      expect(mail[0]?.text).toMatch(/Device\s+Chrome on Linux/);
      expect(mail[0]?.text).not.toContain('Mozilla');
    });
  });

  describe('billing events', () => {
    it('invoice.issued sends the receipt with its invoice number, seller and tax lines', async () => {
      const viewer = await verifiedViewer(api, 'receipt');
      await record(viewer.userId, 'invoice.issued', INVOICE);
      // A renewal's own event carries no mail: its invoice does (one receipt per charge).
      await record(viewer.userId, 'renewal.succeeded', { planId: 'monthly' });

      const pass = await api.lifecycleMailPass();

      expect(pass.billingEvents).toBeGreaterThanOrEqual(2);
      const mail = await outbox(viewer.email);
      expect(mail.map((m) => m.subject)).toEqual(['Your Crease receipt CR-2026-000042']);
      const { text, html } = mail[0]!;
      expect(text).toMatch(/Invoice number\s+CR-2026-000042/);
      expect(text).toMatch(/Net\s+US\$8\.33/);
      expect(text).toMatch(/Tax 20% \(United Kingdom\)\s+US\$1\.66/);
      expect(text).toMatch(/Total paid\s+US\$9\.99/);
      expect(text).toContain('Visa ending 4242');
      expect(text).toContain('Crease Media Ltd, 1 Pitch Lane, Leeds. Tax number GB123456789');
      expect(html).toContain('CR-2026-000042');
      const unhandled = await host().query(
        'SELECT id FROM billing_events WHERE user_id = $1 AND handled_at IS NULL',
        [viewer.userId],
      );
      expect(unhandled).toEqual([]);
    });

    it('renewal.failed links to the account to update the card; plan.ended says why', async () => {
      const viewer = await verifiedViewer(api, 'dunning');
      await record(viewer.userId, 'renewal.failed', {
        planId: 'monthly',
        failureCode: 'CARD_DECLINED',
        failures: 1,
        nextRenewalAt: '2026-12-02T00:00:00.000Z',
      });
      await record(viewer.userId, 'plan.ended', { planId: 'monthly', reason: 'RENEWAL_FAILED' });

      await api.lifecycleMailPass();

      const mail = await outbox(viewer.email);
      expect(mail.map((m) => m.subject).sort()).toEqual([
        'We could not renew your Monthly plan',
        'Your Monthly plan has ended',
      ]);
      const failed = mail.find((m) => m.subject.startsWith('We could not renew'));
      const ended = mail.find((m) => m.subject.endsWith('has ended'));
      expect(failed?.text).toContain('We will try your card again on 2 December 2026.');
      expect(failed?.text).toContain(`Update your card ${api.siteOrigins[0]}/account`);
      expect(ended?.text).toContain('Your card was declined on every renewal try');
    });

    it('account.deleted says goodbye to the address in the event, then forgets it', async () => {
      const viewer = await verifiedViewer(api, 'goodbye');
      await record(viewer.userId, 'account.deleted', {
        email: viewer.email,
        displayName: 'Pat Viewer',
      });

      await api.lifecycleMailPass();

      const mail = await outbox(viewer.email);
      expect(mail.map((m) => m.subject)).toEqual(['Your Crease account has been deleted']);
      expect(mail[0]?.text).toContain('Goodbye, Pat Viewer.');
      const events = await host().query<{ payload: unknown }>(
        "SELECT payload FROM billing_events WHERE user_id = $1 AND type = 'account.deleted'",
        [viewer.userId],
      );
      expect(events).toEqual([{ payload: {} }]);
      const rows = await host().query<{ to: string; payload: unknown }>(
        `SELECT "to", payload FROM lifecycle_mail WHERE user_id = $1 AND kind = 'account-deleted'`,
        [viewer.userId],
      );
      expect(rows).toEqual([{ to: '', payload: {} }]);
      // Its other mail keeps no address either, and what still waited (its welcome) is not sent.
      const earlier = await host().query<{ kind: string; to: string; skipped_reason: string }>(
        `SELECT kind, "to", skipped_reason FROM lifecycle_mail
         WHERE user_id = $1 AND kind <> 'account-deleted'`,
        [viewer.userId],
      );
      expect(earlier).toEqual([{ kind: 'welcome', to: '', skipped_reason: 'account-deleted' }]);
    });
  });

  describe('once', () => {
    it('two replicas passing at once send each message once; a restarted one sends nothing more', async () => {
      const viewers = await Promise.all([1, 2, 3].map(() => register(true)));
      for (const { userId } of viewers) await record(userId, 'invoice.issued', INVOICE);
      const eachGotOneOfEach = async () => {
        for (const { email } of viewers)
          expect((await outbox(email)).map((m) => m.subject).sort()).toEqual([
            'Welcome to Crease',
            'Your Crease receipt CR-2026-000042',
          ]);
      };
      const second = await host().start(ENV);
      try {
        const passes = await Promise.all([api.lifecycleMailPass(), second.lifecycleMailPass()]);
        expect(passes.reduce((sum, p) => sum + p.failed, 0)).toBe(0);
        await eachGotOneOfEach();
      } finally {
        await second.close();
      }

      const restarted = await host().start(ENV);
      try {
        const pass = await restarted.lifecycleMailPass();
        expect(pass).toMatchObject({ billingEvents: 0, sent: 0 });
      } finally {
        await restarted.close();
      }
      await eachGotOneOfEach();
    });

    it('a row a dead replica claimed waits for its lease to end, then is sent once', async () => {
      const { email, userId } = await register(true);
      // A replica took the welcome and died before sending it.
      await host().query(
        `UPDATE lifecycle_mail SET claimed_until = now() + interval '120 seconds', attempts = 1
         WHERE user_id = $1 AND kind = 'welcome'`,
        [userId],
      );
      const other = await host().start(ENV);
      try {
        await other.lifecycleMailPass();
        expect(await outbox(email)).toEqual([]);

        await other.advanceClock(121);
        await other.lifecycleMailPass();
        await other.lifecycleMailPass();
        expect((await outbox(email)).map((m) => m.subject)).toEqual(['Welcome to Crease']);
      } finally {
        await other.close();
      }
    });

    it('a send that fails is tried again on a later pass, and given up after 5 tries', async () => {
      // A replica whose SMTP server is down (nothing listens there): every send fails.
      const broken = await host().start({ ...ENV, SMTP_URL: 'smtp://127.0.0.1:4929' });
      try {
        const retried = await register(true);
        const failedPass = await broken.lifecycleMailPass();
        expect(failedPass).toMatchObject({ sent: 0, failed: 1 });
        expect(await queued(retried.userId)).toEqual([
          expect.objectContaining({ kind: 'welcome', skipped_reason: null, sent_at: null }),
        ]);
        // A healthy replica's next pass sends it, once.
        await api.lifecycleMailPass();
        expect((await outbox(retried.email)).map((m) => m.subject)).toEqual(['Welcome to Crease']);

        const lost = await register(true);
        for (let attempt = 1; attempt <= 5; attempt += 1) await broken.lifecycleMailPass();
        expect(await queued(lost.userId)).toEqual([
          expect.objectContaining({ kind: 'welcome', skipped_reason: 'failed', sent_at: null }),
        ]);
        await api.lifecycleMailPass();
        expect(await outbox(lost.email)).toEqual([]);
      } finally {
        await broken.close();
      }
    });
  });

  it('housekeeping deletes mail sent over 400 days ago, but never a device the account used', async () => {
    const { userId } = await register(true);
    // (The harness binds placeholders in the order they appear.)
    const insert = (kind: string, key: string, age: string) =>
      host().query(
        `INSERT INTO lifecycle_mail (user_id, kind, dedupe_key, "to", payload, created_at, sent_at)
         VALUES ($1, '${kind}', $2, 'old@example.com', '{}'::jsonb,
           now() - interval '${age}', now() - interval '${age}')`,
        [userId, key],
      );
    await insert('receipt', `old-${userId}`, '401 days');
    await insert('receipt', `recent-${userId}`, '399 days');
    await insert('new-device', `${userId}:old-phone-0001`, '900 days');
    const left = () =>
      host().query<{ dedupe_key: string }>(
        `SELECT dedupe_key FROM lifecycle_mail WHERE user_id = $1 AND kind <> 'welcome'
         ORDER BY dedupe_key`,
        [userId],
      );
    const cleaner = await host().start(ENV);
    try {
      // One pass on the cleaner's clock, which follows the machine's (as the rows' now() does).
      await cleaner.housekeepingPass();
      expect((await left()).map((row) => row.dedupe_key)).toEqual([
        `${userId}:old-phone-0001`,
        `recent-${userId}`,
      ]);
    } finally {
      await cleaner.close();
    }
  });

  describe('renewal coming up', () => {
    it('an annual plan gets one notice 7 days before it renews; a monthly one gets none', async () => {
      const clockApi = await host().start(ENV);
      try {
        const annual: Viewer = await verifiedViewer(clockApi, 'annual');
        const monthly: Viewer = await verifiedViewer(clockApi, 'monthly');
        await buyPlan(annual, 'annual');
        await buyPlan(monthly, 'monthly');

        const notices = async (viewer: Viewer) =>
          (await outbox(viewer.email)).filter((m) => /renews on/.test(m.subject));

        // Six days before the monthly plan renews: monthly plans get no notice.
        await clockApi.advanceClock(24 * DAY_SECONDS);
        await clockApi.lifecycleMailPass();
        expect(await notices(monthly)).toEqual([]);
        // Eight days before the annual plan renews (day 357 of 365): not yet.
        await clockApi.advanceClock(333 * DAY_SECONDS);
        await clockApi.lifecycleMailPass();
        expect(await notices(annual)).toEqual([]);
        // Six days before: the notice, once, however many passes run.
        await clockApi.advanceClock(2 * DAY_SECONDS);
        await Promise.all([clockApi.lifecycleMailPass(), clockApi.lifecycleMailPass()]);
        await clockApi.advanceClock(DAY_SECONDS);
        await clockApi.lifecycleMailPass();

        const sent = await notices(annual);
        expect(sent).toHaveLength(1);
        expect(sent[0]?.subject).toMatch(/^Your Annual plan renews on \d+ \w+ \d{4}$/);
        expect(sent[0]?.text).toContain('we will charge US$69.99 to your saved card');
        expect(await notices(monthly)).toEqual([]);
      } finally {
        await clockApi.close();
      }
    });
  });
});

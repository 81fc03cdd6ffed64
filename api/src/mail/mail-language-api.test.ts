/** @jest-environment node */
/**
 * Mail in the recipient's language, over real HTTP on PGlite and PostgreSQL (issue 34 §4,
 * decision 488): a viewer who saved Hindi (PUT /api/v1/auth/ui-language) gets the welcome, the
 * GST receipt and the RBI pre-debit notice in Hindi, subject and body; a viewer who saved English,
 * or nothing, gets English. The language is read when the mail is sent, not when it was queued.
 */
import { randomUUID } from 'node:crypto';
import { ACCOUNT_PATHS } from '@crease/contract';
import { PASSWORD, subscriptionOf } from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { billingApiForSuite } from '../testing/billing-suite';
import { verifiedViewer, verifyEmail } from '../testing/mailbox';
import { describeEachDatabase, uniqueEmail } from '../testing/test-api';
import { indianViewer, subscribeWithUpi } from '../testing/upi-helpers';

interface OutboxRow {
  subject: string;
  html: string;
  text: string;
  links: string[];
}

const DEVANAGARI = /[\u0900-\u097F]/;
const DAY_SECONDS = 86_400;

/** A GST invoice of ₹1,49,999 (an Annual plan in rupees), as billing records it. */
const GST_INVOICE = {
  invoiceNumber: 'CR-IN-2026-000077',
  issuedAt: '2026-11-24T10:00:00.000Z',
  seller: {
    name: 'Crease Media Ltd',
    address: '1 Pitch Lane, Leeds',
    taxId: 'GB123456789',
    gstin: '9926GBR29001OS7',
  },
  planName: 'Annual',
  currency: 'INR',
  netMinor: 12_711_780,
  taxMinor: 2_288_120,
  grossMinor: 14_999_900,
  taxRatePercent: 18,
  region: 'IN',
  cardBrand: 'upi',
  cardLast4: '',
};

const saveLanguage = async (viewer: Viewer, uiLanguage: 'en' | 'hi') => {
  const saved = await viewer.client.request(
    'PUT',
    `/${ACCOUNT_PATHS.uiLanguage}`,
    JSON.stringify({ uiLanguage }),
    'application/json',
    { bearer: viewer.bearer },
  );
  if (saved.status !== 200) throw new Error(`ui-language: ${saved.status} ${saved.text}`);
};

describeEachDatabase('mail in the recipient language', (host) => {
  const suite = billingApiForSuite(host);

  /** Lifecycle mail in the outbox for `to`, oldest first (the verification link left out). */
  const outbox = (to: string) =>
    host().query<OutboxRow>(
      `SELECT subject, html, text, links FROM mail_outbox
        WHERE "to" = $1 AND links::text NOT LIKE '%/verify-email?%' ORDER BY sent_at`,
      [to],
    );

  /** Registers with news (so a welcome is queued), proves the address, signs in. */
  const registerWithNews = async (prefix: string): Promise<Viewer> => {
    const client = suite.api.client();
    const email = uniqueEmail(prefix);
    const res = await client.postJson(
      '/api/v1/auth/register',
      { email, password: PASSWORD, emailSubscribe: true },
      { botCheck: 'register' },
    );
    expect(res.status).toBe(201);
    await verifyEmail(client, email);
    const token = await client.signIn(email, PASSWORD);
    return { email, userId: String(res.body.userId), bearer: token.body.access_token, client };
  };

  it('welcome: Hindi for the viewer who saved Hindi after it was queued, English for the others', async () => {
    const hindi = await registerWithNews('welcome-hi');
    const english = await registerWithNews('welcome-en');
    const unsaved = await registerWithNews('welcome-none');
    // The welcome was queued at registration, before any language was saved: read at sending.
    await saveLanguage(hindi, 'hi');
    await saveLanguage(english, 'en');

    await suite.api.lifecycleMailPass();

    const [hi] = await outbox(hindi.email);
    expect(hi?.subject).toBe('Crease में आपका स्वागत है');
    expect(hi?.html).toContain('<html lang="hi"');
    expect(hi?.text).toContain('आपका खाता तैयार है।');
    expect(hi?.text).toContain('कोड WELCOME20 से आपके पहले भुगतान पर 20% की छूट है');
    expect(hi?.links).toContain(`${suite.api.siteOrigins[0]}/plans`);
    for (const viewer of [english, unsaved]) {
      const [en] = await outbox(viewer.email);
      expect(en?.subject).toBe('Welcome to Crease');
      expect(en?.html).toContain('<html lang="en"');
      expect(`${en?.subject}${en?.text}`).not.toMatch(DEVANAGARI);
    }
  });

  it('receipt: a Hindi GST invoice with lakh grouping and ₹, an English one for English', async () => {
    const hindi = await verifiedViewer(suite.api, 'receipt-hi');
    const english = await verifiedViewer(suite.api, 'receipt-en');
    await saveLanguage(hindi, 'hi');
    await saveLanguage(english, 'en');
    for (const viewer of [hindi, english])
      await host().recordBillingEvent({
        userId: viewer.userId,
        type: 'invoice.issued',
        dedupeKey: randomUUID(),
        payload: GST_INVOICE,
        at: new Date(GST_INVOICE.issuedAt),
      });

    await suite.api.lifecycleMailPass();

    const [hi] = await outbox(hindi.email);
    expect(hi?.subject).toBe('आपकी Crease रसीद CR-IN-2026-000077');
    expect(hi?.text).toMatch(/कुल भुगतान\s+₹1,49,999\.00/);
    expect(hi?.text).toMatch(/कर 18% \(भारत\)\s+₹22,881\.20/);
    expect(hi?.text).toMatch(/आपूर्ति का स्थान\s+भारत \(IN\)/);
    expect(hi?.text).toMatch(/विक्रेता का GSTIN\s+9926GBR29001OS7/);
    expect(hi?.text).toContain('24 नवंबर 2026');
    const [en] = await outbox(english.email);
    expect(en?.subject).toBe('Your Crease receipt CR-IN-2026-000077');
    expect(en?.text).toMatch(/Total paid\s+₹149,999\.00/);
    expect(en?.text).toMatch(/Tax 18% \(India\)\s+₹22,881\.20/);
    expect(en?.text).toMatch(/Place of supply\s+India \(IN\)/);
    expect(en?.text).toMatch(/Paid with\s+UPI/);
  });

  // Last: it moves this API's clock by weeks.
  it('pre-debit notice: Hindi for a Hindi viewer, English for an English one, each with its cancel link', async () => {
    const hindi = await indianViewer(suite.api, host(), 'autopay-hi');
    const english = await indianViewer(suite.api, host(), 'autopay-en');
    await saveLanguage(hindi, 'hi');
    for (const viewer of [hindi, english]) await subscribeWithUpi(viewer);
    const { periodStart, periodEnd } = await subscriptionOf(hindi);
    // Into the notice window (48 h before the debit) of both subscriptions, bought a moment apart.
    const period =
      (new Date(String(periodEnd)).getTime() - new Date(String(periodStart)).getTime()) / 1000;
    await suite.api.advanceClock(Math.ceil(period) - 2 * DAY_SECONDS + 60);
    await suite.api.runRenewals();
    await suite.api.lifecycleMailPass();

    const notice = async (viewer: Viewer) =>
      (await outbox(viewer.email)).find((m) => m.subject.startsWith('UPI AutoPay:'));
    const hi = await notice(hindi);
    expect(hi?.subject).toMatch(/^UPI AutoPay: .+ UTC को Monthly के लिए ₹299\.00$/);
    expect(hi?.subject).toMatch(DEVANAGARI);
    expect(hi?.html).toContain('<html lang="hi"');
    expect(hi?.text).toMatch(/राशि\s+₹299\.00/);
    expect(hi?.text).toContain('हम यह राशि आपके UPI AutoPay मैंडेट से काटेंगे, उससे पहले नहीं।');
    expect(hi?.text).toContain('UPI AutoPay रद्द करें');
    expect(hi?.links.some((l) => l.includes('/autopay-cancel?token='))).toBe(true);
    const en = await notice(english);
    expect(en?.subject).toMatch(/^UPI AutoPay: ₹299\.00 for Monthly on .+ at \d\d:\d\d UTC$/);
    expect(en?.text).toContain('Cancel UPI AutoPay');
    expect(`${en?.subject}${en?.text}`).not.toMatch(DEVANAGARI);
  });
});

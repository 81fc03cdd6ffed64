/** @jest-environment node */
/**
 * Every lifecycle template in every site language (decision 488), rendered as the job renders
 * it: Hindi mail is Hindi from subject to footer, with `<html lang="hi">`, rupees grouped in
 * lakhs and dates in Hindi; English mail says what it said before Hindi existed.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { UI_LANGUAGES, taxLineText } from '@crease/contract';
import type { LifecycleMailKind, MailMessage } from '../accounts';
import { TEMPLATES } from './templates';

const SITE = 'https://crease.example';

const PAYLOADS: Record<LifecycleMailKind, Record<string, unknown>> = {
  welcome: { offer: { code: 'WELCOME20', percentage: 20 } },
  receipt: {
    invoiceNumber: 'CR-IN-2026-000042',
    issuedAt: '2026-11-24T10:00:00.000Z',
    seller: {
      name: 'Crease Media Ltd',
      address: '1 Pitch Lane, Leeds',
      taxId: 'GB123456789',
      gstin: '9926GBR29001OS7',
    },
    planName: 'Annual',
    currency: 'INR',
    netMinor: 12_711_864,
    taxMinor: 2_288_136,
    grossMinor: 15_000_000,
    taxRatePercent: 18,
    region: 'IN',
    cardBrand: 'upi',
    cardLast4: '',
  },
  'renewal-upcoming': {
    planName: 'Annual',
    periodEnd: '2026-12-01T00:00:00.000Z',
    amountMinor: 299_900,
    currency: 'INR',
  },
  'renewal-failed': { planName: 'Monthly', nextRenewalAt: '2026-12-03T00:00:00.000Z' },
  'plan-ended': { planName: 'Monthly', reason: 'RENEWAL_FAILED' },
  'password-changed': { how: 'reset', at: '2026-12-01T14:05:00.000Z' },
  'new-device': { device: 'Chrome on Windows', network: '203.0.113.x', at: '2026-12-01T14:05:00Z' },
  'account-deleted': { displayName: 'Asha' },
  'refund-issued': {
    planName: 'Monthly',
    amountMinor: 29_900,
    currency: 'INR',
    invoiceNumber: 'CR-7',
  },
  'support-signed-out': { scope: 'one', device: 'Safari on iPhone', at: '2026-12-01T14:05:00Z' },
  'support-plan-changed': {
    change: 'extended',
    planName: 'Monthly',
    periodEnd: '2026-12-31T00:00:00Z',
    days: 7,
  },
  'mandate-debit-notice': {
    planName: 'Annual',
    amountMinor: 2_999_900,
    currency: 'INR',
    debitAt: '2026-12-01T14:05:00.000Z',
    vpa: 'success@razorpay',
    needsApproval: true,
    cancelToken: 'tok',
  },
};

const DEVANAGARI = /[\u0900-\u097F]/;
/** A catalogue id that leaked instead of its message ("receipt.heading"). */
const LEAKED_ID = /\b[a-z]+[A-Z]?[a-zA-Z]*\.[a-z][a-zA-Z.]+\b(?<!\.(com|example|x))/;

interface Ask {
  kind: LifecycleMailKind;
  payload: Record<string, unknown>;
  language: 'en' | 'hi';
}

/**
 * Renders in a tsx process, as the API does (jest cannot load react-email's renderer): every
 * mail a test asks for is rendered once, up front.
 */
function renderAll(asks: Ask[]): MailMessage[] {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, '../testing/render-mail-process.ts')],
    { input: JSON.stringify(asks.map((ask) => ({ ...ask, siteOrigin: SITE }))), encoding: 'utf8' },
  );
  return JSON.parse(out) as MailMessage[];
}

const ASKS: Ask[] = [
  ...(Object.keys(PAYLOADS) as LifecycleMailKind[]).flatMap((kind) =>
    (['en', 'hi'] as const).map((language) => ({ kind, payload: PAYLOADS[kind], language })),
  ),
  {
    kind: 'support-plan-changed',
    payload: { ...PAYLOADS['support-plan-changed'], days: 1 },
    language: 'en',
  },
];
let rendered: MailMessage[] = [];
beforeAll(() => {
  rendered = renderAll(ASKS);
}, 60_000);

const render = async (kind: LifecycleMailKind, language: 'en' | 'hi') => {
  const mail = rendered[ASKS.findIndex((a) => a.kind === kind && a.language === language)];
  if (!mail) throw new Error(`not rendered: ${kind} ${language}`);
  return mail;
};

describe('lifecycle mail in each language', () => {
  const kinds = Object.keys(TEMPLATES) as LifecycleMailKind[];

  it('has a sample of every kind', () => {
    expect(kinds.sort()).toEqual(Object.keys(PAYLOADS).sort());
  });

  describe.each(kinds)('%s', (kind) => {
    it('in Hindi: the subject, the HTML and the text part are Hindi, with lang="hi"', async () => {
      const mail = await render(kind, 'hi');
      expect(mail.subject).toMatch(DEVANAGARI);
      expect(mail.html).toContain('<html lang="hi"');
      expect(mail.text).toMatch(DEVANAGARI);
      expect(mail.text).not.toMatch(LEAKED_ID);
      // The brand stays as it is.
      expect(mail.text).toContain('Crease');
    });

    it('in English: no Hindi, lang="en", and the same links as in Hindi', async () => {
      const [english, hindi] = await Promise.all([render(kind, 'en'), render(kind, 'hi')]);
      expect(`${english.subject}${english.text}`).not.toMatch(DEVANAGARI);
      expect(english.html).toContain('<html lang="en"');
      expect(english.text).not.toMatch(LEAKED_ID);
      expect(hindi.links).toEqual(english.links);
    });
  });

  it('a Hindi receipt is a GST invoice in Hindi: lakh grouping, ₹, GSTIN, place of supply', async () => {
    const { subject, text } = await render('receipt', 'hi');
    expect(subject).toBe('आपकी Crease रसीद CR-IN-2026-000042');
    expect(text).toMatch(/कुल भुगतान\s+₹1,50,000\.00/);
    expect(text).toMatch(/कर से पहले की राशि\s+₹1,27,118\.64/);
    expect(text).toMatch(/कर 18% \(भारत\)\s+₹22,881\.36/);
    expect(text).toMatch(/आपूर्ति का स्थान\s+भारत \(IN\)/);
    expect(text).toMatch(/विक्रेता का GSTIN\s+9926GBR29001OS7/);
    expect(text).toMatch(/भुगतान का तरीका\s+UPI/);
    expect(text).toContain('24 नवंबर 2026');
  });

  it('an English receipt keeps its words, its tax line as the receipt page words it, and says UPI', async () => {
    const { subject, text } = await render('receipt', 'en');
    expect(subject).toBe('Your Crease receipt CR-IN-2026-000042');
    expect(text).toMatch(/Total paid\s+₹150,000\.00/);
    expect(text).toContain(taxLineText(18, 'IN'));
    expect(text).toMatch(/Place of supply\s+India \(IN\)/);
    expect(text).toMatch(/Seller's GSTIN\s+9926GBR29001OS7/);
    expect(text).toMatch(/Paid with\s+UPI/);
    expect(text).toContain(
      'Sold by Crease Media Ltd, 1 Pitch Lane, Leeds. Tax number GB123456789.',
    );
  });

  it('a Hindi pre-debit notice states the amount, the moment and the ₹15,000 rule in Hindi', async () => {
    const { subject, text, links } = await render('mandate-debit-notice', 'hi');
    expect(subject).toBe('UPI AutoPay: 1 दिसंबर 2026, 14:05 UTC को Annual के लिए ₹29,999.00');
    expect(text).toContain('यह रिन्यूअल ₹15,000 से ज़्यादा का है');
    expect(text).toMatch(/राशि\s+₹29,999\.00/);
    expect(links).toContain(`${SITE}/autopay-cancel?token=tok`);
  });

  it('English words are those of before: a moment "at … UTC", plurals by count', async () => {
    expect((await render('mandate-debit-notice', 'en')).subject).toBe(
      'UPI AutoPay: ₹29,999.00 for Annual on 1 December 2026 at 14:05 UTC',
    );
    expect((await render('support-plan-changed', 'en')).subject).toBe(
      'We added 7 days to your plan',
    );
    const one = rendered[ASKS.length - 1];
    expect(one?.subject).toBe('We added 1 day to your plan');
    const welcome = await render('welcome', 'en');
    expect(welcome.text).toContain('Your first payment is 20% off with the code WELCOME20');
    expect(welcome.html).toContain('<strong>WELCOME20</strong>');
  });

  it('every language of the site has its words: none falls back to English', () => {
    expect(UI_LANGUAGES).toEqual(['en', 'hi']);
  });
});

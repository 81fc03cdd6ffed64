/** @jest-environment node */
/**
 * The account mail sent at once, in the account's saved language, over real HTTP on PGlite and
 * PostgreSQL (issue 34 §4, decision 488): reset links, sign-in codes, the email-change link and
 * notice, and the data-export link go out in Hindi to a viewer who saved Hindi, and in English
 * to one who saved English.
 */
import { ACCOUNT_PATHS } from '@crease/contract';
import type { Viewer } from '../testing/billing-helpers';
import { billingApiForSuite } from '../testing/billing-suite';
import { askChange, confirmLink, EMAIL_CHANGE_LINK_PART } from '../testing/email-change';
import { mailbox, mailedLink, verifiedViewer } from '../testing/mailbox';
import { describeEachDatabase, uniqueEmail } from '../testing/test-api';

const DEVANAGARI = /[\u0900-\u097F]/;

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

describeEachDatabase('account mail in the saved language', (host) => {
  const suite = billingApiForSuite(host);

  /** The newest mail to `email` holding a link with `part` (sent after the answer: polled). */
  const mailWith = async (viewer: Viewer, email: string, part: string) => {
    await mailedLink(viewer.client, email, part);
    const mail = (await mailbox(viewer.client, email)).find((m) =>
      m.links.some((l) => l.includes(part)),
    );
    if (!mail) throw new Error(`no mail with ${part}`);
    return mail;
  };
  const askReset = (viewer: Viewer) =>
    viewer.client.postJson(
      '/api/v1/auth/init-reset',
      { email: viewer.email },
      { botCheck: 'reset' },
    );
  const askCode = (viewer: Viewer) =>
    viewer.client.postJson(
      '/api/v1/auth/sign-in-code',
      { email: viewer.email },
      { botCheck: 'signin' },
    );

  it('reset link and sign-in code: Hindi for a Hindi viewer, English for an English one', async () => {
    const hindi = await verifiedViewer(suite.api, 'acct-mail-hi');
    const english = await verifiedViewer(suite.api, 'acct-mail-en');
    await saveLanguage(hindi, 'hi');
    await saveLanguage(english, 'en');
    for (const viewer of [hindi, english]) {
      expect((await askReset(viewer)).status).toBe(200);
      expect((await askCode(viewer)).status).toBe(200);
    }

    const reset = await mailWith(hindi, hindi.email, '/reset-password?');
    expect(reset.subject).toBe('अपना Crease पासवर्ड रीसेट करें');
    expect(reset.text).toContain('किसी ने आपके Crease खाते का पासवर्ड रीसेट करने को कहा है।');
    expect(reset.text).toMatch(/यह एक ही बार, \d+ मिनट तक काम करेगा/);
    expect(reset.text).toMatch(/अपना पासवर्ड रीसेट करें: http/);
    const code = await mailWith(hindi, hindi.email, '/signin?');
    expect(code.subject).toBe('आपका Crease साइन-इन कोड');
    expect(code.text).toMatch(/^आपका साइन-इन कोड \S+ है/);

    const resetEn = await mailWith(english, english.email, '/reset-password?');
    expect(resetEn.subject).toBe('Reset your Crease password');
    expect(resetEn.text).toMatch(/it works once, for \d+ minutes/);
    const codeEn = await mailWith(english, english.email, '/signin?');
    expect(codeEn.subject).toBe('Your Crease sign-in code');
    expect(`${resetEn.text}${codeEn.text}`).not.toMatch(DEVANAGARI);
  });

  it('email change: the link to the new address and the notice to the old one are Hindi', async () => {
    const viewer = await verifiedViewer(suite.api, 'acct-change-hi');
    await saveLanguage(viewer, 'hi');
    const newEmail = uniqueEmail('acct-change-hi-new');
    expect((await askChange(viewer, newEmail)).status).toBe(200);

    const ask = await mailWith(viewer, newEmail, EMAIL_CHANGE_LINK_PART);
    expect(ask.subject).toBe('Crease के लिए अपने नए ईमेल की पुष्टि करें');
    expect(ask.text).toContain('तब तक खाते में पुराना पता ही रहेगा।');
    const link = await mailedLink(viewer.client, newEmail, EMAIL_CHANGE_LINK_PART);
    expect((await confirmLink(viewer.client, link)).status).toBe(200);
    const notice = (await mailbox(viewer.client, viewer.email)).find(
      (m) => m.subject === 'आपके Crease खाते का ईमेल बदल दिया गया',
    );
    expect(notice?.text).toMatch(/आपके Crease खाते का ईमेल पता .+ UTC को बदला गया/);
    expect(notice?.text).toContain('support@crease.example');
  });

  it('the data-export link: Hindi for a Hindi viewer, English for an English one', async () => {
    const hindi = await verifiedViewer(suite.api, 'acct-export-hi');
    const english = await verifiedViewer(suite.api, 'acct-export-en');
    await saveLanguage(hindi, 'hi');
    await saveLanguage(english, 'en');
    for (const viewer of [hindi, english]) {
      const asked = await viewer.client.postJson(
        '/api/v1/account/data-export',
        {},
        { bearer: viewer.bearer },
      );
      expect(asked.status).toBe(202);
    }
    const hi = await mailWith(hindi, hindi.email, '/api/v1/account/data-export/');
    expect(hi.subject).toBe('आपका Crease डेटा डाउनलोड के लिए तैयार है');
    expect(hi.text).toMatch(/अपना डेटा डाउनलोड करें: http\S+\/api\/v1\/account\/data-export\//);
    const en = await mailWith(english, english.email, '/api/v1/account/data-export/');
    expect(en.subject).toBe('Your Crease data is ready to download');
    expect(en.text).not.toMatch(DEVANAGARI);
  });
});

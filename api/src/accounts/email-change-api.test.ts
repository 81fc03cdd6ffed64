/** @jest-environment node */
/**
 * Issue 36 §6 (decision 423): changing the account's email. Over real HTTP on PGlite and
 * PostgreSQL: the current password is needed; a taken address is answered like a free one and
 * its owner is sent nothing; the link goes to the new address only, works once and expires; the
 * change proves the new mailbox, tells the old one, and moves sign-in to the new address; asks
 * are limited per account and per address.
 */
import { PASSWORD, newViewer } from '../testing/billing-helpers';
import {
  EMAIL_CHANGE_LINK_PART as LINK_PART,
  addressCounted,
  askChange,
  confirmLink,
} from '../testing/email-change';
import { mailbox, mailedLink, verifiedViewer } from '../testing/mailbox';
import { apiForSuite, describeEachDatabase, uniqueEmail } from '../testing/test-api';

describeEachDatabase('changing the account email', (host) => {
  const suite = apiForSuite(host);

  it('needs the current password: a wrong one changes nothing and mails nobody', async () => {
    const viewer = await verifiedViewer(suite.api, 'change-pw');
    const target = uniqueEmail('change-pw-new');
    const res = await askChange(viewer, target, 'not the password');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_OLD_PASSWORD' });
    // A right ask afterwards is the first to count the address: the wrong one never reached it.
    expect((await askChange(viewer, target)).status).toBe(200);
    await addressCounted(host(), target, 1);
  });

  it('the own address and a malformed one are refused as data', async () => {
    const viewer = await newViewer(suite.api, 'change-same');
    const same = await askChange(viewer, `  ${viewer.email.toUpperCase()} `);
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ code: 'EMAIL_UNCHANGED' });
    const malformed = await askChange(viewer, 'not-an-address');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'INVALID_EMAIL' });
  });

  it('the link changes the address once: new mailbox proved, old one told, sign-in moves', async () => {
    const viewer = await verifiedViewer(suite.api, 'change-ok');
    const target = uniqueEmail('change-ok-new');
    const asked = await askChange(viewer, target);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ code: 'EMAIL_CHANGE_SENT' });
    const link = await mailedLink(suite.client, target, LINK_PART);
    // Until the link is opened, nothing has changed.
    const before = await viewer.client.get('/api/v1/auth/email-verification', {
      bearer: viewer.bearer,
    });
    expect(before.body).toMatchObject({ email: viewer.email, verified: true });

    // An edited address in the link matches nothing.
    const edited = new URL(link);
    edited.searchParams.set('email', uniqueEmail('edited'));
    expect((await confirmLink(suite.client, edited)).status).toBe(410);

    const confirmed = await confirmLink(suite.client, link);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ code: 'EMAIL_CHANGED', userId: viewer.userId });
    const again = await confirmLink(suite.client, link);
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({ code: 'EMAIL_CHANGE_LINK_EXPIRED' });

    // This session stays, and sees the new, proved address.
    const after = await viewer.client.get('/api/v1/auth/email-verification', {
      bearer: viewer.bearer,
    });
    expect(after.body).toMatchObject({ email: target, verified: true });
    // The old address is told, in our words only (never the new address a client typed).
    const notice = (await mailbox(suite.client, viewer.email)).find(
      (m) => m.subject === 'Your Crease email was changed',
    );
    expect(notice?.text).toContain("If this wasn't you");
    expect(notice?.text).not.toContain(target);
    // Sign-in moves to the new address.
    expect((await suite.client.signIn(viewer.email, PASSWORD)).status).toBe(400);
    expect((await suite.client.signIn(target, PASSWORD)).status).toBe(200);
  });

  it('a taken address is answered like a free one, and its owner is sent nothing', async () => {
    const owner = await verifiedViewer(suite.api, 'change-owner');
    const ownerMailBefore = (await mailbox(suite.client, owner.email)).length;
    const asker = await verifiedViewer(suite.api, 'change-asker');
    const free = uniqueEmail('change-free');

    const taken = await askChange(asker, owner.email);
    const open = await askChange(asker, free);
    expect(taken.status).toBe(open.status);
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(open.body).sort());
    expect({ ...taken.body, timeStamp: 0 }).toEqual({ ...open.body, timeStamp: 0 });

    await addressCounted(host(), owner.email, 1);
    await mailedLink(suite.client, free, LINK_PART);
    expect(await mailbox(suite.client, owner.email)).toHaveLength(ownerMailBefore);
  });

  it('an expired link changes nothing', async () => {
    const viewer = await verifiedViewer(suite.api, 'change-late');
    const target = uniqueEmail('change-late-new');
    expect((await askChange(viewer, target)).status).toBe(200);
    const link = await mailedLink(suite.client, target, LINK_PART);
    await suite.api.advanceClock(3601);
    const late = await confirmLink(suite.client, link);
    expect(late.status).toBe(410);
    expect(late.body).toMatchObject({ code: 'EMAIL_CHANGE_LINK_EXPIRED' });
    expect((await suite.client.signIn(viewer.email, PASSWORD)).status).toBe(200);
  });

  it('asks are limited per account (429) and per address (the same answer, no more links)', async () => {
    const viewer = await newViewer(suite.api, 'change-many');
    for (let i = 0; i < 3; i++)
      expect((await askChange(viewer, uniqueEmail('change-many-new'))).status).toBe(200);
    const fourth = await askChange(viewer, uniqueEmail('change-many-new'));
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);

    // Three accounts aim at one address: two links reach it, the third ask answers alike.
    const target = uniqueEmail('change-aimed');
    for (const prefix of ['aim-a', 'aim-b', 'aim-c']) {
      const asker = await newViewer(suite.api, prefix);
      const res = await askChange(asker, target);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 'EMAIL_CHANGE_SENT' });
    }
    await addressCounted(host(), target, 3);
    await mailedLink(suite.client, target, LINK_PART);
    expect(await mailbox(suite.client, target)).toHaveLength(2);
  });

  it('another account taking the address meanwhile: 409, the address stays', async () => {
    const viewer = await verifiedViewer(suite.api, 'change-sniped');
    const target = uniqueEmail('change-sniped-new');
    expect((await askChange(viewer, target)).status).toBe(200);
    const link = await mailedLink(suite.client, target, LINK_PART);
    expect((await suite.client.register(target, PASSWORD)).status).toBe(201);
    const res = await confirmLink(suite.client, link);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'EMAIL_UNAVAILABLE' });
    expect((await suite.client.signIn(viewer.email, PASSWORD)).status).toBe(200);
  });
});

/** @jest-environment node */
/**
 * "Download my data" over real HTTP on PGlite and PostgreSQL (issue 34 §5, decision 437): the
 * export's contents, the mailed link (once, within 24 h on the moved clock), the daily limit,
 * no secrets, an unverified address refused, a forged or deleted account's link refused.
 */
import {
  PASSWORD,
  buyPlan,
  expectErrorShape,
  newViewer,
  registerDevice,
} from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { mailbox, mailedLink, verifiedViewer } from '../testing/mailbox';
import { describeEachDatabase } from '../testing/test-api';
import { billingApiForSuite } from '../testing/billing-suite';

const DAY = 24 * 60 * 60;
const EXPORT = '/api/v1/account/data-export';

describeEachDatabase('Download my data', (host) => {
  const suite = billingApiForSuite(host);

  const ask = (viewer: Viewer) => viewer.client.postJson(EXPORT, {}, { bearer: viewer.bearer });
  const open = (viewer: Viewer, link: URL) => viewer.client.get(link.pathname);

  it('mails a link to an export of the whole account, which works once and holds no secret', async () => {
    const viewer = await verifiedViewer(suite.api, 'export-full');
    await registerDevice(viewer, 'vid-export-full-1');
    await buyPlan(viewer, 'monthly');
    // The billing suite has no fixtures to follow through the API: the follow is written as
    // the follows feature writes it.
    await host().query(
      "INSERT INTO catalog_follows (user_id, kind, target, created_at) VALUES ($1, 'team', 'Eastern Bears', now())",
      [viewer.userId],
    );

    const asked = await ask(viewer);
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ email: viewer.email, linkExpiresAt: expect.any(String) });
    const link = await mailedLink(viewer.client, viewer.email, EXPORT);
    const [mail] = await mailbox(viewer.client, viewer.email);
    expect(mail?.subject).toBe('Your Crease data is ready to download');

    const res = await open(viewer, link);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="crease-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the export is read field by field
    const data = res.body as Record<string, any>;
    expect(data.profile).toMatchObject({ id: viewer.userId, email: viewer.email });
    expect(data.settings).toMatchObject({
      region: expect.any(String),
      emailSubscribe: expect.any(Boolean),
    });
    expect(data.subscription).toMatchObject({ state: 'ACTIVE', planId: 'monthly' });
    expect(data.payments).toHaveLength(1);
    expect(data.payments[0]).toMatchObject({
      planId: 'monthly',
      invoiceNumber: expect.any(String),
      amountCents: expect.any(Number),
    });
    expect(data.refunds).toEqual([]);
    expect(data.devices).toEqual([expect.objectContaining({ vidictId: 'vid-export-full-1' })]);
    expect(data.follows).toEqual([
      expect.objectContaining({ kind: 'team', target: 'Eastern Bears' }),
    ]);
    expect(data.reminders).toEqual([]);
    expect(data.mailSent.map((m: { subject: string }) => m.subject)).toEqual(
      expect.arrayContaining([
        'Confirm your email for Crease',
        'Your Crease data is ready to download',
      ]),
    );

    // No secrets: not the password hash (argon2), not any hash, token or provider reference.
    expect(res.text).not.toMatch(
      /argon2|passwordHash|password_hash|Hash"|token|providerReference|totp/i,
    );
    expect(res.text).not.toContain(PASSWORD);
    const [user] = await host().query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE id = $1',
      [viewer.userId],
    );
    expect(res.text).not.toContain(user?.password_hash);

    // Once only.
    const again = await open(viewer, link);
    expect(again.status).toBe(410);
    expectErrorShape(again.body, 'DATA_EXPORT_LINK_INVALID');
  });

  it('one export a day: 429 with Retry-After, and asks again after it', async () => {
    const viewer = await verifiedViewer(suite.api, 'export-limit');
    // Without the XSRF header it is refused as every state-changing call is, and spends nothing.
    const forged = await fetch(`${viewer.client.origin}${EXPORT}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${viewer.bearer}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(forged.status).toBe(403);
    expect((await ask(viewer)).status).toBe(202);
    const twice = await ask(viewer);
    expect(twice.status).toBe(429);
    expectErrorShape(twice.body, 'DATA_EXPORT_TOO_SOON');
    expect(Number(twice.headers.get('retry-after'))).toBeGreaterThan(DAY - 600);
    const links = (await mailbox(viewer.client, viewer.email))
      .flatMap((m) => m.links)
      .filter((l) => l.includes(EXPORT));
    expect(links).toHaveLength(1);

    // The first link has expired by the time a second export may be asked for.
    const first = new URL(links[0] as string);
    await suite.api.advanceClock(DAY + 1);
    const expired = await open(viewer, first);
    expect(expired.status).toBe(410);
    expectErrorShape(expired.body, 'DATA_EXPORT_LINK_INVALID');
    expect((await ask(viewer)).status).toBe(202);
  });

  it('refuses an unverified address, and mails nothing', async () => {
    const viewer = await newViewer(suite.api, 'export-unverified');
    const res = await ask(viewer);
    expect(res.status).toBe(409);
    expectErrorShape(res.body, 'DATA_EXPORT_EMAIL_UNVERIFIED');
    const links = (await mailbox(viewer.client, viewer.email)).flatMap((m) => m.links);
    expect(links.some((l) => l.includes(EXPORT))).toBe(false);
    expect((await viewer.client.postJson(EXPORT, {})).status).toBe(401);
  });

  it('a link forged for another account, or of a deleted account, does not work', async () => {
    const owner = await verifiedViewer(suite.api, 'export-owner');
    const other = await verifiedViewer(suite.api, 'export-other');
    expect((await ask(owner)).status).toBe(202);
    const link = await mailedLink(owner.client, owner.email, EXPORT);
    const [payload, signature] = link.pathname.split('/').at(-1)!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, userId: other.userId })).toString(
      'base64url',
    );
    const res = await other.client.get(`${EXPORT}/${forged}.${signature}`);
    expect(res.status).toBe(410);
    expectErrorShape(res.body, 'DATA_EXPORT_LINK_INVALID');

    const deleted = await owner.client.postJson(
      '/api/v1/account/deletion',
      { password: PASSWORD },
      { bearer: owner.bearer },
    );
    expect(deleted.status).toBe(200);
    const gone = await open(owner, link);
    expect(gone.status).toBe(410);
    expectErrorShape(gone.body, 'DATA_EXPORT_LINK_INVALID');
  });
});

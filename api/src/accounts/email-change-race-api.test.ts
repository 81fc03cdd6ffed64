/** @jest-environment node */
/**
 * Decision 423: two openings of one email-change link at the same instant change the address
 * once, and the old address is told once. On PostgreSQL (PGlite would serialise the race).
 */
import { PASSWORD } from '../testing/billing-helpers';
import { EMAIL_CHANGE_LINK_PART, askChange, confirmLink } from '../testing/email-change';
import { mailbox, mailedLink, verifiedViewer } from '../testing/mailbox';
import { describeOnPostgres } from '../testing/postgres-suite';
import { apiForSuite, uniqueEmail } from '../testing/test-api';

describeOnPostgres('an email-change link opened twice at once', (host) => {
  const suite = apiForSuite(host);

  it('changes the address once: one 200, the rest 410, one notice to the old address', async () => {
    const viewer = await verifiedViewer(suite.api, 'change-race');
    const target = uniqueEmail('change-race-new');
    expect((await askChange(viewer, target)).status).toBe(200);
    const link = await mailedLink(suite.client, target, EMAIL_CHANGE_LINK_PART);

    const answers = await Promise.all(
      Array.from({ length: 6 }, () => confirmLink(suite.api.client(), link)),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 410, 410, 410, 410, 410]);

    const notices = (await mailbox(suite.client, viewer.email)).filter(
      (m) => m.subject === 'Your Crease email was changed',
    );
    expect(notices).toHaveLength(1);
    const changed = await host().query<{ email: string }>('SELECT email FROM users WHERE id = $1', [
      viewer.userId,
    ]);
    expect(changed).toEqual([{ email: target }]);
    expect((await suite.client.signIn(target, PASSWORD)).status).toBe(200);
  });

  it('two links of one account opened at once: only one address wins', async () => {
    const viewer = await verifiedViewer(suite.api, 'change-race2');
    const [first, second] = [uniqueEmail('change-race-a'), uniqueEmail('change-race-b')];
    expect((await askChange(viewer, first)).status).toBe(200);
    expect((await askChange(viewer, second)).status).toBe(200);
    const links = await Promise.all(
      [first, second].map((to) => mailedLink(suite.client, to, EMAIL_CHANGE_LINK_PART)),
    );
    const answers = await Promise.all(links.map((l) => confirmLink(suite.api.client(), l)));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 410]);
    const winner = answers[0]!.status === 200 ? first : second;
    const [row] = await host().query<{ email: string }>('SELECT email FROM users WHERE id = $1', [
      viewer.userId,
    ]);
    expect(row?.email).toBe(winner);
  });
});

/** @jest-environment node */
/**
 * The renewal notice in the currency the plan was bought in (issue 34 §1, decision 421), on
 * PGlite and PostgreSQL: an Annual plan bought in rupees is announced at its rupee price, 7 days
 * before it renews, and never at the dollar price.
 */
import { BILLING_TEST_ENV, buyPlan } from '../testing/billing-helpers';
import { verifiedViewer } from '../testing/mailbox';
import { describeEachDatabase } from '../testing/test-api';

// Renewals are not charged by themselves here: the test moves the clock by days.
const ENV = { ...BILLING_TEST_ENV, CREASE_RENEWAL_INTERVAL_MS: '0' };
const DAY_SECONDS = 86_400;

describeEachDatabase('renewal notice currency', (host) => {
  it('an Annual plan bought in rupees is announced at its rupee price', async () => {
    const api = await host().start(ENV);
    try {
      const viewer = await verifiedViewer(api, 'annual-inr');
      await host().query("UPDATE users SET region = 'IN' WHERE id = $1", [viewer.userId]);
      await buyPlan(viewer, 'annual');
      // Six days before it renews (day 359 of 365).
      await api.advanceClock(359 * DAY_SECONDS);
      await api.lifecycleMailPass();
      const sent = await host().query<{ subject: string; text: string }>(
        `SELECT subject, text FROM mail_outbox WHERE "to" = $1 ORDER BY sent_at`,
        [viewer.email],
      );
      const notices = sent.filter((mail) => /renews on/.test(mail.subject));
      expect(notices).toHaveLength(1);
      expect(notices[0]?.text).toContain('we will charge ₹1,499.00 to your saved card');
    } finally {
      await api.close();
    }
  });
});

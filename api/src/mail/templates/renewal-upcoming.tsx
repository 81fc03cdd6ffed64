/** An annual plan renews in 7 days: what will be charged, and when. Transactional. */
import { AccountNotice, ActionLink, MailLayout, Paragraph } from './layout';
import { formatDate, formatMoney } from './mail-template';
import type { MailTemplate } from './mail-template';

export interface RenewalUpcomingPayload {
  planName: string;
  periodEnd: string;
  amountMinor: number;
  currency: string;
}

export const renewalUpcoming: MailTemplate<RenewalUpcomingPayload> = {
  marketing: false,
  subject: (p) => `Your ${p.planName} plan renews on ${formatDate(p.periodEnd)}`,
  body: (p, links) => (
    <MailLayout
      preview={`We will charge ${formatMoney(p.amountMinor, p.currency)} on ${formatDate(p.periodEnd)}.`}
      heading="Your plan renews soon"
      footer={<AccountNotice />}
    >
      <Paragraph>
        Your {p.planName} plan renews on {formatDate(p.periodEnd)}. On that day we will charge{' '}
        {formatMoney(p.amountMinor, p.currency)} to your saved card for another period.
      </Paragraph>
      <Paragraph>
        Nothing to do if you want to keep watching. To stop the renewal, cancel on your account
        before then: you keep watching until {formatDate(p.periodEnd)}.
      </Paragraph>
      <ActionLink href={links.account}>Manage your plan</ActionLink>
    </MailLayout>
  ),
};

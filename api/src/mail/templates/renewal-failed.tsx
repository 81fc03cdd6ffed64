/** A renewal charge was declined: when we try again, and where to update the card. */
import { AccountNotice, ActionLink, MailLayout, Paragraph } from './layout';
import { formatDate } from './mail-template';
import type { MailTemplate } from './mail-template';

export interface RenewalFailedPayload {
  planName: string;
  /** ISO 8601, or null when the provider schedules the next try itself. */
  nextRenewalAt: string | null;
}

export const renewalFailed: MailTemplate<RenewalFailedPayload> = {
  marketing: false,
  subject: (p) => `We could not renew your ${p.planName} plan`,
  body: (p, links) => (
    <MailLayout
      preview="Your card was declined. You can keep watching while we try again."
      heading="Your renewal payment was declined"
      footer={<AccountNotice />}
    >
      <Paragraph>
        We tried to charge your card for your {p.planName} plan, and the payment was declined. You
        can keep watching meanwhile.
      </Paragraph>
      <Paragraph>
        {p.nextRenewalAt
          ? `We will try your card again on ${formatDate(p.nextRenewalAt)}.`
          : 'We will try your card again in a few days.'}{' '}
        If the last try fails too, your plan ends.
      </Paragraph>
      <ActionLink href={links.account}>Update your card</ActionLink>
    </MailLayout>
  ),
};

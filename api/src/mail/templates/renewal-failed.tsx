/** A renewal charge was declined: when we try again, and where to update the card. */
import { AccountNotice, ActionLink, MailLayout, Paragraph } from './layout';
import type { MailTemplate } from './mail-template';

export interface RenewalFailedPayload {
  planName: string;
  /** ISO 8601, or null when the provider schedules the next try itself. */
  nextRenewalAt: string | null;
}

export const renewalFailed: MailTemplate<RenewalFailedPayload> = {
  marketing: false,
  subject: (p, text) => text.t('renewalFailed.subject', { planName: p.planName }),
  body: (p, links, text) => (
    <MailLayout
      lang={text.language}
      preview={text.t('renewalFailed.preview')}
      heading={text.t('renewalFailed.heading')}
      footer={<AccountNotice text={text} />}
    >
      <Paragraph>{text.t('renewalFailed.declined', { planName: p.planName })}</Paragraph>
      <Paragraph>
        {p.nextRenewalAt
          ? text.t('renewalFailed.retryOn', { date: text.date(p.nextRenewalAt) })
          : text.t('renewalFailed.retrySoon')}
      </Paragraph>
      <ActionLink href={links.account}>{text.t('renewalFailed.action')}</ActionLink>
    </MailLayout>
  ),
};

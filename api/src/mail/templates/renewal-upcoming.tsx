/** An annual plan renews in 7 days: what will be charged, and when. Transactional. */
import { AccountNotice, ActionLink, MailLayout, Paragraph } from './layout';
import type { MailTemplate } from './mail-template';

export interface RenewalUpcomingPayload {
  planName: string;
  periodEnd: string;
  amountMinor: number;
  currency: string;
}

export const renewalUpcoming: MailTemplate<RenewalUpcomingPayload> = {
  marketing: false,
  subject: (p, text) =>
    text.t('renewalUpcoming.subject', { planName: p.planName, date: text.date(p.periodEnd) }),
  body: (p, links, text) => {
    const date = text.date(p.periodEnd);
    const amount = text.money(p.amountMinor, p.currency);
    return (
      <MailLayout
        lang={text.language}
        preview={text.t('renewalUpcoming.preview', { amount, date })}
        heading={text.t('renewalUpcoming.heading')}
        footer={<AccountNotice text={text} />}
      >
        <Paragraph>
          {text.t('renewalUpcoming.charge', { planName: p.planName, date, amount })}
        </Paragraph>
        <Paragraph>{text.t('renewalUpcoming.stop', { date })}</Paragraph>
        <ActionLink href={links.account}>{text.t('renewalUpcoming.action')}</ActionLink>
      </MailLayout>
    );
  },
};

/**
 * Support refunded a payment (issue 33 §4, decision 402). Transactional: money back is news the
 * viewer expects in writing, with the amount and the invoice it belongs to.
 */
import { AccountNotice, ActionLink, Facts, MailLayout, Paragraph } from './layout';
import type { MailTemplate } from './mail-template';

export interface RefundIssuedPayload {
  planName: string;
  amountMinor: number;
  currency: string;
  invoiceNumber: string | null;
}

export const refundIssued: MailTemplate<RefundIssuedPayload> = {
  marketing: false,
  subject: (p, text) =>
    text.t('refundIssued.subject', { amount: text.money(p.amountMinor, p.currency) }),
  body: (p, links, text) => (
    <MailLayout
      lang={text.language}
      preview={text.t('refundIssued.preview')}
      heading={text.t('refundIssued.heading')}
      footer={<AccountNotice text={text} />}
    >
      <Paragraph>
        {text.t('refundIssued.asked', {
          amount: text.money(p.amountMinor, p.currency),
          planName: p.planName,
        })}
      </Paragraph>
      <Facts
        rows={[
          [text.t('refundIssued.refund'), text.money(p.amountMinor, p.currency)],
          [text.t('refundIssued.invoice'), p.invoiceNumber ?? '—'],
        ]}
      />
      <ActionLink href={links.paymentHistory}>{text.t('refundIssued.action')}</ActionLink>
    </MailLayout>
  ),
};

/**
 * Support refunded a payment (issue 33 §4, decision 402). Transactional: money back is news the
 * viewer expects in writing, with the amount and the invoice it belongs to.
 */
import { AccountNotice, ActionLink, Facts, MailLayout, Paragraph } from './layout';
import { formatMoney } from './mail-template';
import type { MailTemplate } from './mail-template';

export interface RefundIssuedPayload {
  planName: string;
  amountMinor: number;
  currency: string;
  invoiceNumber: string | null;
}

export const refundIssued: MailTemplate<RefundIssuedPayload> = {
  marketing: false,
  subject: (p) => `Your refund of ${formatMoney(p.amountMinor, p.currency)} is on its way`,
  body: (p, links) => (
    <MailLayout
      preview="Your bank shows it within 5 to 10 working days."
      heading="We have refunded you"
      footer={<AccountNotice />}
    >
      <Paragraph>
        We have asked your bank to return {formatMoney(p.amountMinor, p.currency)} for your{' '}
        {p.planName} plan to the card you paid with. It shows on your statement within 5 to 10
        working days.
      </Paragraph>
      <Facts
        rows={[
          ['Refund', formatMoney(p.amountMinor, p.currency)],
          ['Invoice', p.invoiceNumber ?? '—'],
        ]}
      />
      <ActionLink href={links.paymentHistory}>See your payment history</ActionLink>
    </MailLayout>
  ),
};

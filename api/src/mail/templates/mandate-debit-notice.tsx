/**
 * The RBI's pre-debit notice (decision 462): a UPI AutoPay debit, its amount and moment, at
 * least 24 hours ahead, with a one-click cancel link. Transactional: always sent.
 */
import { AccountNotice, ActionLink, Facts, MailLayout, Paragraph } from './layout';
import { formatMoment, formatMoney } from './mail-template';
import type { MailTemplate } from './mail-template';

export interface MandateDebitNoticePayload {
  planName: string;
  amountMinor: number;
  currency: string;
  debitAt: string;
  vpa: string | null;
  /** Over ₹15,000: not debited silently; the viewer is asked to approve it (decision 463). */
  needsApproval: boolean;
  cancelToken: string;
}

export const mandateDebitNotice: MailTemplate<MandateDebitNoticePayload> = {
  marketing: false,
  subject: (p) =>
    `UPI AutoPay: ${formatMoney(p.amountMinor, p.currency)} for ${p.planName} on ${formatMoment(p.debitAt)}`,
  body: (p, links) => {
    const cancel = `${links.autopayCancel}?token=${encodeURIComponent(p.cancelToken)}`;
    return (
      <MailLayout
        preview={`Your UPI AutoPay debit of ${formatMoney(p.amountMinor, p.currency)} is due on ${formatMoment(p.debitAt)}.`}
        heading="Your UPI AutoPay debit is coming up"
        footer={<AccountNotice />}
      >
        <Paragraph>
          {p.needsApproval
            ? `Your ${p.planName} plan renews on ${formatMoment(p.debitAt)}. This renewal is over ₹15,000, so we will not debit it automatically: we will ask you to approve it.`
            : `Your ${p.planName} plan renews on ${formatMoment(p.debitAt)}. We will debit it from your UPI AutoPay mandate, not before.`}
        </Paragraph>
        <Facts
          rows={[
            ['Amount', formatMoney(p.amountMinor, p.currency)],
            ['Debit on or after', formatMoment(p.debitAt)],
            ['Plan', p.planName],
            ['UPI ID', p.vpa ?? 'Your UPI app'],
          ]}
        />
        <Paragraph>
          Do not want it? Cancel with one click: the mandate is revoked, nothing more is debited,
          and you keep watching until your paid period ends.
        </Paragraph>
        <ActionLink href={cancel}>Cancel UPI AutoPay</ActionLink>
      </MailLayout>
    );
  },
};

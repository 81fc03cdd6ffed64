/**
 * The RBI's pre-debit notice (decision 462): a UPI AutoPay debit, its amount and moment, at
 * least 24 hours ahead, with a one-click cancel link. Transactional: always sent.
 */
import { AccountNotice, ActionLink, Facts, MailLayout, Paragraph } from './layout';
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

/** The RBI's limit for a silent debit, as the notice states it (MANDATE_SILENT_LIMIT, 463). */
const SILENT_LIMIT_MINOR = 1_500_000;

export const mandateDebitNotice: MailTemplate<MandateDebitNoticePayload> = {
  marketing: false,
  subject: (p, text) =>
    text.t('mandateDebit.subject', {
      amount: text.money(p.amountMinor, p.currency),
      planName: p.planName,
      moment: text.moment(p.debitAt),
    }),
  body: (p, links, text) => {
    const cancel = `${links.autopayCancel}?token=${encodeURIComponent(p.cancelToken)}`;
    const amount = text.money(p.amountMinor, p.currency);
    const moment = text.moment(p.debitAt);
    return (
      <MailLayout
        lang={text.language}
        preview={text.t('mandateDebit.preview', { amount, moment })}
        heading={text.t('mandateDebit.heading')}
        footer={<AccountNotice text={text} />}
      >
        <Paragraph>
          {p.needsApproval
            ? text.t('mandateDebit.renewsApproval', {
                planName: p.planName,
                moment,
                limit: text.money(SILENT_LIMIT_MINOR, 'INR').replace(/\.00$/, ''),
              })
            : text.t('mandateDebit.renews', { planName: p.planName, moment })}
        </Paragraph>
        <Facts
          rows={[
            [text.t('mandateDebit.amount'), amount],
            [text.t('mandateDebit.debitOn'), moment],
            [text.t('mandateDebit.plan'), p.planName],
            [text.t('mandateDebit.upiId'), p.vpa ?? text.t('mandateDebit.upiApp')],
          ]}
        />
        <Paragraph>{text.t('mandateDebit.cancelText')}</Paragraph>
        <ActionLink href={cancel}>{text.t('mandateDebit.cancel')}</ActionLink>
      </MailLayout>
    );
  },
};

/** A plan ended, with why (contract PLAN_END_REASONS). Transactional. */
import type { PlanEndReason } from '@crease/contract';
import { AccountNotice, ActionLink, MailLayout, Paragraph } from './layout';
import type { MailTemplate } from './mail-template';

export interface PlanEndedPayload {
  planName: string;
  reason: PlanEndReason;
}

const WHY: Record<PlanEndReason, string> = {
  PERIOD_ENDED: 'It ran to the end of the period you paid for.',
  CANCELLED: 'You cancelled it, and the period you paid for is over.',
  RENEWAL_FAILED: 'Your card was declined on every renewal try, so it could not renew.',
  PROVIDER_CANCELLED: 'The payment provider ended the subscription.',
  // Never sent (the goodbye mail says it, billing-event-intake.ts); here for completeness.
  ACCOUNT_DELETED: 'You deleted your account.',
  REFUNDED: 'Its payment was refunded to you in full.',
};

export const planEnded: MailTemplate<PlanEndedPayload> = {
  marketing: false,
  subject: (p) => `Your ${p.planName} plan has ended`,
  body: (p, links) => (
    <MailLayout
      preview={WHY[p.reason] ?? 'Your plan has ended.'}
      heading="Your plan has ended"
      footer={<AccountNotice />}
    >
      <Paragraph>
        Your {p.planName} plan has ended. {WHY[p.reason] ?? ''}
      </Paragraph>
      <Paragraph>Choose a plan to watch again; nothing is charged until you do.</Paragraph>
      <ActionLink href={links.plans}>Choose a plan</ActionLink>
    </MailLayout>
  ),
};

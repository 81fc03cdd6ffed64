/** A plan ended, with why (contract PLAN_END_REASONS). Transactional. */
import { PLAN_END_REASONS } from '@crease/contract';
import type { PlanEndReason } from '@crease/contract';
import { AccountNotice, ActionLink, MailLayout, Paragraph } from './layout';
import type { LifecycleText, MailTemplate } from './mail-template';

export interface PlanEndedPayload {
  planName: string;
  reason: PlanEndReason;
}

/**
 * Why it ended, or null for a reason this build does not know. ACCOUNT_DELETED is never sent
 * (the goodbye mail says it, billing-event-intake.ts); its words are there for completeness.
 */
const why = (reason: PlanEndReason, text: LifecycleText): string | null =>
  PLAN_END_REASONS.includes(reason) ? text.t(`planEnded.why.${reason}`) : null;

export const planEnded: MailTemplate<PlanEndedPayload> = {
  marketing: false,
  subject: (p, text) => text.t('planEnded.subject', { planName: p.planName }),
  body: (p, links, text) => (
    <MailLayout
      lang={text.language}
      preview={why(p.reason, text) ?? text.t('planEnded.preview')}
      heading={text.t('planEnded.heading')}
      footer={<AccountNotice text={text} />}
    >
      <Paragraph>
        {text.t('planEnded.ended', { planName: p.planName, why: why(p.reason, text) ?? '' })}
      </Paragraph>
      <Paragraph>{text.t('planEnded.again')}</Paragraph>
      <ActionLink href={links.plans}>{text.t('planEnded.action')}</ActionLink>
    </MailLayout>
  ),
};

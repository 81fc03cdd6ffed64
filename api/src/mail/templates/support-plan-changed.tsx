/**
 * Support cancelled the renewal of the viewer's plan, or extended it as goodwill (issue 33 §4,
 * decision 414). Transactional: it changes what the viewer pays and when their access ends.
 */
import { AccountNotice, ActionLink, MailLayout, Paragraph } from './layout';
import type { MailTemplate } from './mail-template';

export interface SupportPlanChangedPayload {
  change: 'cancelled' | 'extended';
  planName: string | null;
  /** The period end after the change (ISO): access runs until then. */
  periodEnd: string | null;
  /** Days added, for an extension. */
  days: number | null;
}

export const supportPlanChanged: MailTemplate<SupportPlanChangedPayload> = {
  marketing: false,
  subject: (p, text) =>
    p.change === 'cancelled'
      ? text.t('supportPlanChanged.subjectCancelled')
      : text.t('supportPlanChanged.subjectExtended', { days: p.days ?? 0 }),
  body: (p, links, text) => {
    const plan = p.planName
      ? text.t('supportPlanChanged.yourPlanNamed', { planName: p.planName })
      : text.t('supportPlanChanged.yourPlan');
    const until = p.periodEnd ? text.date(p.periodEnd) : text.t('supportPlanChanged.periodEnd');
    const cancelled = p.change === 'cancelled';
    return (
      <MailLayout
        lang={text.language}
        preview={text.t(
          cancelled ? 'supportPlanChanged.previewCancelled' : 'supportPlanChanged.previewExtended',
        )}
        heading={text.t(
          cancelled ? 'supportPlanChanged.headingCancelled' : 'supportPlanChanged.headingExtended',
        )}
        footer={<AccountNotice text={text} />}
      >
        <Paragraph>
          {cancelled
            ? text.t('supportPlanChanged.cancelled', { plan, until })
            : text.t('supportPlanChanged.extended', { days: p.days ?? 0, plan, until })}
        </Paragraph>
        <ActionLink href={links.account}>{text.t('supportPlanChanged.action')}</ActionLink>
      </MailLayout>
    );
  },
};

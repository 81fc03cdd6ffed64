/**
 * Support cancelled the renewal of the viewer's plan, or extended it as goodwill (issue 33 §4,
 * decision 414). Transactional: it changes what the viewer pays and when their access ends.
 */
import { AccountNotice, ActionLink, MailLayout, Paragraph } from './layout';
import { formatDate } from './mail-template';
import type { MailTemplate } from './mail-template';

export interface SupportPlanChangedPayload {
  change: 'cancelled' | 'extended';
  planName: string | null;
  /** The period end after the change (ISO): access runs until then. */
  periodEnd: string | null;
  /** Days added, for an extension. */
  days: number | null;
}

const dayCount = (days: number | null) => (days === 1 ? '1 day' : `${days ?? 0} days`);

export const supportPlanChanged: MailTemplate<SupportPlanChangedPayload> = {
  marketing: false,
  subject: (p) =>
    p.change === 'cancelled'
      ? 'We cancelled the renewal of your plan'
      : `We added ${dayCount(p.days)} to your plan`,
  body: (p, links) => {
    const plan = p.planName ? `your ${p.planName} plan` : 'your plan';
    const until = p.periodEnd ? formatDate(p.periodEnd) : 'the end of the period';
    return (
      <MailLayout
        preview={
          p.change === 'cancelled'
            ? 'Crease support turned off renewal; you keep access to the end of the period.'
            : 'Crease support extended your plan, free of charge.'
        }
        heading={p.change === 'cancelled' ? 'Renewal cancelled' : 'Your plan runs longer'}
        footer={<AccountNotice />}
      >
        {p.change === 'cancelled' ? (
          <Paragraph>
            As you asked, Crease support cancelled the renewal of {plan}. Nothing more is charged,
            and you keep watching until {until}.
          </Paragraph>
        ) : (
          <Paragraph>
            Crease support added {dayCount(p.days)} to {plan}, free of charge. It now runs until{' '}
            {until}.
          </Paragraph>
        )}
        <ActionLink href={links.account}>See your account</ActionLink>
      </MailLayout>
    );
  },
};

/** Welcome, at registration. Marketing (decision 291): only for viewers who said yes to news. */
import { ActionLink, MailLayout, Paragraph } from './layout';
import type { MailTemplate } from './mail-template';

export interface WelcomePayload {
  /** The welcome coupon while the account may use it, as of sending (decision 393). */
  offer?: { code: string; percentage: number } | null;
}

export const welcome: MailTemplate<WelcomePayload> = {
  marketing: true,
  subject: () => 'Welcome to Crease',
  body: (payload, links) => (
    <MailLayout
      preview="Live cricket, every ball: here is how to start watching."
      heading="Welcome to Crease"
      footer={
        <>
          You get this because you said yes to news from Crease when you registered. Turn it off any
          time under Preferences on <a href={links.account}>your account</a>.
        </>
      }
    >
      <Paragraph>
        Your account is ready. Crease streams live cricket in HD, with the scorecard beside the
        picture and replays of every finished match.
      </Paragraph>
      <Paragraph>
        Start a free trial or choose a plan: a Match Pass for one game, a Season, or a Monthly or
        Annual subscription.
      </Paragraph>
      {payload.offer ? (
        <Paragraph>
          Your first payment is {payload.offer.percentage}% off with the code{' '}
          <strong>{payload.offer.code}</strong>: enter it under Coupon code on the plans page.
        </Paragraph>
      ) : null}
      <ActionLink href={links.plans}>See the plans</ActionLink>
      <Paragraph>
        See what is on next in <a href={links.events}>the fixtures</a>.
      </Paragraph>
    </MailLayout>
  ),
};

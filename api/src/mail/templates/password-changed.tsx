/** The password was changed (reset link or change-password). Transactional: a security notice. */
import { AccountNotice, ActionLink, MailLayout, Paragraph } from './layout';
import { formatMoment } from './mail-template';
import type { MailTemplate } from './mail-template';

export interface PasswordChangedPayload {
  how: 'reset' | 'change';
  at: string;
}

export const passwordChanged: MailTemplate<PasswordChangedPayload> = {
  marketing: false,
  subject: () => 'Your Crease password was changed',
  body: (p, links) => (
    <MailLayout
      preview="If this was not you, reset your password now."
      heading="Your password was changed"
      footer={<AccountNotice />}
    >
      <Paragraph>
        The password of your Crease account was{' '}
        {p.how === 'reset' ? 'reset with an emailed link' : 'changed'} on {formatMoment(p.at)}.
        {p.how === 'reset'
          ? ' Every device was signed out.'
          : ' Every other device was signed out.'}
      </Paragraph>
      <Paragraph>If this was you, there is nothing to do.</Paragraph>
      <Paragraph>If it was not, reset your password now: only you should know it.</Paragraph>
      <ActionLink href={links.resetPassword}>Reset your password</ActionLink>
    </MailLayout>
  ),
};

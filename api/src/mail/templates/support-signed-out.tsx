/**
 * Support signed out a device, or every device, of the account (issue 33 §4, decision 402).
 * Transactional: a security notice, like the password-changed one.
 */
import { AccountNotice, ActionLink, MailLayout, Paragraph } from './layout';
import { formatMoment } from './mail-template';
import type { MailTemplate } from './mail-template';

export interface SupportSignedOutPayload {
  scope: 'one' | 'all';
  /** "Chrome on Windows" (our own words), for one device. */
  device: string | null;
  at: string;
}

export const supportSignedOut: MailTemplate<SupportSignedOutPayload> = {
  marketing: false,
  subject: (p) =>
    p.scope === 'all' ? 'We signed out every device on your account' : 'We signed out a device',
  body: (p, links) => (
    <MailLayout
      preview="Crease support signed devices out of your account."
      heading={p.scope === 'all' ? 'Every device was signed out' : 'A device was signed out'}
      footer={<AccountNotice />}
    >
      <Paragraph>
        On {formatMoment(p.at)} Crease support signed{' '}
        {p.scope === 'all'
          ? 'every device out of your account'
          : `${p.device ?? 'a device'} out of your account`}
        . Sign in again on any device you use.
      </Paragraph>
      <Paragraph>If you did not ask for this, change your password now.</Paragraph>
      <ActionLink href={links.resetPassword}>Reset your password</ActionLink>
    </MailLayout>
  ),
};

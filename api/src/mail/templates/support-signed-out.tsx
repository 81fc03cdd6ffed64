/**
 * Support signed out a device, or every device, of the account (issue 33 §4, decision 402).
 * Transactional: a security notice, like the password-changed one.
 */
import { AccountNotice, ActionLink, MailLayout, Paragraph } from './layout';
import type { MailTemplate } from './mail-template';

export interface SupportSignedOutPayload {
  scope: 'one' | 'all';
  /** "Chrome on Windows" (our own words), for one device. */
  device: string | null;
  at: string;
}

export const supportSignedOut: MailTemplate<SupportSignedOutPayload> = {
  marketing: false,
  subject: (p, text) =>
    text.t(p.scope === 'all' ? 'supportSignedOut.subjectAll' : 'supportSignedOut.subjectOne'),
  body: (p, links, text) => {
    const moment = text.moment(p.at);
    return (
      <MailLayout
        lang={text.language}
        preview={text.t('supportSignedOut.preview')}
        heading={text.t(
          p.scope === 'all' ? 'supportSignedOut.headingAll' : 'supportSignedOut.headingOne',
        )}
        footer={<AccountNotice text={text} />}
      >
        <Paragraph>
          {p.scope === 'all'
            ? text.t('supportSignedOut.all', { moment })
            : text.t('supportSignedOut.one', {
                moment,
                device: p.device ?? text.t('supportSignedOut.aDevice'),
              })}
        </Paragraph>
        <Paragraph>{text.t('supportSignedOut.notAsked')}</Paragraph>
        <ActionLink href={links.resetPassword}>{text.t('supportSignedOut.action')}</ActionLink>
      </MailLayout>
    );
  },
};

/** The password was changed (reset link or change-password). Transactional: a security notice. */
import { AccountNotice, ActionLink, MailLayout, Paragraph } from './layout';
import type { MailTemplate } from './mail-template';

export interface PasswordChangedPayload {
  how: 'reset' | 'change';
  at: string;
}

export const passwordChanged: MailTemplate<PasswordChangedPayload> = {
  marketing: false,
  subject: (_p, text) => text.t('passwordChanged.subject'),
  body: (p, links, text) => (
    <MailLayout
      lang={text.language}
      preview={text.t('passwordChanged.preview')}
      heading={text.t('passwordChanged.heading')}
      footer={<AccountNotice text={text} />}
    >
      <Paragraph>
        {text.t(p.how === 'reset' ? 'passwordChanged.reset' : 'passwordChanged.change', {
          moment: text.moment(p.at),
        })}
      </Paragraph>
      <Paragraph>{text.t('passwordChanged.you')}</Paragraph>
      <Paragraph>{text.t('passwordChanged.notYou')}</Paragraph>
      <ActionLink href={links.resetPassword}>{text.t('passwordChanged.action')}</ActionLink>
    </MailLayout>
  ),
};

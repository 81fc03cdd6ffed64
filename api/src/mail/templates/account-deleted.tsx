/** Goodbye, after an account deletion. Transactional; its address is forgotten once sent. */
import { MailLayout, Paragraph } from './layout';
import type { MailTemplate } from './mail-template';

export interface AccountDeletedMailPayload {
  displayName: string | null;
}

export const accountDeleted: MailTemplate<AccountDeletedMailPayload> = {
  marketing: false,
  subject: (_p, text) => text.t('accountDeleted.subject'),
  body: (p, links, text) => (
    <MailLayout
      lang={text.language}
      preview={text.t('accountDeleted.preview')}
      heading={text.t('accountDeleted.heading')}
      footer={text.t('accountDeleted.footer')}
    >
      <Paragraph>
        {p.displayName
          ? text.t('accountDeleted.goodbyeNamed', { name: p.displayName })
          : text.t('accountDeleted.goodbye')}
      </Paragraph>
      <Paragraph>{text.t('accountDeleted.gone')}</Paragraph>
      <Paragraph>
        {text.rich('accountDeleted.welcomeBack', {
          link: (words) => <a href={links.home}>{words}</a>,
        })}
      </Paragraph>
    </MailLayout>
  ),
};

/** Welcome, at registration. Marketing (decision 291): only for viewers who said yes to news. */
import type { ReactNode } from 'react';
import { ActionLink, MailLayout, Paragraph } from './layout';
import type { MailTemplate } from './mail-template';

export interface WelcomePayload {
  /** The welcome coupon while the account may use it, as of sending (decision 393). */
  offer?: { code: string; percentage: number } | null;
}

const linkTo = (href: string) => (words: ReactNode[]) => <a href={href}>{words}</a>;

export const welcome: MailTemplate<WelcomePayload> = {
  marketing: true,
  subject: (_p, text) => text.t('welcome.subject'),
  body: (payload, links, text) => (
    <MailLayout
      lang={text.language}
      preview={text.t('welcome.preview')}
      heading={text.t('welcome.heading')}
      footer={text.rich('welcome.footer', { link: linkTo(links.account) })}
    >
      <Paragraph>{text.t('welcome.ready')}</Paragraph>
      <Paragraph>{text.t('welcome.plans')}</Paragraph>
      {payload.offer ? (
        <Paragraph>
          {text.rich('welcome.offer', {
            percentage: text.number(payload.offer.percentage),
            code: payload.offer.code,
            b: (words) => <strong>{words}</strong>,
          })}
        </Paragraph>
      ) : null}
      <ActionLink href={links.plans}>{text.t('welcome.action')}</ActionLink>
      <Paragraph>{text.rich('welcome.fixtures', { link: linkTo(links.events) })}</Paragraph>
    </MailLayout>
  ),
};

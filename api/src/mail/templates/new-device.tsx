/**
 * A sign-in from a device the account never used. Transactional: a security notice. It shows
 * only words we chose (decision 407): the device as our parser named it, and the network with its
 * host part hidden; never text the client sent.
 */
import { describeDevice } from '../../accounts';
import { AccountNotice, ActionLink, Facts, MailLayout, Paragraph } from './layout';
import type { MailTemplate } from './mail-template';

export interface NewDevicePayload {
  /** "Chrome on Windows" (user-agent.ts). */
  device?: string;
  /** "203.0.113.x", or null when the address was not known. */
  network?: string | null;
  /** Rows queued before decision 407 carry the spec enums instead; their userAgent is ignored. */
  deviceOs?: string;
  deviceType?: string;
  at: string;
}

const deviceOf = (p: NewDevicePayload) =>
  p.device ?? describeDevice('', p.deviceType ?? '', p.deviceOs ?? '');

export const newDevice: MailTemplate<NewDevicePayload> = {
  marketing: false,
  subject: (_p, text) => text.t('newDevice.subject'),
  body: (p, links, text) => (
    <MailLayout
      lang={text.language}
      preview={text.t('newDevice.preview', { device: deviceOf(p), moment: text.moment(p.at) })}
      heading={text.t('newDevice.heading')}
      footer={<AccountNotice text={text} />}
    >
      <Paragraph>{text.t('newDevice.intro')}</Paragraph>
      <Facts
        rows={[
          [text.t('newDevice.when'), text.moment(p.at)],
          [text.t('newDevice.device'), deviceOf(p)],
          ...(p.network ? [[text.t('newDevice.network'), p.network] as [string, string]] : []),
        ]}
      />
      <Paragraph>{text.t('newDevice.advice')}</Paragraph>
      <ActionLink href={links.account}>{text.t('newDevice.action')}</ActionLink>
    </MailLayout>
  ),
};

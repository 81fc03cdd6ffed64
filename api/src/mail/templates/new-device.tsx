/**
 * A sign-in from a device the account never used. Transactional: a security notice. It shows
 * only words we chose (decision 407): the device as our parser named it, and the network with its
 * host part hidden; never text the client sent.
 */
import { describeDevice } from '../../accounts';
import { AccountNotice, ActionLink, Facts, MailLayout, Paragraph } from './layout';
import { formatMoment } from './mail-template';
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
  subject: () => 'New sign-in to your Crease account',
  body: (p, links) => (
    <MailLayout
      preview={`${deviceOf(p)} signed in on ${formatMoment(p.at)}.`}
      heading="Signed in on a new device"
      footer={<AccountNotice />}
    >
      <Paragraph>
        Your Crease account was just signed in on a device it had not used before.
      </Paragraph>
      <Facts
        rows={[
          ['When', formatMoment(p.at)],
          ['Device', deviceOf(p)],
          ...(p.network ? [['Network (approximate)', p.network] as [string, string]] : []),
        ]}
      />
      <Paragraph>
        If it was you, there is nothing to do. If not, sign that device out on your account and
        change your password.
      </Paragraph>
      <ActionLink href={links.account}>Review your devices</ActionLink>
    </MailLayout>
  ),
};

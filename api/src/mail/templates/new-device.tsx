/** A sign-in from a device the account never used. Transactional: a security notice. */
import { AccountNotice, ActionLink, Facts, MailLayout, Paragraph } from './layout';
import { formatMoment } from './mail-template';
import type { MailTemplate } from './mail-template';

export interface NewDevicePayload {
  deviceOs: string;
  deviceType: string;
  userAgent: string;
  at: string;
}

export const newDevice: MailTemplate<NewDevicePayload> = {
  marketing: false,
  subject: () => 'New sign-in to your Crease account',
  body: (p, links) => (
    <MailLayout
      preview={`A ${p.deviceType.toLowerCase()} signed in on ${formatMoment(p.at)}.`}
      heading="Signed in on a new device"
      footer={<AccountNotice />}
    >
      <Paragraph>
        Your Crease account was just signed in on a device it had not used before.
      </Paragraph>
      <Facts
        rows={[
          ['When', formatMoment(p.at)],
          ['Device', `${p.deviceType} · ${p.deviceOs}`],
          ['Browser', p.userAgent],
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

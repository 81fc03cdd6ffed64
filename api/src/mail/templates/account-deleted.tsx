/** Goodbye, after an account deletion. Transactional; its address is forgotten once sent. */
import { MailLayout, Paragraph } from './layout';
import type { MailTemplate } from './mail-template';

export interface AccountDeletedMailPayload {
  displayName: string | null;
}

export const accountDeleted: MailTemplate<AccountDeletedMailPayload> = {
  marketing: false,
  subject: () => 'Your Crease account has been deleted',
  body: (p, links) => (
    <MailLayout
      preview="Your account and its sign-ins are gone."
      heading="Your account has been deleted"
      footer={
        <>
          This is the last message we send to this address about the account. We do not keep the
          address after sending it.
        </>
      }
    >
      <Paragraph>{p.displayName ? `Goodbye, ${p.displayName}.` : 'Goodbye.'}</Paragraph>
      <Paragraph>
        Your Crease account has been deleted and every device has been signed out. The record of
        your payments is kept, without your name or email, for as long as the law requires.
      </Paragraph>
      <Paragraph>
        You are welcome back any time: <a href={links.home}>crease</a>.
      </Paragraph>
    </MailLayout>
  ),
};

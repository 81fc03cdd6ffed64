/**
 * The development outbox as a viewer's mailbox, for API tests: find a mailed link, and prove the
 * address as the viewer would (decision 405).
 */
import { newViewer } from './billing-helpers';
import type { Viewer } from './billing-helpers';
import type { ApiClient, RunningApi } from './test-api';

interface OutboxMail {
  subject: string;
  text: string;
  links: string[];
}

/** The mail the outbox holds for `email`, newest first. */
export async function mailbox(client: ApiClient, email: string): Promise<OutboxMail[]> {
  const { body } = await client.get<OutboxMail[]>(
    `/api/v1/dev/outbox?to=${encodeURIComponent(email)}`,
  );
  return body;
}

/** Polls the outbox (mail is sent after the answer) for a link containing `part`. */
export async function mailedLink(client: ApiClient, email: string, part: string): Promise<URL> {
  for (let i = 0; i < 400; i++) {
    const link = (await mailbox(client, email))
      .flatMap((mail) => mail.links)
      .find((l) => l.includes(part));
    if (link) return new URL(link);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no mail with a ${part} link for ${email}`);
}

/** Opens the verification link mailed at registration: the address is proved. */
export async function verifyEmail(client: ApiClient, email: string): Promise<void> {
  const link = await mailedLink(client, email, '/verify-email?');
  const res = await client.postJson('/api/v1/auth/verify-email', {
    email: link.searchParams.get('email'),
    token: link.searchParams.get('token'),
  });
  if (res.status !== 200) throw new Error(`verify-email: ${res.status} ${res.text}`);
}

/** A signed-in viewer (billing-helpers' newViewer) whose address is proved. */
export async function verifiedViewer(api: RunningApi, prefix: string): Promise<Viewer> {
  const viewer = await newViewer(api, prefix);
  await verifyEmail(viewer.client, viewer.email);
  return viewer;
}

import { useEffect, useState } from 'react';
import { ACCOUNT_PATHS } from '@crease/contract';
import type { ScreenProps } from '@crease/contract';
import { Alert, Button } from '@crease/ui';
import { useMessages } from '../../messages';
import styles from '../account-screen.module.css';

type State = { verified: boolean } | null;

/**
 * Whether the viewer's email address is confirmed (decision 405), and a way to send a new link.
 * Until it is, nothing but confirmation links, reset links and sign-in codes goes to it: no
 * receipts, sign-in notices or reminders. Watching does not depend on it.
 */
export function EmailConfirmation({ platform }: { platform: ScreenProps['platform'] }) {
  const { t, language } = useMessages();
  const [state, setState] = useState<State>(null);
  const [sent, setSent] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    platform.http
      .get(ACCOUNT_PATHS.emailVerification)
      .json<{ verified: boolean }>()
      .then((body) => live && setState({ verified: body.verified }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [platform]);

  const resend = async () => {
    setBusy(true);
    try {
      const body = await platform.http
        .post(ACCOUNT_PATHS.emailVerification, { json: {} })
        .json<{ message: string }>();
      // The API's sentence is English; another language says the same in its own words.
      setSent({ ok: true, message: language === 'en' ? body.message : t('email.linkSent') });
    } catch {
      setSent({ ok: false, message: t('email.linkFailed') });
    }
    setBusy(false);
  };

  if (!state) return null;
  if (state.verified) return <p className={styles.muted}>{t('email.confirmed')}</p>;
  return (
    <Alert tone="info" title={t('email.confirmTitle')}>
      <p>{t('email.confirmText')}</p>
      {sent ? <p role="status">{sent.message}</p> : null}
      <Button variant="secondary" busy={busy} onClick={() => void resend()}>
        {t('email.sendLink')}
      </Button>
    </Alert>
  );
}

import { useState } from 'react';
import { ACCOUNT_DELETED_PARAM } from '@crease/contract';
import type { ScreenProps } from '@crease/contract';
import { Button } from '@crease/ui';
import { deleteAccount } from '../../api/billing-client';
import { messageOf } from './account-data';
import { AccountSection } from './account-section';
import { DeleteAccountDialog } from './delete-account-dialog';
import { useMessages } from '../../messages';
import styles from '../account-screen.module.css';

/**
 * "Delete account" (decision 302): the dialog says what happens and asks for the password; once
 * the API has deleted the account this browser signs out (the API has ended every session
 * already) and goes to the sign-in page, which confirms the deletion.
 */
export function DeleteAccountSection({
  planName,
  platform,
  navigate,
}: {
  planName: string | null;
  platform: ScreenProps['platform'];
  navigate: ScreenProps['navigate'];
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const words = useMessages();
  const { t } = words;
  const confirm = async (password: string) => {
    setBusy(true);
    setError(null);
    try {
      await deleteAccount(platform, password);
      // The API has ended every session; this tab forgets its tokens and shows the sign-in page
      // (where the shell's guard sends a signed-out tab from /account anyway).
      // The sign-in page then confirms the deletion (issue 36 §6: nothing said it was done).
      // Moved there first: signed out on /account, the shell's guard would send the tab to
      // /signin?returnTo=/account instead.
      navigate(`/signin?${ACCOUNT_DELETED_PARAM}=1`, { replace: true });
      platform.session.signOut();
    } catch (problem) {
      setError(messageOf(problem, words));
      setBusy(false);
    }
  };
  return (
    <AccountSection id="account-delete" title={t('delete.title')}>
      <p className={styles.muted}>{t('delete.text')}</p>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('delete.open')}
      </Button>
      {open ? (
        <DeleteAccountDialog
          planName={planName}
          busy={busy}
          error={error}
          onCancel={() => {
            setOpen(false);
            setError(null);
          }}
          onConfirm={(password) => void confirm(password)}
        />
      ) : null}
    </AccountSection>
  );
}

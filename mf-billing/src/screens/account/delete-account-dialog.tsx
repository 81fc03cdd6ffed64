import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, TextField } from '@crease/ui';
import { useMessages } from '../../messages';
import styles from '../account-screen.module.css';

/**
 * The confirmation before deleting (decision 302): it names what is lost (sessions everywhere,
 * the plan now and without a refund, devices and follows), what is kept (the payment records,
 * anonymised, as tax law requires) and asks for the password. A native modal <dialog>: focus
 * moves into it and Escape closes it.
 */
export function DeleteAccountDialog({
  planName,
  busy,
  error,
  onCancel,
  onConfirm,
}: {
  /** The plan that ends now, or null without one. */
  planName: string | null;
  busy: boolean;
  error: string | null;
  onCancel(): void;
  onConfirm(password: string): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [password, setPassword] = useState('');
  const { t } = useMessages();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Browsers without showModal (older ones, jsdom) still show it, as a non-modal dialog.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => dialog.close?.();
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) onConfirm(password);
  };
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby="delete-account-title"
      aria-describedby="delete-account-consequences"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <form onSubmit={submit} noValidate>
        <h2 id="delete-account-title" className={styles.sectionTitle}>
          {t('delete.question')}
        </h2>
        <div id="delete-account-consequences">
          <p>{t('delete.cannotUndo')}</p>
          <ul>
            <li>{t('delete.signsOut')}</li>
            <li>{planName ? t('delete.endsPlan', { plan: planName }) : t('delete.endsAnyPlan')}</li>
            <li>{t('delete.removes')}</li>
          </ul>
          <p className={styles.muted}>{t('delete.records')}</p>
        </div>
        <TextField
          label={t('delete.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className={styles.actions}>
          <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
            {t('delete.keep')}
          </Button>
          <Button type="submit" variant="danger" busy={busy} disabled={!password}>
            {t('delete.confirm')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}

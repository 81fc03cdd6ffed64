import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { Button } from '@crease/ui';
import type { AccountSwitchState } from '../session/account-switch';
import { useMessages } from '../messages';
import styles from './account-switch-dialog.module.css';

export type AccountSwitchQuestion = Extract<AccountSwitchState, { step: 'confirm' | 'failed' }>;

export interface AccountSwitchDialogProps {
  question: AccountSwitchQuestion;
  onAccept(): void;
  onDismiss(): void;
}

/**
 * Asks a signed-in viewer before a link's access_token swaps their account (decision 160), or
 * says why the link was not used. A native modal <dialog>: the page behind is inert, Escape
 * declines, and focus starts on the choice that changes nothing and returns where it was.
 */
export default function AccountSwitchDialog({
  question,
  onAccept,
  onDismiss,
}: AccountSwitchDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const { t, rich } = useMessages();
  let strongs = 0;
  const strong = (chunks: ReactNode[]) => (
    <strong key={strongs++} className={styles.email}>
      {chunks}
    </strong>
  );

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom (unit tests) has no showModal; every browser the site supports has.
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    dialog.querySelector<HTMLElement>('[data-initial-focus]')?.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      if (before?.isConnected) before.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        // Escape: the same as the choice that changes nothing.
        event.preventDefault();
        onDismiss();
      }}
    >
      {question.step === 'confirm' ? (
        <>
          <h2 id={titleId} className={styles.title}>
            {t('switch.title')}
          </h2>
          <div id={textId}>
            <p className={styles.text}>
              {rich<ReactNode>('switch.who', {
                offered: question.offered,
                current: question.current,
                strong,
              })}
            </p>
            <p className={styles.text}>{t('switch.effect', { current: question.current })}</p>
          </div>
          <div className={styles.actions}>
            <Button variant="secondary" data-initial-focus onClick={onDismiss}>
              {t('switch.stay', { current: question.current })}
            </Button>
            <Button variant="primary" onClick={onAccept}>
              {t('switch.accept', { offered: question.offered })}
            </Button>
          </div>
        </>
      ) : (
        <>
          <h2 id={titleId} className={styles.title}>
            {t('switch.failed.title')}
          </h2>
          <p id={textId} className={styles.text}>
            {t(`switch.failed.${question.reason}`)}
          </p>
          <div className={styles.actions}>
            <Button variant="primary" data-initial-focus onClick={onDismiss}>
              {t('switch.close')}
            </Button>
          </div>
        </>
      )}
    </dialog>
  );
}

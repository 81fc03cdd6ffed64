import { useEffect, useId, useRef } from 'react';
import { Button } from '@crease/ui';
import type { AccountSwitchState } from '../session/account-switch';
import styles from './account-switch-dialog.module.css';

export type AccountSwitchQuestion = Extract<AccountSwitchState, { step: 'confirm' | 'failed' }>;

export interface AccountSwitchDialogProps {
  question: AccountSwitchQuestion;
  onAccept(): void;
  onDismiss(): void;
}

const FAILURE_TEXT = {
  'link-refused': 'The link has expired or is not valid.',
  unavailable: 'We could not check the link just now.',
} as const;

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
            Switch to another account?
          </h2>
          <div id={textId}>
            <p className={styles.text}>
              This link signs in as <strong className={styles.email}>{question.offered}</strong>.
              You are signed in as <strong className={styles.email}>{question.current}</strong>.
            </p>
            <p className={styles.text}>
              If you switch, {question.current} is signed out in this browser.
            </p>
          </div>
          <div className={styles.actions}>
            <Button variant="secondary" data-initial-focus onClick={onDismiss}>
              Stay signed in as {question.current}
            </Button>
            <Button variant="primary" onClick={onAccept}>
              Switch to {question.offered}
            </Button>
          </div>
        </>
      ) : (
        <>
          <h2 id={titleId} className={styles.title}>
            This sign-in link did not work
          </h2>
          <p id={textId} className={styles.text}>
            {FAILURE_TEXT[question.reason]} Nothing changed: you are still signed in.
          </p>
          <div className={styles.actions}>
            <Button variant="primary" data-initial-focus onClick={onDismiss}>
              Close
            </Button>
          </div>
        </>
      )}
    </dialog>
  );
}

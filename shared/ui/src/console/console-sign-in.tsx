import type { ReactNode, Ref } from 'react';
import { Heading } from '../components/heading';
import styles from './console-sign-in.module.css';

export interface ConsoleSignInProps {
  /** "Sign in to the release console". */
  title: string;
  /** Who signs in here and with what. */
  intro: ReactNode;
  /** The refusal or the "signed out" notice, or null. */
  alert: ReactNode;
  /** The alert's slot, focused when an alert appears so that a screen reader reads it. */
  alertRef: Ref<HTMLDivElement>;
  /** The console's own form. */
  children: ReactNode;
}

/** A console's sign-in page: the title, who it is for, the alert slot, then the form. */
export function ConsoleSignIn({ title, intro, alert, alertRef, children }: ConsoleSignInProps) {
  return (
    <main id="main" className={styles.main}>
      <section className={styles.card} aria-labelledby="sign-in-title">
        <Heading level={1} id="sign-in-title">
          {title}
        </Heading>
        <p className={styles.intro}>{intro}</p>
        <div ref={alertRef} tabIndex={-1} className={styles.alertSlot}>
          {alert}
        </div>
        {children}
      </section>
    </main>
  );
}

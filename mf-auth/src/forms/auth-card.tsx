import type { ReactNode } from 'react';
import { Heading, Page } from '@crease/ui';
import styles from './auth-form.module.css';

export interface AuthCardProps {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}

/** The frame of every accounts screen: a narrow card with one level-1 heading. */
export function AuthCard({ title, lead, children }: AuthCardProps) {
  return (
    <Page width="narrow">
      <section className={styles.card} aria-labelledby="auth-title">
        <Heading level={1} id="auth-title">
          {title}
        </Heading>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
        {children}
      </section>
    </Page>
  );
}

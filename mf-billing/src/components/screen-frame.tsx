import type { ReactNode } from 'react';
import { Heading, Page } from '@crease/ui';
import type { PageProps } from '@crease/ui';
import styles from './screen-frame.module.css';

export interface ScreenFrameProps {
  title: string;
  /** An id for the level-1 heading, unique per screen, so sections can be labelled by it. */
  titleId: string;
  lead?: ReactNode;
  eyebrow?: string;
  width?: PageProps['width'];
  children: ReactNode;
}

/**
 * The frame of every billing screen, in the welcome page's design language: an eyebrow, one
 * level-1 heading and a muted lead over the content column.
 */
export function ScreenFrame({
  title,
  titleId,
  lead,
  eyebrow,
  width = 'wide',
  children,
}: ScreenFrameProps) {
  return (
    <Page width={width}>
      <section aria-labelledby={titleId}>
        <header className={styles.header}>
          {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
          <Heading level={1} id={titleId} className={styles.title}>
            {title}
          </Heading>
          {lead ? <div className={styles.lead}>{lead}</div> : null}
        </header>
        {children}
      </section>
    </Page>
  );
}

import { useEffect, useRef } from 'react';
import { Button, Heading, Page } from '@crease/ui';
import { useMessages } from '../messages';
import styles from './remote-unavailable.module.css';

export interface RemoteUnavailableProps {
  productName: string;
  onRetry(): void;
}

/** docs/architecture.md §3: the designed end of a failed load. The header and footer stay usable. */
export function RemoteUnavailable({ productName, onRetry }: RemoteUnavailableProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { t } = useMessages();
  useEffect(() => heading.current?.focus(), []);
  return (
    <Page width="narrow">
      <section className={styles.panel} role="alert" aria-labelledby="remote-unavailable-title">
        <Heading level={1} id="remote-unavailable-title" ref={heading} tabIndex={-1}>
          {t('remote.unavailable.title', { productName })}
        </Heading>
        <p className={styles.text}>{t('remote.unavailable.text')}</p>
        <Button onClick={onRetry}>{t('remote.unavailable.retry')}</Button>
      </section>
    </Page>
  );
}

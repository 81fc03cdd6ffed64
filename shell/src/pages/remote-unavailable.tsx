import { useEffect, useRef } from 'react';
import { Button, Heading, Page } from '@crease/ui';
import styles from './remote-unavailable.module.css';

export interface RemoteUnavailableProps {
  productName: string;
  onRetry(): void;
}

/** docs/architecture.md §3: the designed end of a failed load. The header and footer stay usable. */
export function RemoteUnavailable({ productName, onRetry }: RemoteUnavailableProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Page width="narrow">
      <section className={styles.panel} role="alert" aria-labelledby="remote-unavailable-title">
        <Heading level={1} id="remote-unavailable-title" ref={heading} tabIndex={-1}>
          This part of {productName} is unavailable
        </Heading>
        <p className={styles.text}>
          We couldn’t load this screen just now. The rest of the site still works. Check your
          connection and try again.
        </p>
        <Button onClick={onRetry}>Retry</Button>
      </section>
    </Page>
  );
}

import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { SupportViewer } from '@crease/contract';
import { Alert, Button, Heading, TextField } from '@crease/ui';
import { isStaffApiError, isUnauthorized } from '../api/staff-client';
import styles from '../ops.module.css';
import detail from './detail.module.css';
import type { ScreenProps } from './staff-screen';
import { EmptyState, ErrorState, LoadingState } from './states';
import { ViewerPanels } from './viewer-panels';

type Lookup =
  | { status: 'idle' }
  | { status: 'loading'; email: string }
  | { status: 'missing'; email: string }
  | { status: 'error'; email: string; code: string; message: string }
  | { status: 'ready'; email: string; viewer: SupportViewer };

/** Support (and admin): find a viewer by email, see what the task needs, act with a reason. */
export function SupportScreen({ client, onUnauthorized }: ScreenProps) {
  const [email, setEmail] = useState('');
  const [lookup, setLookup] = useState<Lookup>({ status: 'idle' });
  const [outcome, setOutcome] = useState<string | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const find = (address: string, keepOutcome = false) => {
    if (!keepOutcome) setOutcome(null);
    setLookup({ status: 'loading', email: address });
    client.findViewer(address).then(
      (viewer) => setLookup({ status: 'ready', email: address, viewer }),
      (caught: unknown) => {
        if (isUnauthorized(caught)) onUnauthorized((caught as Error).message);
        if (isStaffApiError(caught) && caught.code === 'VIEWER_NOT_FOUND')
          setLookup({ status: 'missing', email: address });
        else
          setLookup({
            status: 'error',
            email: address,
            ...(isStaffApiError(caught)
              ? { code: caught.code, message: caught.message }
              : { code: 'CONSOLE_ERROR', message: 'The viewer could not be loaded.' }),
          });
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) find(email.trim());
  };

  return (
    <>
      <div className={styles.titleRow}>
        <Heading level={1}>Support</Heading>
        <p className={styles.muted}>Find a viewer by the email they signed up with.</p>
      </div>
      <form className={detail.searchRow} onSubmit={submit} role="search">
        <TextField
          label="Viewer email"
          name="viewer-email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" busy={lookup.status === 'loading'}>
          Find viewer
        </Button>
      </form>
      <div ref={outcomeRef} tabIndex={-1} className={styles.alertSlot}>
        {outcome ? (
          <Alert tone="success" title="Done">
            {outcome}
          </Alert>
        ) : null}
      </div>
      {lookup.status === 'idle' ? (
        <section className={styles.panel}>
          <EmptyState title="No viewer open">
            Search by email to see their plan, payments, devices and the mail sent to them.
          </EmptyState>
        </section>
      ) : lookup.status === 'loading' ? (
        <section className={styles.panel}>
          <LoadingState label={`Looking up ${lookup.email}…`} />
        </section>
      ) : lookup.status === 'missing' ? (
        <section className={styles.panel}>
          <EmptyState title={`No viewer has the email ${lookup.email}`}>
            Check the spelling, or ask for the address they sign in with.
          </EmptyState>
        </section>
      ) : lookup.status === 'error' ? (
        <section className={styles.panel}>
          <ErrorState
            title="The viewer could not be loaded"
            code={lookup.code}
            message={lookup.message}
            onRetry={() => find(lookup.email)}
          />
        </section>
      ) : (
        <ViewerPanels
          viewer={lookup.viewer}
          client={client}
          onUnauthorized={onUnauthorized}
          onActionDone={(message) => {
            setOutcome(message);
            find(lookup.email, true);
          }}
        />
      )}
    </>
  );
}

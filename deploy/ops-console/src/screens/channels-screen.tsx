import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { IngestKeyCreated, IngestKeySummary, IngestRole } from '@crease/contract';
import { Alert, Button, Heading, TextField } from '@crease/ui';
import { isStaffApiError, isUnauthorized } from '../api/staff-client';
import styles from '../ops.module.css';
import detail from './detail.module.css';
import { formatMoment } from './format';
import { NewKey } from './new-ingest-key';
import type { ScreenProps } from './staff-screen';
import { EmptyState, ErrorState, ErrorText, LoadingState } from './states';

type Keys =
  | { status: 'idle' }
  | { status: 'loading'; channelId: string }
  | { status: 'error'; channelId: string; code: string; message: string }
  | { status: 'ready'; channelId: string; keys: IngestKeySummary[] };

/** What waits for the producer's second click: revoking a key, or rotating it. */
type Confirm = { kind: 'revoke' | 'rotate'; key: IngestKeySummary } | null;

/**
 * Producer (and admin): a channel's primary and backup stream keys. A new key is shown once with
 * the encoder settings; rotating makes a new key of the same role, then revokes the old one.
 */
export function ChannelsScreen({ client, onUnauthorized }: ScreenProps) {
  const [channelId, setChannelId] = useState('');
  const [keys, setKeys] = useState<Keys>({ status: 'idle' });
  const [created, setCreated] = useState<IngestKeyCreated | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  const failed = (caught: unknown) => {
    setBusy(false);
    if (isUnauthorized(caught)) onUnauthorized((caught as Error).message);
    setError(
      isStaffApiError(caught)
        ? { code: caught.code, message: caught.message }
        : { code: 'CONSOLE_ERROR', message: 'The key could not be changed.' },
    );
  };
  const load = (id: string) => {
    setKeys({ status: 'loading', channelId: id });
    client.ingestKeys(id).then(
      (list) => setKeys({ status: 'ready', channelId: id, keys: list }),
      (caught: unknown) => {
        if (isUnauthorized(caught)) onUnauthorized((caught as Error).message);
        setKeys({
          status: 'error',
          channelId: id,
          ...(isStaffApiError(caught)
            ? { code: caught.code, message: caught.message }
            : { code: 'CONSOLE_ERROR', message: 'The keys could not be loaded.' }),
        });
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCreated(null);
    setError(null);
    if (channelId.trim()) load(channelId.trim());
  };
  const create = async (id: string, role: IngestRole) => {
    setBusy(true);
    setError(null);
    const made = await client.createIngestKey(id, role);
    setCreated(made);
    return made;
  };
  const act = (id: string) => {
    if (!confirm) return;
    const { kind, key } = confirm;
    setBusy(true);
    setError(null);
    const done = () => {
      setBusy(false);
      setConfirm(null);
      load(id);
    };
    // Rotation: the new key first, so the channel is never without one.
    (kind === 'rotate'
      ? create(id, key.role).then(() => client.revokeIngestKey(id, key.keyId))
      : client.revokeIngestKey(id, key.keyId)
    ).then(done, failed);
  };

  const shown = keys.status === 'ready' ? keys : null;
  return (
    <>
      <div className={styles.titleRow}>
        <Heading level={1}>Channels</Heading>
        <p className={styles.muted}>
          Stream keys for each channel&apos;s primary and backup input.
        </p>
      </div>
      <form className={detail.searchRow} onSubmit={submit}>
        <TextField
          label="Channel id"
          name="channel-id"
          autoComplete="off"
          spellCheck={false}
          value={channelId}
          onChange={(event) => setChannelId(event.target.value)}
          hint="As the catalog names it, for example ch-1."
        />
        <Button type="submit" busy={keys.status === 'loading'}>
          Show keys
        </Button>
      </form>
      <div ref={errorRef} tabIndex={-1} className={styles.alertSlot}>
        {error ? (
          <Alert tone="error" title="Not done">
            <ErrorText code={error.code} message={error.message} />
          </Alert>
        ) : null}
      </div>
      {created ? <NewKey created={created} onDone={() => setCreated(null)} /> : null}
      <section className={styles.panel} aria-label="Stream keys">
        {keys.status === 'idle' ? (
          <EmptyState title="No channel open">Enter a channel id to see its keys.</EmptyState>
        ) : keys.status === 'loading' ? (
          <LoadingState label={`Loading the keys of ${keys.channelId}…`} />
        ) : keys.status === 'error' ? (
          <ErrorState
            title="The keys could not be loaded"
            code={keys.code}
            message={keys.message}
            onRetry={() => load(keys.channelId)}
          />
        ) : null}
        {shown ? (
          <>
            <div className={styles.panelHead}>
              <h2>{shown.channelId}</h2>
              <div className={styles.rowActions}>
                {(['primary', 'backup'] as const).map((role) => (
                  <button
                    key={role}
                    type="button"
                    className={styles.smallButton}
                    disabled={busy}
                    onClick={() =>
                      create(shown.channelId, role).then(() => {
                        setBusy(false);
                        load(shown.channelId);
                      }, failed)
                    }
                  >
                    New {role} key
                  </button>
                ))}
              </div>
            </div>
            {shown.keys.length === 0 ? (
              <EmptyState title="No keys yet">Make a primary key for the encoder.</EmptyState>
            ) : (
              <ul className={detail.deviceList}>
                {shown.keys.map((key) => (
                  <li key={key.keyId} className={detail.device}>
                    <div>
                      <p className={detail.deviceName}>
                        {key.role === 'primary' ? 'Primary' : 'Backup'} ·{' '}
                        <code>{key.keyId.slice(0, 8)}</code>
                        {key.publishing ? <span className={styles.liveTag}>On air</span> : null}
                        {key.revokedAt ? <span className={styles.roleTag}>Revoked</span> : null}
                      </p>
                      <p className={styles.muted}>
                        Made {formatMoment(key.createdAt)} by {key.createdBy}
                        {key.revokedAt ? ` · revoked ${formatMoment(key.revokedAt)}` : ''}
                      </p>
                    </div>
                    {key.revokedAt ? null : confirm?.key.keyId === key.keyId ? (
                      <div className={styles.rowActions}>
                        <Button variant="danger" busy={busy} onClick={() => act(shown.channelId)}>
                          {confirm.kind === 'rotate'
                            ? 'Rotate: new key, revoke this'
                            : 'Revoke now'}
                        </Button>
                        <Button variant="ghost" disabled={busy} onClick={() => setConfirm(null)}>
                          Cancel
                        </Button>
                      </div>
                    ) : (
                      <div className={styles.rowActions}>
                        <button
                          type="button"
                          className={styles.smallButton}
                          onClick={() => setConfirm({ kind: 'rotate', key })}
                        >
                          Rotate
                        </button>
                        <button
                          type="button"
                          className={styles.smallButton}
                          onClick={() => setConfirm({ kind: 'revoke', key })}
                        >
                          Revoke
                        </button>
                      </div>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : null}
      </section>
    </>
  );
}

import { useEffect, useId, useState } from 'react';
import { Alert, Heading } from '@crease/ui';
import { isConsoleApiError, isUnauthorized } from '../api/release-console-client';
import type { ReleaseConsoleClient } from '../api/release-console-client';
import type { HistoryEntry } from '../api/release-types';
import { formatTime } from './format';
import { ErrorText } from './sign-in';
import styles from '../console.module.css';

function describe(entry: HistoryEntry): string {
  if (entry.action === 'canary' && entry.percent !== undefined) return `canary ${entry.percent} %`;
  if (entry.action === 'canary-rollback' && entry.automatic) return 'canary rollback (automatic)';
  return entry.action;
}

/** The history, newest first, for every app or one (GET /history?app=). */
export function HistoryPanel({
  client,
  apps,
  revision,
  onUnauthorized,
}: {
  client: ReleaseConsoleClient;
  apps: string[];
  /** Reloads when the registry moves on. */
  revision: number;
  onUnauthorized: (message: string) => void;
}) {
  const filterId = useId();
  const [app, setApp] = useState('');
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);

  useEffect(() => {
    let current = true;
    client.history(app || undefined).then(
      (answer) => {
        if (!current) return;
        setError(null);
        setEntries(answer.entries);
      },
      (caught: unknown) => {
        if (!current) return;
        if (isUnauthorized(caught) && isConsoleApiError(caught))
          return onUnauthorized(caught.message);
        setError(
          isConsoleApiError(caught)
            ? { code: caught.code, message: caught.message }
            : { code: 'RELEASE_API_ERROR', message: 'The history could not be read.' },
        );
      },
    );
    return () => {
      current = false;
    };
  }, [client, app, revision, onUnauthorized]);

  return (
    <section className={styles.panel} aria-labelledby="history-title">
      <div className={styles.panelHead}>
        <Heading level={2} id="history-title">
          History
        </Heading>
        <div className={styles.inlineField}>
          <label htmlFor={filterId}>Filter by remote</label>
          <select
            id={filterId}
            className={styles.input}
            value={app}
            onChange={(event) => setApp(event.target.value)}
          >
            <option value="">All apps</option>
            {apps.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error ? (
        <Alert tone="error" title="History unavailable">
          <ErrorText code={error.code} message={error.message} />
        </Alert>
      ) : entries === null ? (
        <p className={styles.muted} role="status">
          Loading the history…
        </p>
      ) : entries.length === 0 ? (
        <p className={styles.empty}>No history{app ? ` for ${app}` : ''} yet.</p>
      ) : (
        <div
          className={styles.tableScroll}
          tabIndex={0}
          role="region"
          aria-labelledby="history-title"
        >
          <table className={styles.table}>
            <caption className={styles.caption}>
              {app ? `History of ${app}` : 'History of every app'}, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Rev.</th>
                <th scope="col">When</th>
                <th scope="col">App</th>
                <th scope="col">Action</th>
                <th scope="col">Version</th>
                <th scope="col">By</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry, index) => (
                <tr key={`${entry.revision}-${entry.app}-${entry.action}-${index}`}>
                  <td>{entry.revision}</td>
                  <td>
                    <time dateTime={entry.at}>{formatTime(entry.at)}</time>
                  </td>
                  <td>{entry.app}</td>
                  <td>{describe(entry)}</td>
                  <td>
                    {entry.from ? (
                      <>
                        <code>{entry.from}</code> →{' '}
                      </>
                    ) : null}
                    <code>{entry.to}</code>
                  </td>
                  <td>{entry.actor}</td>
                  <td>{entry.reason ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

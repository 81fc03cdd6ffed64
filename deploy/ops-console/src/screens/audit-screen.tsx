import { useState } from 'react';
import type { StaffAuditEntry, StaffMember } from '@crease/contract';
import { Button, Heading } from '@crease/ui';
import { isStaffApiError } from '../api/staff-client';
import styles from '../ops.module.css';
import detail from './detail.module.css';
import { formatMoment } from './format';
import type { ScreenProps } from './staff-screen';
import { EmptyState, ErrorState, ErrorText, LoadingState } from './states';
import { useLoad } from './use-load';

/** The API's page size: a shorter page is the last one. */
const PAGE = 50;

/** Admin: the append-only audit log, newest first; read-only (the API has no edit path). */
export function AuditScreen({ client, onUnauthorized }: ScreenProps) {
  const [first, reload] = useLoad(
    () => Promise.all([client.audit(), client.members()]),
    onUnauthorized,
  );
  const [older, setOlder] = useState<StaffAuditEntry[]>([]);
  const [more, setMore] = useState<'idle' | 'loading' | 'end' | { code: string; message: string }>(
    'idle',
  );

  const entries = first.status === 'ready' ? [...first.data[0], ...older] : [];
  const emails = new Map<string, string>(
    first.status === 'ready' ? first.data[1].map((m: StaffMember) => [m.id, m.email]) : [],
  );
  const loadOlder = () => {
    const last = entries[entries.length - 1];
    if (!last) return;
    setMore('loading');
    client.audit(last.id).then(
      (page) => {
        setOlder((kept) => [...kept, ...page]);
        setMore(page.length < PAGE ? 'end' : 'idle');
      },
      (caught: unknown) =>
        setMore(
          isStaffApiError(caught)
            ? { code: caught.code, message: caught.message }
            : { code: 'CONSOLE_ERROR', message: 'Older entries could not be loaded.' },
        ),
    );
  };

  return (
    <>
      <div className={styles.titleRow}>
        <Heading level={1}>Audit log</Heading>
        <p className={styles.muted}>
          Every staff and bot action: who, what, when, before → after. It cannot be edited.
        </p>
      </div>
      <section className={styles.panel} aria-label="Audit entries">
        {first.status === 'loading' ? (
          <LoadingState label="Loading the audit log…" />
        ) : first.status === 'error' ? (
          <ErrorState
            title="The audit log could not be loaded"
            code={first.code}
            message={first.message}
            onRetry={reload}
          />
        ) : entries.length === 0 ? (
          <EmptyState title="Nothing has happened yet">
            Sign-ins, accounts made and every support action will show here.
          </EmptyState>
        ) : (
          <>
            <div
              className={styles.tableScroll}
              tabIndex={0}
              role="region"
              aria-label="Scrollable table"
            >
              <table className={`${styles.table} ${detail.auditTable}`}>
                <caption className={styles.caption}>Newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Who</th>
                    <th scope="col">What</th>
                    <th scope="col">Subject</th>
                    <th scope="col">Before → after</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((entry) => (
                    <tr key={entry.id}>
                      <td data-label="When" className={styles.nowrap}>
                        {formatMoment(entry.at)}
                      </td>
                      <td data-label="Who">{actorName(entry.actor, emails)}</td>
                      <td data-label="What">
                        <code>{entry.action}</code>
                      </td>
                      <td data-label="Subject">
                        <code className={styles.wrap}>{entry.subject}</code>
                      </td>
                      <td data-label="Before → after" className={detail.changeCell}>
                        <Change before={entry.before} after={entry.after} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className={styles.formActions}>
              {typeof more === 'object' ? (
                <ErrorText code={more.code} message={more.message} />
              ) : null}
              {more === 'end' || (older.length === 0 && entries.length < PAGE) ? (
                <p className={styles.muted}>That is the whole log.</p>
              ) : (
                <Button variant="secondary" busy={more === 'loading'} onClick={loadOlder}>
                  Load older entries
                </Button>
              )}
            </div>
          </>
        )}
      </section>
    </>
  );
}

/** `staff:<id>` as the member's email when known; bots by name. */
function actorName(actor: string, emails: Map<string, string>): string {
  if (actor.startsWith('staff:')) return emails.get(actor.slice(6)) ?? actor;
  if (actor.startsWith('bot:')) return `${actor.slice(4)} (bot)`;
  return actor;
}

/** A value as a person reads it: strings bare, anything else as JSON. */
const text = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '—');

/** One side of a change: "key: value" lines for an object, the value alone otherwise. */
function Side({ value, className }: { value: unknown; className?: string }) {
  if (value === null || value === undefined) return <code className={className}>—</code>;
  if (typeof value !== 'object' || Array.isArray(value))
    return <code className={className}>{text(value)}</code>;
  return (
    <code className={className}>
      {Object.entries(value as Record<string, unknown>).map(([key, item]) => (
        <span key={key} className={detail.changeLine}>
          <span className={detail.changeKey}>{key}:</span> {text(item)}
        </span>
      ))}
    </code>
  );
}

function Change({ before, after }: { before: unknown; after: unknown }) {
  return (
    <div className={detail.change}>
      <Side value={before} className={detail.before} />
      <span aria-label="became">→</span>
      <Side value={after} className={detail.after} />
    </div>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Alert, Button } from '@crease/ui';
import { isStaffApiError, isUnauthorized } from '../api/staff-client';
import styles from '../ops.module.css';
import detail from '../screens/detail.module.css';
import { ErrorText } from '../screens/states';

export interface Problem {
  code: string;
  message: string;
}

/**
 * One admin write waiting for its reason (issue 33 §5): its own fields (`children`), the reason
 * the audit log keeps, and the press. `check` refuses bad input before anything is sent;
 * the API's refusal is shown in its words and takes the focus, as support's forms do.
 */
export function ReasonForm({
  title,
  summary,
  confirmLabel,
  danger = false,
  check,
  run,
  onDone,
  onCancel,
  onUnauthorized,
  children,
}: {
  title: string;
  summary?: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  check?: () => string | null;
  run: (reason: string) => Promise<string>;
  onDone: (outcome: string) => void;
  onCancel: () => void;
  onUnauthorized: (message: string) => void;
  children?: ReactNode;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<Problem | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const refused =
      check?.() ??
      (reason.trim().length < 3
        ? 'Say why (at least 3 characters): the audit log keeps it.'
        : null);
    if (refused) {
      setError({ code: 'INVALID_REQUEST', message: refused });
      return;
    }
    setPending(true);
    setError(null);
    run(reason.trim()).then(onDone, (caught: unknown) => {
      setPending(false);
      if (isUnauthorized(caught)) onUnauthorized((caught as Error).message);
      setError(
        isStaffApiError(caught)
          ? { code: caught.code, message: caught.message }
          : { code: 'CONSOLE_ERROR', message: 'The change could not be sent.' },
      );
    });
  };

  return (
    <form
      className={detail.actionForm}
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} ref={headingRef} tabIndex={-1} className={styles.formTitle}>
        {title}
      </h3>
      {summary ? <p className={styles.muted}>{summary}</p> : null}
      <div ref={errorRef} tabIndex={-1} className={styles.alertSlot}>
        {error ? (
          <Alert tone="error" title="Not done">
            <ErrorText code={error.code} message={error.message} />
          </Alert>
        ) : null}
      </div>
      {children}
      <div className={styles.field}>
        <label htmlFor={`${id}-reason`} className={styles.fieldLabel}>
          Reason
        </label>
        <textarea
          id={`${id}-reason`}
          name="reason"
          className={styles.textarea}
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-describedby={`${id}-reason-hint`}
        />
        <p id={`${id}-reason-hint`} className={styles.hint}>
          Required. Kept in the audit log with your name.
        </p>
      </div>
      <div className={styles.formActions}>
        <Button type="submit" variant={danger ? 'danger' : 'primary'} busy={pending}>
          {pending ? 'Working…' : confirmLabel}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Major units typed by an admin ("12.50") as whole minor units, or null when it is not one. */
export function minorOf(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const minor = Math.round(Number(trimmed) * 100);
  return minor > 0 ? minor : null;
}

/** Minor units as the console writes money: "$9.99", "₹299.00". */
export function formatMinor(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(minor / 100);
}

import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, TextField } from '@crease/ui';
import { isStaffApiError, isUnauthorized } from '../api/staff-client';
import styles from '../ops.module.css';
import detail from './detail.module.css';
import { ErrorText } from './states';

/** One support action waiting for its reason: what it does, and the call that does it. */
export interface PendingAction {
  title: string;
  /** What the agent confirms, in words. */
  summary: string;
  confirmLabel: string;
  /** A refund may be partial: the most it can be, in major units. */
  maxAmount?: { amount: number; currency: string };
  run: (reason: string, amount: number | undefined) => Promise<string>;
}

/**
 * Every support action asks why before it runs (the API refuses it without a reason too); the
 * outcome or the API's error is announced and takes focus.
 */
export function SupportActionForm({
  action,
  onDone,
  onCancel,
  onUnauthorized,
}: {
  action: PendingAction;
  onDone: (outcome: string) => void;
  onCancel: () => void;
  onUnauthorized: (message: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const parsed = amount.trim() === '' ? undefined : Number(amount.replace(',', '.'));
    if (reason.trim().length < 3) {
      setError({
        code: 'INVALID_REQUEST',
        message: 'Say why (at least 3 characters): the audit log keeps it.',
      });
      return;
    }
    if (parsed !== undefined && !(parsed > 0 && parsed <= (action.maxAmount?.amount ?? Infinity))) {
      setError({
        code: 'INVALID_REQUEST',
        message: 'The amount must be more than 0 and at most what is left.',
      });
      return;
    }
    setPending(true);
    setError(null);
    action.run(reason.trim(), parsed).then(onDone, (caught: unknown) => {
      setPending(false);
      if (isUnauthorized(caught)) onUnauthorized((caught as Error).message);
      setError(
        isStaffApiError(caught)
          ? { code: caught.code, message: caught.message }
          : { code: 'CONSOLE_ERROR', message: 'The action could not be sent.' },
      );
    });
  };

  return (
    <form className={detail.actionForm} onSubmit={submit} noValidate aria-labelledby="action-title">
      <h3 id="action-title" ref={headingRef} tabIndex={-1} className={styles.formTitle}>
        {action.title}
      </h3>
      <p className={styles.muted}>{action.summary}</p>
      {error ? (
        <Alert tone="error" title="Not done">
          <ErrorText code={error.code} message={error.message} />
        </Alert>
      ) : null}
      {action.maxAmount ? (
        <TextField
          label={`Amount (${action.maxAmount.currency})`}
          name="amount"
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          hint={`Leave empty to refund all that is left (${action.maxAmount.amount.toFixed(2)}).`}
        />
      ) : null}
      <div className={styles.field}>
        <label htmlFor="action-reason" className={styles.fieldLabel}>
          Reason
        </label>
        <textarea
          id="action-reason"
          name="reason"
          className={styles.textarea}
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-describedby="action-reason-hint"
        />
        <p id="action-reason-hint" className={styles.hint}>
          Required. Kept in the audit log with your name; the viewer does not see it.
        </p>
      </div>
      <div className={styles.formActions}>
        <Button type="submit" variant="danger" busy={pending}>
          {pending ? 'Working…' : action.confirmLabel}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

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
  /** An extension asks how many whole days, within these bounds. */
  days?: { min: number; max: number };
  /** A grave action (cancel, deletion) is confirmed with this box ticked, besides the reason. */
  confirm?: string;
  run: (reason: string, amount: number | undefined, days: number | undefined) => Promise<string>;
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
  const [days, setDays] = useState('');
  const [confirmed, setConfirmed] = useState(false);
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
    const dayCount = action.days ? Number(days.trim()) : undefined;
    if (
      action.days &&
      !(
        Number.isInteger(dayCount) &&
        (dayCount ?? 0) >= action.days.min &&
        (dayCount ?? 0) <= action.days.max
      )
    ) {
      setError({
        code: 'INVALID_REQUEST',
        message: `Give whole days, ${action.days.min} to ${action.days.max}.`,
      });
      return;
    }
    if (action.confirm && !confirmed) {
      setError({ code: 'INVALID_REQUEST', message: 'Tick the box to confirm first.' });
      return;
    }
    setPending(true);
    setError(null);
    action.run(reason.trim(), parsed, dayCount).then(onDone, (caught: unknown) => {
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
      {action.days ? (
        <TextField
          label="Days to add"
          name="days"
          inputMode="numeric"
          value={days}
          onChange={(event) => setDays(event.target.value)}
          hint={`Whole days, ${action.days.min} to ${action.days.max}. Free of charge.`}
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
      {action.confirm ? (
        <label className={detail.confirmLine}>
          <input
            type="checkbox"
            name="confirm"
            checked={confirmed}
            onChange={(event) => setConfirmed(event.target.checked)}
          />
          <span>{action.confirm}</span>
        </label>
      ) : null}
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

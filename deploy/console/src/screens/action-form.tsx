import { useEffect, useId, useRef } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, Heading } from '@crease/ui';
import type { ActionError } from './use-action';
import { ErrorText } from './sign-in';
import styles from '../console.module.css';

export interface ActionFormProps {
  title: string;
  description?: ReactNode;
  submitLabel: string;
  pending: boolean;
  error: ActionError | null;
  reason: string;
  onReason: (reason: string) => void;
  onSubmit: () => void;
  children?: ReactNode;
  /** Extra buttons (a canary's abort), each its own submit. */
  actions?: ReactNode;
  headingLevel?: 2 | 3;
}

/**
 * The shape of every release action: its fields, a required reason (recorded in the history),
 * one submit that is disabled while pending, and the API's error in an alert that takes focus.
 */
export function ActionForm({
  title,
  description,
  submitLabel,
  pending,
  error,
  reason,
  onReason,
  onSubmit,
  children,
  actions,
  headingLevel = 3,
}: ActionFormProps) {
  const id = useId();
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) alertRef.current?.focus();
  }, [error]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form
      className={styles.actionForm}
      aria-labelledby={`${id}-title`}
      onSubmit={submit}
      noValidate
    >
      <Heading level={headingLevel} id={`${id}-title`} className={styles.formTitle}>
        {title}
      </Heading>
      {description ? <p className={styles.muted}>{description}</p> : null}
      {children}
      <div className={styles.field}>
        <label htmlFor={`${id}-reason`}>Reason (recorded in the history)</label>
        <input
          id={`${id}-reason`}
          className={styles.input}
          name="reason"
          value={reason}
          required
          aria-required="true"
          maxLength={500}
          onChange={(event) => onReason(event.target.value)}
        />
      </div>
      <div ref={alertRef} tabIndex={-1} className={styles.alertSlot}>
        {error ? (
          <Alert tone="error" title={`${title}: refused`}>
            <ErrorText code={error.code} message={error.message} />
          </Alert>
        ) : null}
      </div>
      <div className={styles.formActions}>
        <Button type="submit" busy={pending}>
          {pending ? 'Working…' : submitLabel}
        </Button>
        {actions}
      </div>
    </form>
  );
}

/** The reason every action needs, checked before anything is sent. */
export function missingReason(reason: string): ActionError | null {
  return reason.trim()
    ? null
    : { code: 'INVALID_REQUEST', message: 'A reason is required: it is recorded in the history.' };
}

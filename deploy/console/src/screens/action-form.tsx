import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, Heading } from '@crease/ui';
import type { MutationOptions } from '../api/release-console-client';
import { useAction } from './use-action';
import type { ActionError, ActionHooks } from './use-action';
import { ErrorText } from './sign-in';
import styles from '../console.module.css';
import guards from './guards.module.css';

/** One way to submit a release form: a button, its own check, the call and its announcement. */
export interface ReleaseCommand {
  label: string;
  /** Checked after the reason: the refusal to show, or null to go ahead. */
  check?: () => ActionError | null;
  /** The release API call, with the reason and the revision the form was filled in against. */
  run: (recorded: MutationOptions) => Promise<unknown>;
  /** What the dashboard announces once it committed. */
  success: string;
  /** After it committed: the form's own fields go back to their start (the reason always does). */
  onCommitted?: () => void;
  /**
   * Why the command has nothing to act on right now (a rollback with no target): the button is
   * disabled and this sentence, shown beside it, is its description.
   */
  unavailable?: string | null;
}

export interface ActionFormProps extends ActionHooks {
  title: string;
  description?: ReactNode;
  revision: number;
  submit: ReleaseCommand;
  /** A second way out (a running canary's abort): a secondary button, its own command. */
  alternative?: ReleaseCommand;
  /** The action's own fields. */
  children?: ReactNode;
  headingLevel?: 2 | 3;
}

/**
 * Every release action is this one form: its fields, a required reason (recorded in the
 * history), one command at a time (the submit disabled while pending, a second submit
 * ignored), and the API's refusal in an alert that takes focus. An action only says what its
 * fields are and which call its commands make.
 */
export function ActionForm({
  title,
  description,
  revision,
  submit,
  alternative,
  children,
  headingLevel = 3,
  ...hooks
}: ActionFormProps) {
  const id = useId();
  const alertRef = useRef<HTMLDivElement>(null);
  const [reason, setReason] = useState('');
  const action = useAction(hooks);
  const { error } = action;
  useEffect(() => {
    if (error) alertRef.current?.focus();
  }, [error]);

  const perform = (command: ReleaseCommand) => {
    if (command.unavailable) return;
    const refused = missingReason(reason) ?? command.check?.() ?? null;
    if (refused) return action.setError(refused);
    void action
      .run(() => command.run({ reason: reason.trim(), ifRevision: revision }), command.success)
      .then((ok) => {
        if (!ok) return;
        command.onCommitted?.();
        setReason('');
      });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    perform(submit);
  };

  return (
    <form
      className={styles.actionForm}
      aria-labelledby={`${id}-title`}
      onSubmit={onSubmit}
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
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      <div ref={alertRef} tabIndex={-1} className={styles.alertSlot}>
        {error ? (
          <Alert tone="error" title={`${title}: refused`}>
            <ErrorText code={error.code} message={error.message} />
          </Alert>
        ) : null}
      </div>
      {submit.unavailable ? (
        <p id={`${id}-unavailable`} className={guards.unavailable}>
          {submit.unavailable}
        </p>
      ) : null}
      <div className={styles.formActions}>
        <Button
          type="submit"
          busy={action.pending}
          disabled={Boolean(submit.unavailable)}
          aria-describedby={submit.unavailable ? `${id}-unavailable` : undefined}
        >
          {action.pending ? 'Working…' : submit.label}
        </Button>
        {alternative ? (
          <Button
            type="button"
            variant="secondary"
            busy={action.pending}
            onClick={() => perform(alternative)}
          >
            {alternative.label}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The reason every action needs, checked before anything is sent. */
function missingReason(reason: string): ActionError | null {
  return reason.trim()
    ? null
    : { code: 'INVALID_REQUEST', message: 'A reason is required: it is recorded in the history.' };
}

import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Alert } from '@crease/ui';
import { isStaffApiError, isUnauthorized } from '../api/staff-client';
import styles from '../ops.module.css';
import { ErrorText } from './states';

/** A refused or failed press, as the console shows it: the API's code and words, or ours. */
export interface ActionProblem {
  code: string;
  message: string;
}

/**
 * A screen's presses that change something (the producer's schedule and match day): one at a
 * time (`busy`), each answered in one slot above the controls with "Done" and what changed, or
 * "Not done" with the API's reason; a failure takes the keyboard focus there, so a screen-reader
 * user hears it. A 401 also ends the session (`onUnauthorized`). `fallback` is said when the
 * failure is not the API's answer (the network).
 */
export function useStaffAction(onUnauthorized: (message: string) => void, fallback: string) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ActionProblem | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const slotRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem) slotRef.current?.focus();
  }, [problem]);

  /** Runs `work`; `after` gets its answer and returns what to say as done (nothing: silence). */
  const run = <T,>(work: Promise<T>, after: (value: T) => string | undefined) => {
    setBusy(true);
    setProblem(null);
    setDone(null);
    work.then(
      (value) => {
        setBusy(false);
        const said = after(value);
        if (said) setDone(said);
      },
      (caught: unknown) => {
        setBusy(false);
        if (isUnauthorized(caught)) onUnauthorized((caught as Error).message);
        setProblem(
          isStaffApiError(caught)
            ? { code: caught.code, message: caught.message }
            : { code: 'CONSOLE_ERROR', message: fallback },
        );
      },
    );
  };

  /** Forgets the last answer (the screen moved on to something else). */
  const clear = () => {
    setProblem(null);
    setDone(null);
  };

  const slot: ReactNode = (
    <div ref={slotRef} tabIndex={-1} className={styles.alertSlot}>
      {problem ? (
        <Alert tone="error" title="Not done">
          <ErrorText code={problem.code} message={problem.message} />
        </Alert>
      ) : done ? (
        <Alert tone="success" title="Done">
          {done}
        </Alert>
      ) : null}
    </div>
  );

  return { busy, run, clear, slot };
}

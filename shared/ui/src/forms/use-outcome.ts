import { useCallback, useState } from 'react';

/** The last outcome shown, and its revision: a new one on every `show`, even with the same text. */
export type Shown<T> = T & { revision: number };

export interface OutcomeState<T> {
  outcome: Shown<T> | null;
  /** Shows an outcome; FormAlert focuses it again even when it repeats the last one. */
  show(outcome: T): void;
  clear(): void;
}

/** The outcome of a form's submit (what FormAlert shows), with the revision that refocuses it. */
export function useOutcome<T extends object>(): OutcomeState<T> {
  const [outcome, setOutcome] = useState<Shown<T> | null>(null);
  const show = useCallback(
    (next: T) => setOutcome((previous) => ({ ...next, revision: (previous?.revision ?? 0) + 1 })),
    [],
  );
  const clear = useCallback(() => setOutcome(null), []);
  return { outcome, show, clear };
}

import { useCallback, useEffect, useState } from 'react';
import { isStaffApiError, isUnauthorized } from '../api/staff-client';

export type Load<T> =
  | { status: 'loading' }
  | { status: 'error'; code: string; message: string }
  | { status: 'ready'; data: T };

/**
 * Loads once on mount and again on `reload`; a 401 ends the session (the API's message shown on
 * the sign-in screen), any other failure is the screen's designed error state.
 */
export function useLoad<T>(
  load: () => Promise<T>,
  onUnauthorized: (message: string) => void,
): [Load<T>, () => void] {
  const [state, setState] = useState<Load<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setState({ status: 'ready', data }),
      (error: unknown) => {
        if (!live) return;
        if (isUnauthorized(error)) onUnauthorized((error as Error).message);
        setState(
          isStaffApiError(error)
            ? { status: 'error', code: error.code, message: error.message }
            : { status: 'error', code: 'CONSOLE_ERROR', message: 'Something went wrong.' },
        );
      },
    );
    return () => {
      live = false;
    };
    // `load` is rebuilt on each render by callers; `round` is what asks for a new load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [round]);
  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setRound((n) => n + 1);
  }, []);
  return [state, reload];
}

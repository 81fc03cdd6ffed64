import { useRef, useState } from 'react';
import { isConsoleApiError, isUnauthorized } from '../api/release-console-client';

export interface ActionError {
  code: string;
  message: string;
}

export interface ActionHooks {
  /** After a commit: the dashboard reloads and announces `message`. */
  onDone: (message: string) => void;
  /** A 401: the session ends. */
  onUnauthorized: (message: string) => void;
}

/**
 * One release action at a time per form: `pending` disables the submit button, and a second
 * submit while one is in flight is ignored (a ref, so even a double click in one frame counts
 * once). Errors are the API's code + message, as the CLI prints them.
 */
export function useAction({ onDone, onUnauthorized }: ActionHooks) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ActionError | null>(null);
  const inFlight = useRef(false);

  /** Resolves true when the action committed. */
  const run = async (action: () => Promise<unknown>, success: string): Promise<boolean> => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setPending(true);
    setError(null);
    try {
      await action();
      onDone(success);
      return true;
    } catch (caught) {
      if (isUnauthorized(caught) && isConsoleApiError(caught)) {
        onUnauthorized(caught.message);
        return false;
      }
      setError(
        isConsoleApiError(caught)
          ? { code: caught.code, message: caught.message }
          : { code: 'RELEASE_FAILED', message: 'The release action failed.' },
      );
      return false;
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  };
  return { pending, error, setError, run };
}

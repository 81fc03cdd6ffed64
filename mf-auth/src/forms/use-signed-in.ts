import { useSyncExternalStore } from 'react';
import type { Session } from '@crease/contract';

/** Signed in or out, as the shell's session says (also when it changes in another tab). */
export function useSignedIn(session: Session): boolean {
  return useSyncExternalStore(
    (onChange) => session.subscribe(onChange),
    () => session.isSignedIn(),
    () => false,
  );
}

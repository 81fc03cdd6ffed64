import { useCallback, useMemo, useState } from 'react';
import { releaseConsoleClient } from './api/release-console-client';
import { sessionStore } from './api/session-store';
import { Dashboard } from './screens/dashboard';
import { SignIn } from './screens/sign-in';
import styles from './console.module.css';
import { ConsoleBar } from '@crease/ui/console';

interface Session {
  token: string;
  actor: string;
}

export interface ReleaseConsoleProps {
  /** Where the release API is (tests: a real server on another port); same origin by default. */
  apiOrigin?: string;
}

/**
 * The release console: a session starts only when the release API accepts the token (whoami),
 * and ends on Sign out or on any 401 later, with the reason shown on the sign-in screen.
 */
export function ReleaseConsole({ apiOrigin = '' }: ReleaseConsoleProps) {
  const [session, setSession] = useState<Session | null>(null);
  const [ended, setEnded] = useState<string | null>(null);
  // A token kept from earlier in this tab is checked again before anything is shown.
  const [storedToken] = useState(() => sessionStore.read());

  const signedIn = useCallback((token: string, actor: string) => {
    sessionStore.write(token);
    setEnded(null);
    setSession({ token, actor });
  }, []);
  const signOut = useCallback((reason: string | null) => {
    sessionStore.clear();
    setSession(null);
    setEnded(reason);
  }, []);
  const sessionEnded = useCallback(
    (message: string) => signOut(`Your session ended: ${message}`),
    [signOut],
  );
  const client = useMemo(
    () => (session ? releaseConsoleClient(session.token, apiOrigin) : null),
    [session, apiOrigin],
  );

  return (
    <div className={styles.app}>
      <ConsoleBar product="Release console" className={styles.topBar}>
        {session ? (
          <div className={styles.who}>
            <p className={styles.actor}>
              Signed in as <strong>{session.actor}</strong>
            </p>
            <button type="button" className={styles.signOut} onClick={() => signOut(null)}>
              Sign out
            </button>
          </div>
        ) : null}
      </ConsoleBar>
      {session && client ? (
        <Dashboard client={client} onUnauthorized={sessionEnded} />
      ) : (
        <SignIn
          apiOrigin={apiOrigin}
          storedToken={ended ? null : storedToken}
          endedMessage={ended}
          onSignedIn={signedIn}
        />
      )}
    </div>
  );
}

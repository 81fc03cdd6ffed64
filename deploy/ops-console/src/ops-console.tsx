import { useCallback, useEffect, useMemo, useState } from 'react';
import type { StaffRole, StaffSession } from '@crease/contract';
import { staffClient } from './api/staff-client';
import { sessionStore } from './api/session-store';
import type { StoredSession } from './api/session-store';
import { CouponsScreen } from './business/coupons-screen';
import { FiguresScreen } from './business/figures-screen';
import { PlansScreen } from './business/plans-screen';
import { AuditScreen } from './screens/audit-screen';
import { ChannelsScreen } from './screens/channels-screen';
import { LiveScreen } from './screens/live-screen';
import { ScheduleScreen } from './screens/schedule-screen';
import { RoleHome } from './screens/role-home';
import { ScoringScreen } from './scoring/scoring-screen';
import { SignIn } from './screens/sign-in';
import { StaffScreen } from './screens/staff-screen';
import { LoadingState } from './screens/states';
import { SupportScreen } from './screens/support-screen';
import styles from './ops.module.css';
import { ConsoleBar } from '@crease/ui/console';

export interface OpsConsoleProps {
  /** The API host (the edge names it in a meta tag; tests: a real API on another port). */
  apiOrigin: string;
}

type ScreenId =
  | 'support'
  | 'staff'
  | 'audit'
  | 'channels'
  | 'scoring'
  | 'schedule'
  | 'live'
  | 'business'
  | 'plans'
  | 'coupons'
  | 'home';

/** Each role sees its own screens only; the API checks every call again. */
const SCREENS: Record<StaffRole, { id: ScreenId; label: string }[]> = {
  admin: [
    { id: 'staff', label: 'Staff' },
    { id: 'business', label: 'Business' },
    { id: 'plans', label: 'Plans' },
    { id: 'coupons', label: 'Coupons' },
    { id: 'support', label: 'Support' },
    { id: 'channels', label: 'Channels' },
    { id: 'schedule', label: 'Schedule' },
    { id: 'live', label: 'Live' },
    { id: 'scoring', label: 'Scoring' },
    { id: 'audit', label: 'Audit log' },
  ],
  support: [{ id: 'support', label: 'Support' }],
  producer: [
    { id: 'channels', label: 'Channels' },
    { id: 'schedule', label: 'Schedule' },
    { id: 'live', label: 'Live' },
  ],
  scorer: [{ id: 'scoring', label: 'Scoring' }],
};

/**
 * The staff console (issue 33 §6): a session starts with the API's answer to sign-in, is checked
 * again (GET /me) when the tab comes back to it, and ends on Sign out or on any 401.
 */
export function OpsConsole({ apiOrigin }: OpsConsoleProps) {
  const [stored] = useState(() => sessionStore.read());
  const [session, setSession] = useState<StoredSession | null>(null);
  const [checking, setChecking] = useState(Boolean(stored));
  const [ended, setEnded] = useState<string | null>(null);
  const [screen, setScreen] = useState<ScreenId | null>(null);

  useEffect(() => {
    if (!stored) return;
    staffClient(apiOrigin, stored.token)
      .me()
      .then(
        (staff) => setSession({ token: stored.token, staff }),
        () => sessionStore.clear(),
      )
      .finally(() => setChecking(false));
  }, [apiOrigin, stored]);

  const signedIn = useCallback((fresh: StaffSession) => {
    const next = { token: fresh.token, staff: fresh.staff };
    sessionStore.write(next);
    setEnded(null);
    setScreen(null);
    setSession(next);
  }, []);
  const end = useCallback((reason: string | null) => {
    sessionStore.clear();
    setSession(null);
    setEnded(reason);
  }, []);
  const sessionEnded = useCallback(
    (message: string) => end(`Your session ended: ${message}`),
    [end],
  );
  const client = useMemo(
    () => (session ? staffClient(apiOrigin, session.token) : null),
    [session, apiOrigin],
  );
  const signOut = () => {
    // The server revokes the session at once; the tab forgets it whatever the answer.
    void client?.signOut().catch(() => undefined);
    end('You signed out.');
  };

  const screens = session ? SCREENS[session.staff.role] : [];
  const current = screens.find((s) => s.id === screen) ?? screens[0];

  return (
    <div className={styles.app}>
      <ConsoleBar product="Staff console">
        {session ? (
          <>
            <nav aria-label="Console" className={styles.nav}>
              {screens.map((s) => (
                <button
                  key={s.id}
                  type="button"
                  className={styles.navItem}
                  aria-current={s.id === current?.id ? 'page' : undefined}
                  onClick={() => setScreen(s.id)}
                >
                  {s.label}
                </button>
              ))}
            </nav>
            <div className={styles.who}>
              <p className={styles.actor}>
                <strong>{session.staff.email}</strong>
                <span className={styles.roleTag}>{session.staff.role}</span>
              </p>
              <button type="button" className={styles.signOut} onClick={signOut}>
                Sign out
              </button>
            </div>
          </>
        ) : null}
      </ConsoleBar>
      {checking ? (
        <main id="main" className={styles.main}>
          <LoadingState label="Checking your session…" />
        </main>
      ) : session && client && current ? (
        <main id="main" className={styles.main}>
          {current.id === 'staff' ? (
            <StaffScreen client={client} onUnauthorized={sessionEnded} />
          ) : current.id === 'audit' ? (
            <AuditScreen client={client} onUnauthorized={sessionEnded} />
          ) : current.id === 'channels' ? (
            <ChannelsScreen client={client} onUnauthorized={sessionEnded} />
          ) : current.id === 'scoring' ? (
            <ScoringScreen client={client} onUnauthorized={sessionEnded} />
          ) : current.id === 'support' ? (
            <SupportScreen client={client} onUnauthorized={sessionEnded} />
          ) : current.id === 'schedule' ? (
            <ScheduleScreen client={client} onUnauthorized={sessionEnded} />
          ) : current.id === 'live' ? (
            <LiveScreen client={client} onUnauthorized={sessionEnded} />
          ) : current.id === 'business' ? (
            <FiguresScreen client={client} onUnauthorized={sessionEnded} />
          ) : current.id === 'plans' ? (
            <PlansScreen client={client} onUnauthorized={sessionEnded} />
          ) : current.id === 'coupons' ? (
            <CouponsScreen client={client} onUnauthorized={sessionEnded} />
          ) : (
            <RoleHome role={session.staff.role} />
          )}
        </main>
      ) : (
        <SignIn apiOrigin={apiOrigin} endedMessage={ended} onSignedIn={signedIn} />
      )}
    </div>
  );
}

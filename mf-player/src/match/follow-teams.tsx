import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { FollowError, followsClient } from '@crease/contract';
import type { Platform, Team } from '@crease/contract';
import { VisuallyHidden } from '@crease/ui';
import { ToggleButton } from '@crease/ui/forms';
import styles from './follow-teams.module.css';
import { useMessages } from '../messages';

/** A message's `<hidden>` words name the action for a screen reader; `<short>` is only drawn. */
const hidden = (chunks: ReactNode[]) => <VisuallyHidden key="hidden">{chunks}</VisuallyHidden>;
const short = (chunks: ReactNode[]) => (
  <span key="short" aria-hidden="true">
    {chunks}
  </span>
);

/**
 * Follow either team from the match page (issue 23 §1), as on /events: toggles with
 * `aria-pressed` whose names say whom ("Follow Mumbai Monsoons"). Hidden until the viewer's
 * follows are read, so a button never claims a state it does not know; a failed write says so.
 */
export function FollowTeams({ http, teams }: { http: Platform['http']; teams: readonly Team[] }) {
  const words = useMessages();
  const { rich } = words;
  const client = useMemo(() => followsClient(http), [http]);
  const [followed, setFollowed] = useState<readonly string[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let stopped = false;
    client.read().then(
      (follows) => !stopped && setFollowed(follows.teams),
      // Follows are extra here: without them the match page is still the match page.
      () => undefined,
    );
    return () => {
      stopped = true;
    };
  }, [client]);

  if (followed === null) return null;
  const toggle = (team: Team, on: boolean) => {
    setProblem(null);
    client.follow('team', team.name, on).then(
      (follows) => setFollowed(follows.teams),
      (error: unknown) => setProblem(error instanceof FollowError ? error.message : String(error)),
    );
  };
  return (
    <div className={styles.follow} role="group" aria-label={words.t('follow.group')}>
      {teams.map((team) => {
        const on = followed.includes(team.name);
        return (
          <ToggleButton key={team.name} pressed={on} onClick={() => toggle(team, !on)}>
            <span aria-hidden="true">{on ? '★' : '☆'}</span>{' '}
            {rich('follow.team', { team: team.name, code: team.shortName, hidden, short })}
          </ToggleButton>
        );
      })}
      {problem ? (
        <p role="alert" className={styles.problem}>
          {words.language === 'en' ? problem : words.t('follow.problem')}
        </p>
      ) : null}
    </div>
  );
}

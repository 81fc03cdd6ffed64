import { calendarUrl } from '@crease/contract';
import type { ViewerFollows } from '@crease/contract';
import { VisuallyHidden } from '@crease/ui';
import { ToggleButton } from '@crease/ui/forms';
import type { BoardEvent } from '../events/match-board';
import type { FollowActions } from './use-follows';
import type { ReactNode } from 'react';
import { useMessages } from '../messages';
import styles from './follows.module.css';

/** A message's `<hidden>` words name the action for a screen reader; `<short>` is only drawn. */
const hidden = (chunks: ReactNode[]) => <VisuallyHidden key="hidden">{chunks}</VisuallyHidden>;
const short = (chunks: ReactNode[]) => (
  <span key="short" aria-hidden="true">
    {chunks}
  </span>
);

export interface MatchActionsProps {
  item: BoardEvent;
  follows: ViewerFollows;
  actions: FollowActions;
  apiOrigin: string;
}

/**
 * Under a match: follow either team, "Remind me" before it starts, and "Add to calendar" until
 * it is over. Toggles are buttons with `aria-pressed`; their names say what and whom
 * ("Follow Mumbai Monsoons"), while the face stays short ("Follow MUM").
 */
export function MatchActions({ item: { event }, follows, actions, apiOrigin }: MatchActionsProps) {
  const { rich } = useMessages();
  const upcoming = event.status === 'scheduled' || event.status === 'postponed';
  const over = ['completed', 'abandoned', 'cancelled'].includes(event.status);
  const reminded = follows.reminders.includes(event.eventId);
  return (
    <div className={styles.actions}>
      {event.teams.map((team) => {
        const followed = follows.teams.includes(team.name);
        return (
          <ToggleButton
            key={team.name}
            pressed={followed}
            onClick={() => actions.follow('team', team.name, !followed)}
          >
            <span aria-hidden="true">{followed ? '★' : '☆'}</span>{' '}
            {rich('follows.followTeam', {
              team: team.name,
              code: team.shortName,
              hidden,
              short,
            })}
          </ToggleButton>
        );
      })}
      {upcoming ? (
        <ToggleButton pressed={reminded} onClick={() => actions.remind(event.eventId, !reminded)}>
          {reminded ? <span aria-hidden="true">✓ </span> : null}
          {rich('follows.remindMe', { title: event.title, hidden })}
        </ToggleButton>
      ) : null}
      {!over ? (
        <a className={styles.calendar} href={calendarUrl(apiOrigin, event.eventId)} download>
          {rich('follows.calendar', { title: event.title, hidden })}
        </a>
      ) : null}
    </div>
  );
}

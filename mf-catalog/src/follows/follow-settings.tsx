import { useId } from 'react';
import type { ViewerFollows } from '@crease/contract';
import type { FollowActions } from './use-follows';
import styles from './follows.module.css';

/**
 * The opt-in for reminders of every followed team's match. Until the viewer chooses, the API
 * answers with their registration's `emailSubscribe` (decision 275).
 */
export function FollowSettings({
  follows,
  actions,
}: {
  follows: ViewerFollows;
  actions: FollowActions;
}) {
  const id = useId();
  return (
    <p className={styles.setting}>
      <input
        id={id}
        type="checkbox"
        checked={follows.remindFollowed}
        onChange={(event) => actions.remindFollowed(event.target.checked)}
      />
      <label htmlFor={id}>Email me when a team I follow starts a match</label>
    </p>
  );
}

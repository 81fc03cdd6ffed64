import { useId } from 'react';
import { REMINDER_LEADS } from '@crease/contract';
import type { ReminderLead, ViewerFollows } from '@crease/contract';
import type { FollowActions } from './use-follows';
import styles from './follows.module.css';

/** How each lead reads in the choice. */
const LEAD_LABELS: Record<ReminderLead, string> = {
  0: 'when it starts',
  15: '15 minutes before',
  60: '1 hour before',
};

/**
 * The opt-in for reminders of every followed team's match (until the viewer chooses, their
 * registration's `emailSubscribe`: decision 275), and when every reminder goes (decision 419).
 */
export function FollowSettings({
  follows,
  actions,
}: {
  follows: ViewerFollows;
  actions: FollowActions;
}) {
  const id = useId();
  const leadId = useId();
  return (
    <>
      <p className={styles.setting}>
        <input
          id={id}
          type="checkbox"
          checked={follows.remindFollowed}
          onChange={(event) => actions.remindFollowed(event.target.checked)}
        />
        <label htmlFor={id}>Email me when a team I follow starts a match</label>
      </p>
      <p className={styles.setting}>
        <label htmlFor={leadId}>Send my reminders</label>
        <select
          id={leadId}
          value={follows.remindBefore}
          onChange={(event) => actions.remindBefore(Number(event.target.value) as ReminderLead)}
        >
          {REMINDER_LEADS.map((lead) => (
            <option key={lead} value={lead}>
              {LEAD_LABELS[lead]}
            </option>
          ))}
        </select>
      </p>
    </>
  );
}

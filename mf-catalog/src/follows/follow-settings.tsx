import { useId } from 'react';
import { REMINDER_LEADS } from '@crease/contract';
import type { ReminderLead, ViewerFollows } from '@crease/contract';
import { useMessages } from '../messages';
import type { FollowActions } from './use-follows';
import styles from './follows.module.css';

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
  const { t } = useMessages();
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
        <label htmlFor={id}>{t('follows.remindFollowed')}</label>
      </p>
      <p className={styles.setting}>
        <label htmlFor={leadId}>{t('follows.remindBefore')}</label>
        <select
          id={leadId}
          value={follows.remindBefore}
          onChange={(event) => actions.remindBefore(Number(event.target.value) as ReminderLead)}
        >
          {REMINDER_LEADS.map((lead) => (
            <option key={lead} value={lead}>
              {t(`follows.lead.${lead}`)}
            </option>
          ))}
        </select>
      </p>
    </>
  );
}

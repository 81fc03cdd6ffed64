import { SUPPORT_EXTENSION_DAYS } from '@crease/contract';
import type { SupportViewer } from '@crease/contract';
import type { StaffClient } from '../api/staff-client';
import styles from '../ops.module.css';
import { formatMoment } from './format';
import type { PendingAction } from './support-action';

interface Props {
  viewer: SupportViewer;
  client: StaffClient;
  onAction: (action: PendingAction) => void;
}

/**
 * The viewer's plan and account (decision 414): extend a running plan by whole days, cancel its
 * renewal, or delete the account the viewer asked to delete. Cancel and deletion are confirmed
 * with a ticked box besides the reason; each says what the viewer keeps and hears.
 */
export function PlanActions({ viewer, client, onAction }: Props) {
  const sub = viewer.subscription;
  const runningUntil =
    sub && (sub.state === 'ACTIVE' || sub.state === 'CANCELLED') && sub.periodEnd
      ? sub.periodEnd
      : null;
  const canCancel = sub?.state === 'ACTIVE' && sub.renewing;

  const extend = (periodEnd: string): PendingAction => ({
    title: 'Extend the plan',
    summary: `${sub?.planName ?? 'The plan'} runs until ${formatMoment(periodEnd)}. Add whole days free of charge; a renewing plan renews that much later. The viewer is mailed.`,
    confirmLabel: 'Add the days',
    days: SUPPORT_EXTENSION_DAYS,
    run: async (reason, _amount, days = 0) => {
      // The period end seen here goes with it: a second click or another agent is refused.
      const after = await client.extendSubscription(viewer.userId, reason, days, periodEnd);
      const until = after.subscription?.periodEnd;
      const added = days === 1 ? '1 day' : `${days} days`;
      return `${added} added: the plan now runs until ${until ? formatMoment(until) : '—'}.`;
    },
  });

  const cancel: PendingAction = {
    title: 'Cancel renewal',
    summary: `Nothing more is charged; ${viewer.email} keeps watching until ${sub?.periodEnd ? formatMoment(sub.periodEnd) : 'the end of the period'}. The viewer is mailed.`,
    confirmLabel: 'Yes, cancel renewal',
    confirm: 'The viewer asked to cancel their subscription.',
    run: async (reason) => {
      await client.cancelSubscription(viewer.userId, reason);
      return `The renewal of ${viewer.email}'s plan was cancelled.`;
    },
  };

  const remove: PendingAction = {
    title: 'Delete the account',
    summary: `The account of ${viewer.email} is deleted now, as if they did it themselves: the plan ends without a refund, every device is signed out, the email and name are erased. This cannot be undone. The viewer gets the farewell mail.`,
    confirmLabel: 'Yes, delete the account',
    confirm: 'The viewer asked, from their own address, for their account to be deleted.',
    run: async (reason) => {
      await client.deleteAccount(viewer.userId, reason);
      return `The account of ${viewer.email} was deleted.`;
    },
  };

  return (
    <section className={styles.panel} aria-labelledby="plan-actions-title">
      <div className={styles.panelHead}>
        <h2 id="plan-actions-title">Plan and account</h2>
      </div>
      <div className={styles.rowActions}>
        <button
          type="button"
          className={styles.smallButton}
          disabled={!runningUntil}
          onClick={() => runningUntil && onAction(extend(runningUntil))}
        >
          Extend plan
        </button>
        <button
          type="button"
          className={styles.smallButton}
          disabled={!canCancel}
          onClick={() => onAction(cancel)}
        >
          Cancel renewal
        </button>
        <button type="button" className={styles.smallButton} onClick={() => onAction(remove)}>
          Delete account
        </button>
      </div>
      {!runningUntil ? (
        <p className={styles.muted}>No running plan: there is nothing to extend or cancel.</p>
      ) : !canCancel ? (
        <p className={styles.muted}>This plan does not renew: there is nothing to cancel.</p>
      ) : null}
    </section>
  );
}

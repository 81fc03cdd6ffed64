import { useState } from 'react';
import type { SupportPayment, SupportViewer } from '@crease/contract';
import type { StaffClient } from '../api/staff-client';
import styles from '../ops.module.css';
import detail from './detail.module.css';
import { formatMoment, formatMoney } from './format';
import { PlanActions } from './plan-actions';
import { EmptyState } from './states';
import { SupportActionForm } from './support-action';
import type { PendingAction } from './support-action';

interface Props {
  viewer: SupportViewer;
  client: StaffClient;
  onUnauthorized: (message: string) => void;
  onActionDone: (message: string) => void;
}

const left = (p: SupportPayment) => Math.round((p.amount - p.refunded) * 100) / 100;

/** One viewer: who, plan, payments, devices, mail; each action opens its reason form. */
export function ViewerPanels({ viewer, client, onUnauthorized, onActionDone }: Props) {
  const [action, setAction] = useState<PendingAction | null>(null);
  const sub = viewer.subscription;

  const refund = (p: SupportPayment): PendingAction => {
    // One key per refund the agent means: a retried click reaches the provider once.
    const key = crypto.randomUUID();
    return {
      title: `Refund ${p.invoiceNumber ?? 'payment'}`,
      summary: `${p.planName}, paid ${formatMoment(p.paidAt)}: ${formatMoney(left(p), p.currency)} can still be refunded, through the payment provider. The viewer is mailed.`,
      confirmLabel: 'Refund',
      maxAmount: { amount: left(p), currency: p.currency },
      run: async (reason, amount) => {
        const done = await client.refund(p.paymentId, reason, key, amount);
        return `Refund of ${formatMoney(done.amount, p.currency)} asked of the payment provider (${done.refundId}). The history shows it once the provider confirms.`;
      },
    };
  };

  return (
    <div className={detail.viewer}>
      <section className={styles.panel} aria-labelledby="viewer-title">
        <div className={styles.panelHead}>
          <h2 id="viewer-title">{viewer.name || viewer.email}</h2>
          <p className={styles.muted}>{viewer.email}</p>
        </div>
        <dl className={detail.factsGrid}>
          <Fact label="Plan" value={sub?.planName ?? 'No plan'} />
          <Fact label="Subscription" value={sub ? stateText(sub.state) : 'None'} />
          <Fact label="Paid until" value={sub?.periodEnd ? formatMoment(sub.periodEnd) : '—'} />
          <Fact label="Renews" value={sub ? (sub.renewing ? 'Yes' : 'No') : '—'} />
          <Fact label="Streams playing now" value={String(viewer.streamsPlaying)} />
          <Fact label="Viewer since" value={formatMoment(viewer.createdAt)} />
        </dl>
      </section>

      {action ? (
        <section className={styles.panel} aria-label="Action">
          <SupportActionForm
            key={action.title}
            action={action}
            onUnauthorized={onUnauthorized}
            onCancel={() => setAction(null)}
            onDone={(message) => {
              setAction(null);
              onActionDone(message);
            }}
          />
        </section>
      ) : null}

      <PlanActions viewer={viewer} client={client} onAction={setAction} />

      <section className={styles.panel} aria-labelledby="payments-title">
        <div className={styles.panelHead}>
          <h2 id="payments-title">Payments</h2>
        </div>
        {viewer.payments.length === 0 ? (
          <EmptyState title="No payments">This viewer has never paid.</EmptyState>
        ) : (
          <div
            className={styles.tableScroll}
            tabIndex={0}
            role="region"
            aria-label="Scrollable table"
          >
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Paid</th>
                  <th scope="col">Plan</th>
                  <th scope="col">Invoice</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Refunded</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {viewer.payments.map((p) => (
                  <tr key={p.paymentId}>
                    <td className={styles.nowrap}>{formatMoment(p.paidAt)}</td>
                    <td>{p.planName}</td>
                    <td className={styles.nowrap}>{p.invoiceNumber ?? '—'}</td>
                    <td>{formatMoney(p.amount, p.currency)}</td>
                    <td>{p.refunded > 0 ? formatMoney(p.refunded, p.currency) : '—'}</td>
                    <td>
                      <div className={styles.rowActions}>
                        <button
                          type="button"
                          className={styles.smallButton}
                          disabled={left(p) <= 0}
                          aria-label={`Refund ${p.invoiceNumber ?? p.paymentId}`}
                          onClick={() => setAction(refund(p))}
                        >
                          Refund
                        </button>
                        <button
                          type="button"
                          className={styles.smallButton}
                          disabled={!p.invoiceNumber}
                          aria-label={`Resend receipt ${p.invoiceNumber ?? p.paymentId}`}
                          onClick={() =>
                            setAction({
                              title: `Resend receipt ${p.invoiceNumber ?? ''}`,
                              summary: `The receipt is mailed again to ${viewer.email}.`,
                              confirmLabel: 'Resend receipt',
                              run: async (reason) => {
                                await client.resendReceipt(p.paymentId, reason);
                                return `Receipt ${p.invoiceNumber ?? ''} mailed again to ${viewer.email}.`;
                              },
                            })
                          }
                        >
                          Resend receipt
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className={styles.panel} aria-labelledby="devices-title">
        <div className={styles.panelHead}>
          <h2 id="devices-title">Devices</h2>
          {viewer.devices.length > 0 ? (
            <button
              type="button"
              className={styles.smallButton}
              onClick={() =>
                setAction({
                  title: 'Sign out every device',
                  summary: `Every device and session of ${viewer.email} ends, and streams stop. The viewer is mailed.`,
                  confirmLabel: 'Sign out every device',
                  run: async (reason) => {
                    await client.signOutAll(viewer.userId, reason);
                    return `Every device of ${viewer.email} was signed out.`;
                  },
                })
              }
            >
              Sign out every device
            </button>
          ) : null}
        </div>
        {viewer.devices.length === 0 ? (
          <EmptyState title="No devices signed in" />
        ) : (
          <ul className={detail.deviceList}>
            {viewer.devices.map((d) => (
              <li key={d.vidictId} className={detail.device}>
                <div>
                  <p className={detail.deviceName}>
                    {d.description}
                    {d.playingNow ? <span className={styles.liveTag}>Playing now</span> : null}
                  </p>
                  <p className={styles.muted}>
                    Signed in {formatMoment(d.registeredAt)}
                    {d.lastSeenAt ? ` · last seen ${formatMoment(d.lastSeenAt)}` : ''}
                  </p>
                </div>
                <button
                  type="button"
                  className={styles.smallButton}
                  aria-label={`Sign out ${d.description} (${d.vidictId})`}
                  onClick={() =>
                    setAction({
                      title: `Sign out ${d.description}`,
                      summary: 'Its sessions end and its streams stop. The viewer is mailed.',
                      confirmLabel: 'Sign out device',
                      run: async (reason) => {
                        await client.signOutDevice(viewer.userId, d.vidictId, reason);
                        return `${d.description} was signed out.`;
                      },
                    })
                  }
                >
                  Sign out
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={styles.panel} aria-labelledby="mail-title">
        <div className={styles.panelHead}>
          <h2 id="mail-title">Mail sent</h2>
        </div>
        {viewer.mail.length === 0 ? (
          <EmptyState title="No mail sent yet" />
        ) : (
          <ul className={detail.mailList}>
            {viewer.mail.map((m, index) => (
              <li key={`${m.sentAt}-${index}`}>
                <span>{m.subject}</span>
                <span className={styles.muted}>{formatMoment(m.sentAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className={detail.fact}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

const STATES: Record<string, string> = {
  TRIAL: 'Trial',
  ACTIVE: 'Active',
  CANCELLED: 'Cancelled (runs to the end of the period)',
  GRACE: 'Payment failing (grace period)',
  EXPIRED: 'Ended',
};
const stateText = (state: string) => STATES[state] ?? state;

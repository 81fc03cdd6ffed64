import { useState } from 'react';
import type { AdminCoupon } from '@crease/contract';
import { Button, Heading } from '@crease/ui';
import styles from '../ops.module.css';
import { formatMoment } from '../screens/format';
import type { ScreenProps } from '../screens/staff-screen';
import { EmptyState, ErrorState, LoadingState } from '../screens/states';
import { useLoad } from '../screens/use-load';
import business from './business.module.css';
import { CouponDetail } from './coupon-detail';
import { CouponForm } from './coupon-form';
import { STATE_TEXT, takenText } from './coupon-text';

/** Admin: the coupons (decision 458), a new one, and one coupon's redemptions and changes. */
export function CouponsScreen({ client, onUnauthorized }: ScreenProps) {
  const [coupons, reload] = useLoad(
    () => Promise.all([client.adminCoupons(), client.adminPlans()]),
    onUnauthorized,
  );
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);

  if (open)
    return (
      <CouponDetail
        code={open}
        client={client}
        onUnauthorized={onUnauthorized}
        onBack={() => {
          setOpen(null);
          reload();
        }}
      />
    );

  return (
    <>
      <div className={styles.titleRow}>
        <Heading level={1}>Coupons</Heading>
        <p className={styles.muted}>
          A percentage off the first payment, for some plans, up to a limit, until it ends.
        </p>
      </div>
      <div role="status" aria-live="polite" className={business.outcome}>
        {outcome}
      </div>
      <section className={styles.panel} aria-labelledby="coupons-title">
        <div className={styles.panelHead}>
          <h2 id="coupons-title">All coupons</h2>
          {creating || coupons.status !== 'ready' ? null : (
            <Button
              type="button"
              onClick={() => {
                setOutcome(null);
                setCreating(true);
              }}
            >
              New coupon
            </Button>
          )}
        </div>
        {creating && coupons.status === 'ready' ? (
          <CouponForm
            client={client}
            plans={coupons.data[1]}
            onUnauthorized={onUnauthorized}
            onCancel={() => setCreating(false)}
            onCreated={(coupon) => {
              setCreating(false);
              setOutcome(`${coupon.code} is created: ${coupon.percentage}% off.`);
              reload();
            }}
          />
        ) : null}
        {coupons.status === 'loading' ? (
          <LoadingState label="Loading coupons…" />
        ) : coupons.status === 'error' ? (
          <ErrorState
            title="Coupons could not be loaded"
            code={coupons.code}
            message={coupons.message}
            onRetry={reload}
          />
        ) : coupons.data[0].length === 0 ? (
          <EmptyState title="No coupons yet">Create the first one with New coupon.</EmptyState>
        ) : (
          <CouponsTable coupons={coupons.data[0]} onOpen={setOpen} />
        )}
      </section>
    </>
  );
}

function CouponsTable({
  coupons,
  onOpen,
}: {
  coupons: AdminCoupon[];
  onOpen: (code: string) => void;
}) {
  return (
    <div className={styles.tableScroll} tabIndex={0} role="region" aria-label="Coupons table">
      <table className={styles.table}>
        <caption className={styles.caption}>{coupons.length} coupons, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col">State</th>
            <th scope="col">Off</th>
            <th scope="col">Taken</th>
            <th scope="col">Paid</th>
            <th scope="col">Plans</th>
            <th scope="col">Per account</th>
            <th scope="col">Ends</th>
          </tr>
        </thead>
        <tbody>
          {coupons.map((coupon) => (
            <tr key={coupon.code}>
              <td>
                <button
                  type="button"
                  className={styles.linkButton}
                  onClick={() => onOpen(coupon.code)}
                  aria-label={`Open ${coupon.code}`}
                >
                  <code>{coupon.code}</code>
                </button>
              </td>
              <td>
                <span className={business.state}>{STATE_TEXT[coupon.state]}</span>
              </td>
              <td>{coupon.percentage}%</td>
              <td className={styles.nowrap}>{takenText(coupon)}</td>
              <td>{coupon.redeemed}</td>
              <td>{coupon.planIds.length === 0 ? 'Every plan' : coupon.planIds.join(', ')}</td>
              <td>{coupon.perAccountLimit ?? 'No limit'}</td>
              <td className={styles.nowrap}>
                {coupon.validUntil ? formatMoment(coupon.validUntil) : 'No end'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

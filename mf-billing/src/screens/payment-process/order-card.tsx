import { BILLING_CURRENCY } from '@crease/contract';
import { Button, formatPercent } from '@crease/ui';
import { formatDuration, formatMoney } from '../../format/formatters';
import type { Order } from './load-order';
import styles from '../payment-screens.module.css';

export interface OrderCardProps {
  order: Order;
  total: number;
  busy: boolean;
  onPay(): void;
}

/** The plan, its price, the coupon's saving, the total today, and Pay. */
export function OrderCard({
  order: { plan, couponCode, percentage },
  total,
  busy,
  onPay,
}: OrderCardProps) {
  const currency = BILLING_CURRENCY;
  return (
    <div className={styles.card}>
      <h2 className={styles.cardTitle}>{plan.planName}</h2>
      <p className={styles.muted}>
        {formatDuration(plan.duration)} · up to {plan.maxDevices}{' '}
        {plan.maxDevices === 1 ? 'device' : 'devices'}
      </p>
      <dl className={styles.summary}>
        <div>
          <dt>Price</dt>
          <dd>{formatMoney(plan.price, currency)}</dd>
        </div>
        {couponCode ? (
          <div>
            <dt>
              Coupon {couponCode} ({formatPercent(percentage)} off)
            </dt>
            <dd>−{formatMoney(plan.price - total, currency)}</dd>
          </div>
        ) : null}
        <div className={styles.total}>
          <dt>Total today</dt>
          <dd>{formatMoney(total, currency)}</dd>
        </div>
      </dl>
      <Button className={styles.wide} busy={busy} onClick={onPay}>
        {busy ? 'Starting secure payment…' : `Pay ${formatMoney(total, currency)}`}
      </Button>
      <p className={styles.fine}>
        You’ll enter your card on our payment provider’s secure page. Your plan starts as soon as
        the provider confirms the payment.
      </p>
    </div>
  );
}

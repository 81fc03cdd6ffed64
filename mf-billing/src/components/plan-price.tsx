import { BILLING_CURRENCY } from '@crease/contract';
import { VisuallyHidden } from '@crease/ui';
import { discounted, formatDuration, formatMoney } from '../format/formatters';
import styles from './plan-price.module.css';

export interface PlanPriceProps {
  price: number;
  duration: number;
  /** A valid coupon's percentage, when one applies to this plan. */
  percentage?: number;
  currency?: string;
}

/**
 * A plan's price in the viewer's locale and currency format, per its duration. With a coupon the
 * list price is struck through (and said as "was" for screen readers) next to the new price.
 */
export function PlanPrice({
  price,
  duration,
  percentage,
  currency = BILLING_CURRENCY,
}: PlanPriceProps) {
  const period = formatDuration(duration);
  if (!percentage) {
    return (
      <p className={styles.price}>
        <span className={styles.amount}>{formatMoney(price, currency)}</span>
        <span className={styles.period}> for {period}</span>
      </p>
    );
  }
  const now = discounted(price, percentage, currency);
  return (
    <p className={styles.price}>
      <span className={styles.amount}>{formatMoney(now, currency)}</span>{' '}
      <s className={styles.was}>
        <VisuallyHidden>was </VisuallyHidden>
        {formatMoney(price, currency)}
      </s>
      <span className={styles.period}> for {period}</span>
    </p>
  );
}

import { BILLING_CURRENCY } from '@crease/contract';
import { VisuallyHidden } from '@crease/ui';
import { useWords } from '../format/use-format';
import styles from './plan-price.module.css';

export interface PlanPriceProps {
  price: number;
  duration: number;
  /** The price with a coupon, as the server computed it (never computed here, decision 397). */
  amount?: number;
  currency?: string;
}

/**
 * A plan's price in the viewer's locale and currency format, per its duration. With a coupon the
 * list price is struck through (and said as "was" for screen readers) next to the new price.
 */
export function PlanPrice({
  price,
  duration,
  amount,
  currency = BILLING_CURRENCY,
}: PlanPriceProps) {
  const { t, money, duration: length } = useWords();
  const period = length(duration);
  if (amount === undefined) {
    return (
      <p className={styles.price}>
        <span className={styles.amount}>{money(price, currency)}</span>{' '}
        <span className={styles.period}>{t('price.for', { period })}</span>
      </p>
    );
  }
  const now = amount;
  return (
    <p className={styles.price}>
      <span className={styles.amount}>{money(now, currency)}</span>{' '}
      <s className={styles.was}>
        <VisuallyHidden>{t('price.was')} </VisuallyHidden>
        {money(price, currency)}
      </s>{' '}
      <span className={styles.period}>{t('price.for', { period })}</span>
    </p>
  );
}

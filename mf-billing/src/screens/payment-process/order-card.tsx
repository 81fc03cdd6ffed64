import { screensText } from '@crease/contract';
import type { PriceQuote } from '@crease/contract';
import { Button, formatPercent } from '@crease/ui';
import { formatDate, formatDuration, formatMoney } from '../../format/formatters';
import type { Order } from './load-order';
import { TaxBreakdownLine } from '../../components/tax-breakdown';
import styles from '../payment-screens.module.css';

export interface OrderCardProps {
  order: Order;
  total: number;
  busy: boolean;
  onPay(): void;
}

/** The plan, its price, the coupon's saving, the total today, and Pay. */
export function OrderCard({
  order: { plan, quote, couponCode, percentage },
  total,
  busy,
  onPay,
}: OrderCardProps) {
  const { currency } = quote;
  return (
    <div className={styles.card}>
      <h2 className={styles.cardTitle}>{plan.planName}</h2>
      <p className={styles.muted}>
        {formatDuration(plan.duration)} · {screensText(plan.maxDevices)} at a time
      </p>
      <dl className={styles.summary}>
        <div>
          <dt>Price</dt>
          <dd>{formatMoney(quote.listPrice, currency)}</dd>
        </div>
        {couponCode ? (
          <div>
            <dt>
              Coupon {couponCode} ({formatPercent(percentage)} off)
            </dt>
            <dd>−{formatMoney(quote.discount, currency)}</dd>
          </div>
        ) : null}
        <div className={styles.total}>
          <dt>Total today</dt>
          <dd>{formatMoney(total, currency)}</dd>
        </div>
      </dl>
      <TaxBreakdownLine breakdown={quote.taxBreakdown} currency={currency} />
      <p className={styles.fine}>{renewalSentence(quote)}</p>
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

/** What happens after today's payment, in the server's figures (issue 31 §10). */
export function renewalSentence({ renewal, couponCode }: PriceQuote): string {
  if (!renewal) return 'Paid once: this pass never renews.';
  const price = formatMoney(renewal.amount, renewal.currency);
  const coupon = couponCode ? ` (${couponCode} is for the first payment only)` : '';
  return `Then ${price} every ${formatDuration(renewal.everyDays)}${coupon}, first charged on ${formatDate(new Date(renewal.at))}, until you cancel.`;
}

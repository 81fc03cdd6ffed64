import type { PriceQuote } from '@crease/contract';
import { Button } from '@crease/ui';
import { useWords } from '../../format/use-format';
import type { Formats } from '../../format/use-format';
import type { BillingMessageKey } from '../../messages';
import type { Translator } from '@crease/ui/i18n';
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
  const words = useWords();
  const { t, money } = words;
  return (
    <div className={styles.card}>
      <h2 className={styles.cardTitle}>{plan.planName}</h2>
      <p className={styles.muted}>
        {words.duration(plan.duration)} · {t('plan.screens', { screens: plan.maxDevices })}
      </p>
      <dl className={styles.summary}>
        <div>
          <dt>{t('order.price')}</dt>
          <dd>{money(quote.listPrice, currency)}</dd>
        </div>
        {couponCode ? (
          <div>
            <dt>{t('order.coupon', { code: couponCode, percent: words.percent(percentage) })}</dt>
            <dd>−{money(quote.discount, currency)}</dd>
          </div>
        ) : null}
        <div className={styles.total}>
          <dt>{t('order.total')}</dt>
          <dd>{money(total, currency)}</dd>
        </div>
      </dl>
      <TaxBreakdownLine breakdown={quote.taxBreakdown} currency={currency} />
      <p className={styles.fine}>{renewalSentence(quote, words)}</p>
      <Button className={styles.wide} busy={busy} onClick={onPay}>
        {busy ? t('order.starting') : t('order.pay', { amount: money(total, currency) })}
      </Button>
      <p className={styles.fine}>{t('order.providerNote')}</p>
    </div>
  );
}

/** What happens after today's payment, in the server's figures (issue 31 §10). */
export function renewalSentence(
  { renewal, couponCode }: PriceQuote,
  words: Pick<Translator<BillingMessageKey>, 't'> & Formats,
): string {
  const { t } = words;
  if (!renewal) return t('order.paidOnce');
  const values = {
    price: words.money(renewal.amount, renewal.currency),
    period: words.duration(renewal.everyDays),
    date: words.date(renewal.at),
  };
  return couponCode
    ? t('order.renewalCoupon', { ...values, code: couponCode })
    : t('order.renewal', values);
}

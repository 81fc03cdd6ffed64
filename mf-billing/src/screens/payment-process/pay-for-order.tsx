import type { ScreenProps } from '@crease/contract';
import { Button, ScreenLink } from '@crease/ui';
import { FormAlert } from '@crease/ui/forms';
import type { Order } from './load-order';
import { OrderCard } from './order-card';
import { planCheckoutRequest, usePay } from './use-pay';
import { useMessages } from '../../messages';
import { problemText } from '../../messages/problem-text';
import styles from '../payment-screens.module.css';

export interface PayForOrderProps {
  order: Order;
  platform: ScreenProps['platform'];
  navigate: ScreenProps['navigate'];
  onReload(): void;
}

/** The order to pay, what went wrong with the last Pay and what to do about it. */
export function PayForOrder({ order, platform, navigate, onReload }: PayForOrderProps) {
  // The server's figure, shown and sent back as it is: the page never computes a price (397).
  const total = order.quote.amount;
  const { busy, outcome, pay } = usePay(planCheckoutRequest(order), { platform, navigate });
  const words = useMessages();
  const { t } = words;
  const couponProblem = order.couponProblem;
  return (
    <>
      {couponProblem ? (
        <FormAlert tone="info" title={t('order.couponNotApplied')} revision={0}>
          <p>
            {couponProblem.code === null
              ? t('order.couponNoLongerApplies', { code: couponProblem.coupon })
              : problemText(couponProblem, words)}
          </p>
        </FormAlert>
      ) : null}
      {outcome ? (
        <FormAlert tone="error" title={t('order.payFailed')} revision={outcome.revision}>
          <p>{outcome.problem ? problemText(outcome.problem, words) : outcome.message}</p>
          {outcome.retry ? (
            <p>
              <Button variant="secondary" busy={busy} onClick={pay}>
                {t('action.tryAgain')}
              </Button>
            </p>
          ) : null}
          {outcome.reload ? (
            <p>
              <Button variant="secondary" onClick={onReload}>
                {t('order.showPrice')}
              </Button>
            </p>
          ) : null}
        </FormAlert>
      ) : null}
      <OrderCard order={order} total={total} busy={busy} onPay={pay} />
      <p className={styles.back}>
        <ScreenLink to="/plans" navigate={navigate}>
          {t('nav.backToPlans')}
        </ScreenLink>
      </p>
    </>
  );
}

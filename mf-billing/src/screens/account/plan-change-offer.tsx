import { useEffect, useState } from 'react';
import type { Plan, PlanChangeQuote, ScreenProps, Subscription } from '@crease/contract';
import { BILLING_CURRENCY } from '@crease/contract';
import { Button } from '@crease/ui';
import { changePlan, listPlans, quotePlanChange } from '../../api/billing-client';
import { useIdempotencyKey } from '../../components/use-idempotency-key';
import { useWords } from '../../format/use-format';
import { dateOf, messageOf } from './account-data';
import type { AccountWords, ActionOutcome } from './account-data';
import styles from '../account-screen.module.css';

type Money = (amount: number) => string;

/**
 * What the confirmation says: an upgrade's charge, its credit and the prepaid time it ends
 * (decision 391), or a change that starts at the renewal: a downgrade, or an upgrade on UPI
 * AutoPay, which is debited only after a notice a day ahead (decision 491).
 */
function quoteText(
  quote: PlanChangeQuote,
  price: number,
  money: Money,
  words: AccountWords,
): string {
  if (quote.atRenewal)
    return words.t(quote.kind === 'UPGRADE' ? 'change.autopayQuote' : 'change.switchQuote', {
      plan: quote.planName,
      date: dateOf(quote.effectiveAt, words) ?? '',
      price: money(price),
    });
  return quote.kind === 'UPGRADE'
    ? words.t('change.upgradeQuote', {
        amount: money(quote.amount),
        price: money(price),
        credit: money(quote.credit),
        until: dateOf(quote.givesUpUntil, words) ?? '',
        plan: quote.planName,
      })
    : words.t('change.switchQuote', {
        plan: quote.planName,
        date: dateOf(quote.effectiveAt, words) ?? '',
        price: money(price),
      });
}

/** Each prepaid period the upgrade ends, with what it cost and what is credited for it. */
function CreditList({ quote, money }: { quote: PlanChangeQuote; money: Money }) {
  const words = useWords();
  if (quote.kind !== 'UPGRADE' || quote.credits.length === 0) return null;
  return (
    <ul className={styles.creditList} aria-label={words.t('change.creditList')}>
      {quote.credits.map((period) => (
        <li key={`${period.periodStart}-${period.planName}`}>
          {words.t('change.creditLine', {
            plan: period.planName,
            from: dateOf(period.periodStart, words) ?? '',
            to: dateOf(period.periodEnd, words) ?? '',
            paid: money(period.paid),
            credit: money(period.credit),
          })}
        </li>
      ))}
    </ul>
  );
}

/**
 * Changing a running subscription to another one (decision 246): each other subscription plan
 * offers "Switch to …"; the API's quote is shown before anything is charged.
 */
export function PlanChangeOffer({
  subscription,
  platform,
  onChanged,
  show,
}: {
  subscription: Subscription;
  platform: ScreenProps['platform'];
  onChanged(subscription: Subscription): void;
  show(outcome: ActionOutcome): void;
}) {
  const [plans, setPlans] = useState<Plan[]>([]);
  const [quote, setQuote] = useState<PlanChangeQuote | null>(null);
  const [busy, setBusy] = useState(false);
  const keyFor = useIdempotencyKey();
  const words = useWords();
  const { t } = words;
  // Amounts in the currency the subscription was bought in: its changes charge in it (421).
  const money: Money = (amount) => words.money(amount, subscription.currency ?? BILLING_CURRENCY);

  useEffect(() => {
    let live = true;
    listPlans(platform)
      .then((all) => live && setPlans(all.filter((p) => p.active && p.renews && !p.trial)))
      .catch(() => live && setPlans([]));
    return () => {
      live = false;
    };
  }, [platform]);

  const others = plans.filter((plan) => plan.planId !== subscription.planId);
  if (others.length === 0) return null;
  const target = quote ? plans.find((plan) => plan.planId === quote.planId) : undefined;

  const ask = async (planId: string) => {
    setBusy(true);
    try {
      setQuote(await quotePlanChange(platform, planId));
    } catch (error) {
      show({ tone: 'error', message: messageOf(error, words) });
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (chosen: PlanChangeQuote) => {
    setBusy(true);
    try {
      const result = await changePlan(platform, chosen.planId, keyFor(chosen));
      setQuote(null);
      onChanged(result.subscription);
      show({
        tone: 'success',
        message: !result.atRenewal
          ? t('change.upgraded', { plan: result.planName, amount: money(result.amount) })
          : t('change.switched', {
              plan: result.planName,
              date: dateOf(result.effectiveAt, words) ?? '',
            }),
      });
    } catch (error) {
      show({ tone: 'error', message: messageOf(error, words) });
    } finally {
      setBusy(false);
    }
  };

  if (quote && target)
    return (
      <div className={styles.offer} role="group" aria-labelledby="change-question">
        <p id="change-question" className={styles.confirmText}>
          {t(quote.kind === 'UPGRADE' ? 'change.upgradeQuestion' : 'change.switchQuestion', {
            plan: quote.planName,
          })}{' '}
          {quoteText(quote, target.price, money, words)}
        </p>
        <CreditList quote={quote} money={money} />
        <div className={styles.actions}>
          <Button variant="secondary" busy={busy} onClick={() => void confirm(quote)}>
            {quote.atRenewal
              ? t('change.confirm')
              : t('change.payAndUpgrade', { amount: money(quote.amount) })}
          </Button>
          <Button variant="ghost" disabled={busy} onClick={() => setQuote(null)}>
            {t('change.keep', { plan: subscription.planName ?? '' })}
          </Button>
        </div>
      </div>
    );
  return (
    <div className={styles.actions}>
      {others.map((plan) => (
        // Outlined, so it reads as a button (issue 36 §6: a ghost button looked like plain text).
        <Button
          key={plan.planId}
          variant="secondary"
          disabled={busy}
          onClick={() => void ask(plan.planId)}
        >
          {t('change.switchTo', { plan: plan.planName })}
        </Button>
      ))}
    </div>
  );
}

import { useEffect, useState } from 'react';
import type { Plan, PlanChangeQuote, ScreenProps, Subscription } from '@crease/contract';
import { BILLING_CURRENCY } from '@crease/contract';
import { Button } from '@crease/ui';
import { changePlan, listPlans, quotePlanChange } from '../../api/billing-client';
import { useIdempotencyKey } from '../../components/use-idempotency-key';
import { formatMoney } from '../../format/formatters';
import { dateOf, messageOf } from './account-data';
import type { ActionOutcome } from './account-data';
import styles from '../account-screen.module.css';

type Money = (amount: number) => string;

/** Amounts in the currency the subscription was bought in: its changes charge in it (421). */
const moneyIn =
  (currency: string): Money =>
  (amount) =>
    formatMoney(amount, currency);

/**
 * What the confirmation says: an upgrade's charge, its credit and the prepaid time it ends
 * (decision 391), or a downgrade's start.
 */
function quoteText(quote: PlanChangeQuote, price: number, money: Money): string {
  return quote.kind === 'UPGRADE'
    ? `You pay ${money(quote.amount)} now: ${money(price)} less ${money(quote.credit)} credit for the unused time you prepaid. Your prepaid time until ${dateOf(quote.givesUpUntil)} ends today, and ${quote.planName} starts today and renews automatically.`
    : `${quote.planName} starts when your current period ends on ${dateOf(quote.effectiveAt)}. Nothing is charged now; the renewal then charges ${money(price)}.`;
}

/** Each prepaid period the upgrade ends, with what it cost and what is credited for it. */
function CreditList({ quote, money }: { quote: PlanChangeQuote; money: Money }) {
  if (quote.kind !== 'UPGRADE' || quote.credits.length === 0) return null;
  return (
    <ul className={styles.creditList} aria-label="Credit for your prepaid time">
      {quote.credits.map((period) => (
        <li key={`${period.periodStart}-${period.planName}`}>
          {period.planName}, {dateOf(period.periodStart)} to {dateOf(period.periodEnd)}: paid{' '}
          {money(period.paid)}, credit {money(period.credit)}
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
  const money = moneyIn(subscription.currency ?? BILLING_CURRENCY);

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
      show({ tone: 'error', message: messageOf(error) });
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
        message:
          result.kind === 'UPGRADE'
            ? `You are on ${result.planName} now. We charged ${money(result.amount)} to your saved card.`
            : `${result.planName} starts on ${dateOf(result.effectiveAt)}.`,
      });
    } catch (error) {
      show({ tone: 'error', message: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  if (quote && target)
    return (
      <div className={styles.offer} role="group" aria-labelledby="change-question">
        <p id="change-question" className={styles.confirmText}>
          {quote.kind === 'UPGRADE' ? 'Upgrade' : 'Switch'} to {quote.planName}?{' '}
          {quoteText(quote, target.price, money)}
        </p>
        <CreditList quote={quote} money={money} />
        <div className={styles.actions}>
          <Button variant="secondary" busy={busy} onClick={() => void confirm(quote)}>
            {quote.kind === 'UPGRADE' ? `Pay ${money(quote.amount)} and upgrade` : 'Confirm change'}
          </Button>
          <Button variant="ghost" disabled={busy} onClick={() => setQuote(null)}>
            Keep {subscription.planName}
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
          Switch to {plan.planName}
        </Button>
      ))}
    </div>
  );
}

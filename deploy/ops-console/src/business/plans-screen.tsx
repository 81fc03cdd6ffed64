import { useState } from 'react';
import { PRICE_CURRENCIES } from '@crease/contract';
import type { AdminPlan, PriceCurrency } from '@crease/contract';
import { Heading, TextField } from '@crease/ui';
import styles from '../ops.module.css';
import type { ScreenProps } from '../screens/staff-screen';
import { EmptyState, ErrorState, LoadingState } from '../screens/states';
import { useLoad } from '../screens/use-load';
import business from './business.module.css';
import { ReasonForm, formatMinor, minorOf } from './reason-form';

type Pending = { kind: 'price'; plan: AdminPlan } | { kind: 'sale'; plan: AdminPlan };

/**
 * Admin: every plan with its price per currency (decision 457). A price change reaches new
 * quotes only; withdrawing a plan stops new sales while running plans go on.
 */
export function PlansScreen({ client, onUnauthorized }: ScreenProps) {
  const [plans, reload] = useLoad(() => client.adminPlans(), onUnauthorized);
  const [pending, setPending] = useState<Pending | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);

  return (
    <>
      <div className={styles.titleRow}>
        <Heading level={1}>Plans and prices</Heading>
        <p className={styles.muted}>
          Prices are per currency. A change is charged from the next quote on; checkouts already
          open and periods already paid keep their price.
        </p>
      </div>
      <div role="status" aria-live="polite" className={business.outcome}>
        {outcome}
      </div>
      <section className={styles.panel} aria-labelledby="plans-title">
        <div className={styles.panelHead}>
          <h2 id="plans-title">Plans</h2>
        </div>
        {pending ? (
          <PlanAction
            pending={pending}
            client={client}
            onUnauthorized={onUnauthorized}
            onCancel={() => setPending(null)}
            onDone={(said) => {
              setPending(null);
              setOutcome(said);
              reload();
            }}
          />
        ) : null}
        {plans.status === 'loading' ? (
          <LoadingState label="Loading plans…" />
        ) : plans.status === 'error' ? (
          <ErrorState
            title="Plans could not be loaded"
            code={plans.code}
            message={plans.message}
            onRetry={reload}
          />
        ) : plans.data.length === 0 ? (
          <EmptyState title="No plans yet">
            Plans come from the billing seed or a migration; none is configured.
          </EmptyState>
        ) : (
          <PlansTable plans={plans.data} onAct={(next) => (setOutcome(null), setPending(next))} />
        )}
      </section>
    </>
  );
}

function kindOf(plan: AdminPlan): string {
  if (plan.trial) return 'Free trial';
  if (plan.pass) return 'Pass';
  return plan.renews ? 'Renews' : 'One period';
}

function PlansTable({ plans, onAct }: { plans: AdminPlan[]; onAct: (p: Pending) => void }) {
  return (
    <div className={styles.tableScroll} tabIndex={0} role="region" aria-label="Plans table">
      <table className={styles.table}>
        <caption className={styles.caption}>{plans.length} plans</caption>
        <thead>
          <tr>
            <th scope="col">Plan</th>
            <th scope="col">On sale</th>
            {PRICE_CURRENCIES.map((currency) => (
              <th scope="col" key={currency}>
                {currency}
              </th>
            ))}
            <th scope="col">Renewing</th>
          </tr>
        </thead>
        <tbody>
          {plans.map((plan) => (
            <tr key={plan.planId}>
              <td>
                <strong>{plan.planName}</strong>
                <span className={business.planMeta}>
                  <code>{plan.planId}</code> · {kindOf(plan)}
                </span>
                <PlanButtons plan={plan} onAct={onAct} />
              </td>
              <td>{plan.onSale ? 'On sale' : <strong>Withdrawn</strong>}</td>
              {plan.prices.map((price) => (
                <td key={price.currency} className={styles.nowrap}>
                  {plan.trial ? '—' : formatMinor(price.minor, price.currency)}
                  {price.fallback && !plan.trial ? (
                    <span className={business.note}> (USD price)</span>
                  ) : null}
                </td>
              ))}
              <td>{plan.renewingSubscriptions}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PlanButtons({ plan, onAct }: { plan: AdminPlan; onAct: (p: Pending) => void }) {
  return (
    <div className={`${styles.rowActions} ${business.planButtons}`}>
      {plan.trial ? null : (
        <button
          type="button"
          className={styles.smallButton}
          onClick={() => onAct({ kind: 'price', plan })}
          aria-label={`Change price of ${plan.planName}`}
        >
          Change price
        </button>
      )}
      <button
        type="button"
        className={styles.smallButton}
        onClick={() => onAct({ kind: 'sale', plan })}
        aria-label={`${plan.onSale ? 'Withdraw' : 'Put on sale'} ${plan.planName}`}
      >
        {plan.onSale ? 'Withdraw' : 'Put on sale'}
      </button>
    </div>
  );
}

function PlanAction({
  pending,
  client,
  onUnauthorized,
  onCancel,
  onDone,
}: {
  pending: Pending;
  client: ScreenProps['client'];
  onUnauthorized: (message: string) => void;
  onCancel: () => void;
  onDone: (said: string) => void;
}) {
  const { plan } = pending;
  const [currency, setCurrency] = useState<PriceCurrency>('USD');
  const [amount, setAmount] = useState('');
  if (pending.kind === 'sale')
    return (
      <ReasonForm
        title={plan.onSale ? `Withdraw ${plan.planName} from sale` : `Put ${plan.planName} on sale`}
        summary={
          plan.onSale
            ? `No one can buy it from now on. The ${plan.renewingSubscriptions} subscriptions renewing on it go on.`
            : 'Viewers can buy it again at its current prices.'
        }
        confirmLabel={plan.onSale ? 'Withdraw from sale' : 'Put on sale'}
        danger={plan.onSale}
        run={(reason) =>
          client
            .setPlanOnSale(plan.planId, !plan.onSale, reason)
            .then((after) => `${after.planName} is ${after.onSale ? 'on sale' : 'withdrawn'}.`)
        }
        onDone={onDone}
        onCancel={onCancel}
        onUnauthorized={onUnauthorized}
      />
    );
  const current = plan.prices.find((p) => p.currency === currency);
  return (
    <ReasonForm
      title={`Change a price of ${plan.planName}`}
      summary={`New quotes use it at once. ${plan.renewingSubscriptions} renewing subscriptions pay the plan's price in their currency at their next renewal.`}
      confirmLabel="Change price"
      check={() =>
        minorOf(amount) === null ? 'Give the new price, more than 0, like 12.50.' : null
      }
      run={(reason) =>
        client.setPlanPrice(plan.planId, currency, minorOf(amount) ?? 0, reason).then((after) => {
          const price = after.prices.find((p) => p.currency === currency);
          return `${after.planName} costs ${formatMinor(price?.minor ?? 0, currency)} in ${currency} for new quotes.`;
        })
      }
      onDone={onDone}
      onCancel={onCancel}
      onUnauthorized={onUnauthorized}
    >
      <div className={styles.field}>
        <label htmlFor="price-currency" className={styles.fieldLabel}>
          Currency
        </label>
        <select
          id="price-currency"
          className={business.select}
          value={currency}
          onChange={(event) => setCurrency(event.target.value as PriceCurrency)}
        >
          {PRICE_CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={`New price (${currency})`}
        name="price"
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        hint={`Now ${current ? formatMinor(current.minor, currency) : '—'}${current?.fallback ? ' (the USD price: no price of its own)' : ''}. Tax included where it applies.`}
      />
    </ReasonForm>
  );
}

import { Link } from 'react-router-dom';
import { Crest } from '@crease/ui';
import type { Plan, StorefrontMatch, TrialLimits } from '@crease/contract';
import { useStorefront } from './storefront-data';
import type { StorefrontSource } from './storefront-data';
import styles from './storefront.module.css';

const unit = (value: number, name: string) =>
  new Intl.NumberFormat(undefined, { style: 'unit', unit: name, unitDisplay: 'long' }).format(
    value,
  );
/** 365-day plans read as years; a 30-day plan is 30 days, not a calendar month (issue 23 §4). */
const days = (n: number) => (n % 365 ? unit(n, 'day') : unit(n / 365, 'year'));
const minutes = (n: number) => (n % 60 ? unit(n, 'minute') : unit(n / 60, 'hour'));
/** The visitor's own time zone and format, "Sat 14 Mar, 15:30". */
const localTime = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

interface MatchesProps {
  title: string;
  items: StorefrontMatch[];
  /** Live matches get "Watch" (register, then that match); fixtures their local start time. */
  watch?: StorefrontSource['registerThen'];
}

function Matches({ title, items, watch }: MatchesProps) {
  if (!items.length) return null;
  return (
    <section className={styles.box} aria-label={title}>
      <h2 className={styles.title}>{title}</h2>
      <ul className={styles.list}>
        {items.map((match) => (
          <li key={match.eventId} className={styles.row}>
            <span className={styles.match}>
              <span className={styles.crests}>
                <Crest {...match.crests[0]} />
                <Crest {...match.crests[1]} />
              </span>
              <span>
                <strong>{match.teams.join(' v ')}</strong> · {match.league}
              </span>
            </span>
            {watch ? (
              <Link
                to={watch(`/player?event=${encodeURIComponent(match.eventId)}`)}
                className={styles.button}
                aria-label={`Watch ${match.title}`}
              >
                Watch
              </Link>
            ) : (
              <time dateTime={match.startTime}>{localTime.format(new Date(match.startTime))}</time>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

interface PlansProps {
  plans: Plan[];
  trial: TrialLimits | null;
  source: StorefrontSource;
}

/** A price in its own currency (the visitor's region's, decision 421), in the browser's format. */
const moneyIn = (currency: string) => (amount: number) =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount);

function Plans({ plans, trial, source }: PlansProps) {
  return (
    <section className={styles.box} aria-label="Plans and prices">
      <h2 className={styles.title}>Plans and prices</h2>
      {trial ? (
        <p>
          Free trial: {days(trial.days)}, up to {minutes(trial.overallMinutes)} of live cricket (
          {minutes(trial.dailyMinutes)} a day), no card needed.{' '}
          <Link to={source.registerThen('/trial-activation')}>Start your free trial</Link>
        </p>
      ) : null}
      <ul className={styles.plans}>
        {plans.map((plan) => {
          const money = moneyIn(plan.currency ?? source.currency);
          return (
            <li key={plan.planId} className={styles.plan}>
              <h3>{plan.planName}</h3>
              <strong className={styles.price}>{money(plan.price)}</strong>
              {plan.taxBreakdown ? (
                <span className={styles.tax}>{source.taxText(plan.taxBreakdown, money)}</span>
              ) : null}
              {plan.renews
                ? `${days(plan.duration)} at a time, renews until you cancel`
                : `${days(plan.duration)}, paid once, never renews`}
              {`, ${plan.maxDevices} ${plan.maxDevices > 1 ? 'screens' : 'screen'}`}
              <Link
                to={source.registerThen(
                  `/payment-process?planId=${encodeURIComponent(plan.planId)}`,
                )}
                className={styles.button}
                aria-label={`Choose ${plan.planName}`}
              >
                Choose
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * The storefront on / for signed-out visitors (issue 22 §3): live now, the next fixtures in the
 * visitor's local time, the plans with prices and the trial. Its box keeps its place while the
 * read is on its way, so nothing below it moves when it lands.
 */
export function Storefront({ source }: { source: StorefrontSource }) {
  const state = useStorefront(source.url);
  const data = state.status === 'ready' ? state.data : null;
  return (
    <div className={styles.store} aria-busy={state.status === 'loading'}>
      {data ? (
        <>
          <Matches title="Live now" items={data.live} watch={source.registerThen} />
          <Matches title="Coming up" items={data.upcoming} />
          <Plans plans={data.plans} trial={data.trial} source={source} />
        </>
      ) : (
        <p role="status">
          {state.status === 'loading' ? 'Loading what’s on…' : 'What’s on could not be loaded.'}
        </p>
      )}
    </div>
  );
}

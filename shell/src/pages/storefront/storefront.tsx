import { Link } from 'react-router-dom';
import { Crest } from '@crease/ui';
import type { Plan, StorefrontMatch, TrialLimits } from '@crease/contract';
import { useStorefront } from './storefront-data';
import type { StorefrontSource } from './storefront-data';
import { useMessages } from '../../messages';
import styles from './storefront.module.css';

/** 365-day plans read as years; a 30-day plan is 30 days, not a calendar month (issue 23 §4). */
function durations(locale: string) {
  const unit = (value: number, name: string) =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  return {
    days: (n: number) => (n % 365 ? unit(n, 'day') : unit(n / 365, 'year')),
    minutes: (n: number) => (n % 60 ? unit(n, 'minute') : unit(n / 60, 'hour')),
  };
}
/** The visitor's own time zone, in the page's language: "Sat 14 Mar, 15:30". */
const LOCAL_TIME: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
};

interface MatchesProps {
  title: string;
  items: StorefrontMatch[];
  /** Live matches get "Watch" (register, then that match); fixtures their local start time. */
  watch?: StorefrontSource['registerThen'];
}

function Matches({ title, items, watch }: MatchesProps) {
  const { t, date } = useMessages();
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
                <strong>{match.teams.join(t('storefront.versus'))}</strong> · {match.league}
              </span>
            </span>
            {watch ? (
              <Link
                to={watch(`/player?event=${encodeURIComponent(match.eventId)}`)}
                className={styles.button}
                aria-label={t('storefront.watchMatch', { title: match.title })}
              >
                {t('storefront.watch')}
              </Link>
            ) : (
              <time dateTime={match.startTime}>{date(match.startTime, LOCAL_TIME)}</time>
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

function Plans({ plans, trial, source }: PlansProps) {
  const { t, number, locale } = useMessages();
  const { days, minutes } = durations(locale);
  /** A price in its own currency (the visitor's region's, decision 421), in the page's format. */
  const moneyIn = (currency: string) => (amount: number) =>
    number(amount, { style: 'currency', currency });
  return (
    <section className={styles.box} aria-label={t('storefront.plans')}>
      <h2 className={styles.title}>{t('storefront.plans')}</h2>
      {trial ? (
        <p>
          {t('storefront.trial', {
            days: days(trial.days),
            overall: minutes(trial.overallMinutes),
            daily: minutes(trial.dailyMinutes),
          })}{' '}
          <Link to={source.registerThen('/trial-activation')}>{t('storefront.startTrial')}</Link>
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
                <span className={styles.tax}>
                  {/* The contract's one wording (taxBreakdownText) in English, translated. */}
                  {t('storefront.tax', {
                    label: plan.taxBreakdown.label,
                    rate: `${Number(plan.taxBreakdown.ratePercent.toFixed(2))}%`,
                    net: money(plan.taxBreakdown.net),
                    tax: money(plan.taxBreakdown.tax),
                  })}
                </span>
              ) : null}
              {t(plan.renews ? 'storefront.renews' : 'storefront.once', {
                duration: days(plan.duration),
                screens: plan.maxDevices,
              })}
              <Link
                to={source.registerThen(
                  `/payment-process?planId=${encodeURIComponent(plan.planId)}`,
                )}
                className={styles.button}
                aria-label={t('storefront.choosePlan', { plan: plan.planName })}
              >
                {t('storefront.choose')}
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
  const { t } = useMessages();
  const state = useStorefront(source.url);
  const data = state.status === 'ready' ? state.data : null;
  return (
    <div className={styles.store} aria-busy={state.status === 'loading'}>
      {data ? (
        <>
          <Matches title={t('storefront.live')} items={data.live} watch={source.registerThen} />
          <Matches title={t('storefront.upcoming')} items={data.upcoming} />
          <Plans plans={data.plans} trial={data.trial} source={source} />
        </>
      ) : (
        <p role="status">
          {t(state.status === 'loading' ? 'storefront.loading' : 'storefront.failed')}
        </p>
      )}
    </div>
  );
}

import { useMemo } from 'react';
import type { BusinessFigures, MoneyByCurrency } from '@crease/contract';
import { Button, Heading, VisuallyHidden } from '@crease/ui';
import styles from '../ops.module.css';
import { formatMoment } from '../screens/format';
import type { ScreenProps } from '../screens/staff-screen';
import { EmptyState, ErrorState, LoadingState } from '../screens/states';
import { useLoad } from '../screens/use-load';
import business from './business.module.css';
import { DayChart } from './day-chart';
import type { DaySeries } from './day-chart';
import { formatMinor } from './reason-form';

/**
 * Admin: the business figures (decision 459): revenue today and this month per currency, net
 * of refunds; trials and conversion; viewers at peak per match. Days are UTC days.
 */
export function FiguresScreen({ client, onUnauthorized }: ScreenProps) {
  const [figures, reload] = useLoad(() => client.figures(), onUnauthorized);
  return (
    <>
      <div className={styles.titleRow}>
        <Heading level={1}>Business</Heading>
        <p className={styles.muted}>
          {figures.status === 'ready'
            ? `As of ${formatMoment(figures.data.now)}. Days and months are UTC.`
            : 'Days and months are UTC.'}
        </p>
        {figures.status === 'ready' ? (
          <Button type="button" variant="secondary" onClick={reload}>
            Refresh
          </Button>
        ) : null}
      </div>
      {figures.status === 'loading' ? (
        <section className={styles.panel} aria-label="Business figures">
          <LoadingState label="Loading the figures…" />
        </section>
      ) : figures.status === 'error' ? (
        <section className={styles.panel} aria-label="Business figures">
          <ErrorState
            title="The figures could not be loaded"
            code={figures.code}
            message={figures.message}
            onRetry={reload}
          />
        </section>
      ) : (
        <Figures figures={figures.data} />
      )}
    </>
  );
}

/** "$12.34 net ($15.00 paid, $2.66 refunded)" per currency, or "Nothing yet". */
function MoneyLines({ money }: { money: MoneyByCurrency[] }) {
  if (money.length === 0) return <>Nothing yet</>;
  return (
    <>
      {money.map((m) => (
        <span key={m.currency} className={business.moneyLine}>
          {formatMinor(m.netMinor, m.currency)}
          <span className={business.statLine}>
            {formatMinor(m.grossMinor, m.currency)} paid, {formatMinor(m.refundedMinor, m.currency)}{' '}
            refunded
          </span>
        </span>
      ))}
    </>
  );
}

function Figures({ figures }: { figures: BusinessFigures }) {
  const days = useMemo(() => figures.revenueByDay.map((d) => d.day), [figures]);
  const currencies = useMemo(
    () => figures.revenueMonth.map((m) => m.currency),
    [figures.revenueMonth],
  );
  // One chart per currency: rupees and dollars on one axis would flatten the smaller one.
  const revenueSeries = useMemo(
    () =>
      currencies.map((currency) => ({
        currency,
        series: [
          {
            label: `${currency} net`,
            values: figures.revenueByDay.map(
              (d) => (d.byCurrency.find((m) => m.currency === currency)?.netMinor ?? 0) / 100,
            ),
          },
        ] satisfies DaySeries[],
      })),
    [figures.revenueByDay, currencies],
  );
  const trialSeries = useMemo<DaySeries[]>(
    () => [{ label: 'Trials started', values: figures.trialsByDay.map((d) => d.trials) }],
    [figures.trialsByDay],
  );
  const { conversion } = figures;
  return (
    <>
      <section className={styles.panel} aria-labelledby="figures-now">
        <div className={styles.panelHead}>
          <h2 id="figures-now">Today and this month</h2>
        </div>
        <dl className={business.stats}>
          <div className={business.stat}>
            <dt>Revenue today (net)</dt>
            <dd data-testid="revenue-today">
              <MoneyLines money={figures.revenueToday} />
            </dd>
          </div>
          <div className={business.stat}>
            <dt>Revenue this month (net)</dt>
            <dd data-testid="revenue-month">
              <MoneyLines money={figures.revenueMonth} />
            </dd>
          </div>
          <div className={business.stat}>
            <dt>Trials started</dt>
            <dd>
              {figures.trialsToday} today
              <span className={business.statLine}>{figures.trialsMonth} this month</span>
            </dd>
          </div>
          <div className={business.stat}>
            <dt>Trial to paid</dt>
            <dd>
              {conversion.percent === null ? '—' : `${conversion.percent}%`}
              <span className={business.statLine}>
                {conversion.paid} of {conversion.trials} trials this month have paid
              </span>
            </dd>
          </div>
        </dl>
      </section>
      <section className={styles.panel} aria-labelledby="figures-days">
        <div className={styles.panelHead}>
          <h2 id="figures-days">Day by day this month</h2>
        </div>
        <div className={business.charts}>
          {revenueSeries.length === 0 ? (
            <EmptyState title="No revenue this month yet">
              Payments and refunds appear here on the day they happen.
            </EmptyState>
          ) : (
            revenueSeries.map(({ currency, series }) => (
              <DayChart
                key={currency}
                title={`Net revenue per day, ${currency}`}
                days={days}
                series={series}
                summary={`${formatMinor(
                  figures.revenueMonth.find((m) => m.currency === currency)?.netMinor ?? 0,
                  currency,
                )} net this month`}
              />
            ))
          )}
          <DayChart
            title="Trials started per day"
            whole
            days={days}
            series={trialSeries}
            summary={`${figures.trialsMonth} trials this month, ${figures.trialsToday} today`}
          />
        </div>
      </section>
      <section className={styles.panel} aria-labelledby="figures-peaks">
        <div className={styles.panelHead}>
          <h2 id="figures-peaks">Viewers at peak per match</h2>
          <p className={styles.muted}>The most screens playing at one moment, this month.</p>
        </div>
        {figures.peaks.length === 0 ? (
          <EmptyState title="No match watched this month yet" />
        ) : (
          <PeakBars figures={figures} />
        )}
      </section>
    </>
  );
}

/** A bar per match, longest for the biggest peak: the figure is written beside each bar. */
function PeakBars({ figures }: { figures: BusinessFigures }) {
  const most = Math.max(1, ...figures.peaks.map((p) => p.peakViewers));
  return (
    <ol className={business.bars} aria-label="Viewers at peak per match">
      {figures.peaks.map((peak) => (
        <li key={peak.eventId} className={business.bar}>
          <span className={styles.wrap}>
            {peak.title}
            <span className={business.statLine}>at {formatMoment(peak.peakAt)}</span>
          </span>
          <span className={business.barTrack} aria-hidden="true">
            <span
              className={business.barFill}
              style={{ width: `${(peak.peakViewers / most) * 100}%` }}
            />
          </span>
          <span className={business.barValue}>
            {peak.peakViewers}
            <VisuallyHidden> viewers at peak</VisuallyHidden>
          </span>
        </li>
      ))}
    </ol>
  );
}

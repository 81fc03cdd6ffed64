import { useState } from 'react';
import type { AdminCouponRedemptions } from '@crease/contract';
import { Button, Heading, TextField } from '@crease/ui';
import type { StaffClient } from '../api/staff-client';
import styles from '../ops.module.css';
import detail from '../screens/detail.module.css';
import { formatMoment } from '../screens/format';
import { EmptyState, ErrorState, LoadingState } from '../screens/states';
import { useLoad } from '../screens/use-load';
import business from './business.module.css';
import { STATE_TEXT, takenText } from './coupon-text';
import { instantOf, limitOf } from './coupon-form';
import { ReasonForm, formatMinor } from './reason-form';

/** One coupon: its counts against its limit, who redeemed it, and "change" and "end". */
export function CouponDetail({
  code,
  client,
  onUnauthorized,
  onBack,
}: {
  code: string;
  client: StaffClient;
  onUnauthorized: (message: string) => void;
  onBack: () => void;
}) {
  const [seen, reload] = useLoad(() => client.couponRedemptions(code), onUnauthorized);
  const [acting, setActing] = useState<'change' | 'end' | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const done = (said: string) => {
    setActing(null);
    setOutcome(said);
    reload();
  };

  return (
    <>
      <div className={styles.titleRow}>
        <Heading level={1}>
          Coupon <code>{code}</code>
        </Heading>
        <Button type="button" variant="ghost" onClick={onBack}>
          Back to coupons
        </Button>
      </div>
      <div role="status" aria-live="polite" className={business.outcome}>
        {outcome}
      </div>
      {seen.status === 'loading' ? (
        <LoadingState label="Loading redemptions…" />
      ) : seen.status === 'error' ? (
        <ErrorState
          title="This coupon could not be loaded"
          code={seen.code}
          message={seen.message}
          onRetry={reload}
        />
      ) : (
        <>
          <section className={styles.panel} aria-labelledby="coupon-facts">
            <div className={styles.panelHead}>
              <h2 id="coupon-facts">Limits and window</h2>
              {acting || seen.data.coupon.state === 'ENDED' ? null : (
                <div className={styles.rowActions}>
                  <Button type="button" variant="secondary" onClick={() => setActing('change')}>
                    Change limit or end date
                  </Button>
                  <Button type="button" variant="danger" onClick={() => setActing('end')}>
                    End coupon
                  </Button>
                </div>
              )}
            </div>
            {acting ? (
              <CouponChange
                data={seen.data}
                kind={acting}
                client={client}
                onUnauthorized={onUnauthorized}
                onCancel={() => setActing(null)}
                onDone={done}
              />
            ) : null}
            <Facts data={seen.data} />
          </section>
          <section className={styles.panel} aria-labelledby="coupon-redemptions">
            <div className={styles.panelHead}>
              <h2 id="coupon-redemptions">Redemptions</h2>
              <p className={styles.muted}>
                {seen.data.holding} checkout{seen.data.holding === 1 ? '' : 's'} holding a place,
                not paid yet.
              </p>
            </div>
            {seen.data.redemptions.length === 0 ? (
              <EmptyState title="No one has paid with it yet" />
            ) : (
              <RedemptionsTable data={seen.data} />
            )}
          </section>
        </>
      )}
    </>
  );
}

function Facts({ data }: { data: AdminCouponRedemptions }) {
  const { coupon } = data;
  const facts: [string, string][] = [
    ['State', STATE_TEXT[coupon.state]],
    ['Discount', `${coupon.percentage}% off the first payment`],
    ['Plans', coupon.planIds.length === 0 ? 'Every plan on sale' : coupon.planIds.join(', ')],
    ['Places taken', takenText(coupon)],
    ['Paid redemptions', String(coupon.redeemed)],
    ['Per account', coupon.perAccountLimit === null ? 'No limit' : String(coupon.perAccountLimit)],
    ['Starts', formatMoment(coupon.validFrom)],
    ['Ends', coupon.validUntil ? formatMoment(coupon.validUntil) : 'No end'],
  ];
  return (
    <dl className={detail.factsGrid}>
      {facts.map(([term, value]) => (
        <div key={term} className={detail.fact}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function RedemptionsTable({ data }: { data: AdminCouponRedemptions }) {
  return (
    <div className={styles.tableScroll} tabIndex={0} role="region" aria-label="Redemptions table">
      <table className={styles.table}>
        <caption className={styles.caption}>
          {data.redemptions.length === 1
            ? '1 paid redemption'
            : `${data.redemptions.length} paid redemptions, newest first`}
        </caption>
        <thead>
          <tr>
            <th scope="col">Viewer</th>
            <th scope="col">Paid</th>
            <th scope="col">Plan</th>
            <th scope="col">Amount</th>
            <th scope="col">Payment</th>
          </tr>
        </thead>
        <tbody>
          {data.redemptions.map((r) => (
            <tr key={r.paymentId}>
              <td className={styles.wrap}>{r.viewer}</td>
              <td className={styles.nowrap}>{formatMoment(r.paidAt)}</td>
              <td>{r.planId}</td>
              <td className={styles.nowrap}>{formatMinor(r.amountMinor, r.currency)}</td>
              <td>
                <code className={styles.wrap}>{r.paymentId}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CouponChange({
  data,
  kind,
  client,
  onUnauthorized,
  onCancel,
  onDone,
}: {
  data: AdminCouponRedemptions;
  kind: 'change' | 'end';
  client: StaffClient;
  onUnauthorized: (message: string) => void;
  onCancel: () => void;
  onDone: (said: string) => void;
}) {
  const { coupon } = data;
  const [limit, setLimit] = useState(
    coupon.redemptionLimit === null ? '' : String(coupon.redemptionLimit),
  );
  const [until, setUntil] = useState('');
  if (kind === 'end')
    return (
      <ReasonForm
        title={`End ${coupon.code} now`}
        summary="No new checkout can take it. Checkouts already open keep their price."
        confirmLabel="End coupon"
        danger
        run={(reason) => client.endCoupon(coupon.code, reason).then((c) => `${c.code} has ended.`)}
        onDone={onDone}
        onCancel={onCancel}
        onUnauthorized={onUnauthorized}
      />
    );
  return (
    <ReasonForm
      title={`Change ${coupon.code}`}
      summary={`The limit cannot go below the ${coupon.taken} places taken.`}
      confirmLabel="Save changes"
      check={() =>
        limitOf(limit) === undefined
          ? 'The limit is a whole number, or empty for no limit.'
          : instantOf(until) === undefined
            ? 'The end is not a date and time.'
            : null
      }
      run={(reason) =>
        client
          .updateCoupon(coupon.code, {
            reason,
            redemptionLimit: limitOf(limit) ?? null,
            ...(until.trim() === '' ? {} : { validUntil: instantOf(until) ?? null }),
          })
          .then((c) => `${c.code}: ${takenText(c)} places taken.`)
      }
      onDone={onDone}
      onCancel={onCancel}
      onUnauthorized={onUnauthorized}
    >
      <div className={business.formGrid}>
        <TextField
          label="Redemption limit"
          name="change-limit"
          inputMode="numeric"
          value={limit}
          onChange={(event) => setLimit(event.target.value)}
          hint="Empty: no limit."
        />
        <TextField
          label="New end"
          name="change-until"
          type="datetime-local"
          value={until}
          onChange={(event) => setUntil(event.target.value)}
          hint={`Your local time. Now: ${coupon.validUntil ? formatMoment(coupon.validUntil) : 'no end'}; empty keeps it.`}
        />
      </div>
    </ReasonForm>
  );
}

import type { PaymentPage, ScreenProps } from '@crease/contract';
import { listPayments } from '../api/billing-client';
import { ScreenFrame } from '../components/screen-frame';
import { ScreenLink, VisuallyHidden } from '@crease/ui';
import { EmptyState, LoadFailed, Loading } from '../components/screen-states';
import { useResource } from '../components/use-resource';
import { formatDate, formatMoney, fromEpochSeconds } from '../format/formatters';
import { PAYMENT_SYSTEM_LABELS } from '../format/labels';
import { BILLING_CURRENCY } from '@crease/contract';
import { ReceiptView } from './receipt-view';
import styles from './payment-history-screen.module.css';

export const PAYMENTS_PAGE_SIZE = 10;

function historyPath(page: number): string {
  return page <= 1 ? '/payment-history' : `/payment-history?page=${page}`;
}

export function receiptPath(paymentId: string): string {
  return `/payment-history?${new URLSearchParams({ receipt: paymentId })}`;
}

/** ?page= as a whole number from 1; anything else is the first page. */
function pageOf(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * /payment-history: payments newest first (the API's order), each with its local date (SPEC §3:
 * paymentDate is epoch seconds), plan, amount and payment system, and a printable receipt
 * (`?receipt=<paymentId>`). Paginated with `?page=`, so every page has its own address.
 */
export function PaymentHistoryScreen({ platform, navigate, location }: ScreenProps) {
  const search = new URLSearchParams(location.search);
  const receipt = search.get('receipt');
  if (receipt) return <ReceiptView paymentId={receipt} platform={platform} navigate={navigate} />;
  return <PaymentList page={pageOf(search)} platform={platform} navigate={navigate} />;
}

function PaymentList({
  page,
  platform,
  navigate,
}: {
  page: number;
  platform: ScreenProps['platform'];
  navigate: ScreenProps['navigate'];
}) {
  const { resource, retry } = useResource(
    () => listPayments(platform, page, PAYMENTS_PAGE_SIZE),
    [page],
  );
  return (
    <ScreenFrame
      titleId="payment-history-title"
      eyebrow="Account"
      title="Payment history"
      lead={<p>Every payment on your account, newest first, with a receipt you can print.</p>}
    >
      {resource.state === 'loading' ? <Loading label="Loading your payments…" /> : null}
      {resource.state === 'failed' ? (
        <LoadFailed what="your payments" problem={resource.problem} onRetry={retry} />
      ) : null}
      {resource.state === 'ready' && resource.data.total === 0 ? (
        <EmptyState
          title="No payments yet"
          action={
            <ScreenLink to="/plans" navigate={navigate}>
              See the plans
            </ScreenLink>
          }
        >
          <p>When you buy a plan, its payment and receipt appear here.</p>
        </EmptyState>
      ) : null}
      {resource.state === 'ready' && resource.data.total > 0 ? (
        <PaymentTable data={resource.data} navigate={navigate} />
      ) : null}
    </ScreenFrame>
  );
}

function PaymentTable({
  data,
  navigate,
}: {
  data: PaymentPage;
  navigate: ScreenProps['navigate'];
}) {
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const first = (data.page - 1) * data.pageSize + 1;
  const last = first + data.payments.length - 1;
  return (
    <>
      <table className={styles.table}>
        <caption>
          <VisuallyHidden>
            Payments {first} to {last} of {data.total}
          </VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Plan</th>
            <th scope="col" className={styles.number}>
              Amount
            </th>
            <th scope="col">Paid with</th>
            <th scope="col">
              <VisuallyHidden>Receipt</VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.payments.map((payment) => {
            const date = fromEpochSeconds(payment.paymentDate);
            return (
              <tr key={payment.paymentId}>
                <th scope="row" data-label="Date">
                  <time dateTime={date.toISOString()}>{formatDate(date)}</time>
                </th>
                <td data-label="Plan">{payment.plan}</td>
                <td data-label="Amount" className={styles.number}>
                  {formatMoney(payment.amount, BILLING_CURRENCY)}
                </td>
                <td data-label="Paid with">
                  {PAYMENT_SYSTEM_LABELS[payment.paymentSystem] ?? payment.paymentSystem}
                </td>
                <td>
                  <ScreenLink to={receiptPath(payment.paymentId)} navigate={navigate}>
                    Receipt<VisuallyHidden> for {formatDate(date)}</VisuallyHidden>
                  </ScreenLink>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className={styles.count} aria-hidden="true">
        Payments {first} to {last} of {data.total}
      </p>
      {pages > 1 ? (
        <nav className={styles.pager} aria-label="Payment history pages">
          {data.page > 1 ? (
            <ScreenLink
              to={historyPath(data.page - 1)}
              navigate={navigate}
              className={styles.pageLink}
            >
              ← Newer
            </ScreenLink>
          ) : (
            <span />
          )}
          <span className={styles.pageOf}>
            Page {data.page} of {pages}
          </span>
          {data.page < pages ? (
            <ScreenLink
              to={historyPath(data.page + 1)}
              navigate={navigate}
              className={styles.pageLink}
            >
              Older →
            </ScreenLink>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </>
  );
}

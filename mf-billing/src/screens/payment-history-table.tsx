import type { BillingHistoryEntry, BillingHistoryPage, ScreenProps } from '@crease/contract';
import { cardLabel } from '@crease/contract';
import { ScreenLink, VisuallyHidden } from '@crease/ui';
import { formatDate, formatMoney } from '../format/formatters';
import {
  FAILURE_REASON_LABELS,
  PAYMENT_KIND_LABELS,
  PAYMENT_SYSTEM_LABELS,
} from '../format/labels';
import styles from './payment-history-screen.module.css';

export function historyPath(page: number): string {
  return page <= 1 ? '/payment-history' : `/payment-history?page=${page}`;
}

export function receiptPath(paymentId: string): string {
  return `/payment-history?${new URLSearchParams({ receipt: paymentId })}`;
}

/** "Paid · Renewal", "Declined · Insufficient funds", "Refunded". */
function outcomeOf(entry: BillingHistoryEntry): string {
  const kind = entry.kind ? PAYMENT_KIND_LABELS[entry.kind] : null;
  const reason = entry.failureCode
    ? (FAILURE_REASON_LABELS[entry.failureCode] ?? entry.failureMessage ?? entry.failureCode)
    : null;
  switch (entry.type) {
    case 'PAYMENT':
      return kind ? `Paid · ${kind}` : 'Paid';
    case 'REFUND':
      return 'Refunded';
    case 'DECLINED':
      return `Declined · ${reason}`;
    default:
      return `Failed · ${reason}`;
  }
}

/**
 * The history as a table: date, plan, amount (a refund's is money back), the card by brand and
 * last four digits, what happened (and why, for a charge that took no money) and the receipt.
 */
export function PaymentHistoryTable({
  data,
  navigate,
}: {
  data: BillingHistoryPage;
  navigate: ScreenProps['navigate'];
}) {
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const first = (data.page - 1) * data.pageSize + 1;
  const last = first + data.entries.length - 1;
  return (
    <>
      <table className={styles.table}>
        <caption>
          <VisuallyHidden>
            Entries {first} to {last} of {data.total}
          </VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Plan</th>
            <th scope="col" className={styles.number}>
              Amount
            </th>
            <th scope="col">Card</th>
            <th scope="col">Status</th>
            <th scope="col">
              <VisuallyHidden>Receipt</VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.entries.map((entry) => {
            const date = new Date(entry.at);
            const money = formatMoney(entry.amount, entry.currency);
            return (
              <tr key={entry.entryId} data-outcome={entry.type}>
                <th scope="row" data-label="Date">
                  <time dateTime={entry.at}>{formatDate(date)}</time>
                </th>
                <td data-label="Plan">{entry.plan}</td>
                <td data-label="Amount" className={styles.number}>
                  {entry.type === 'REFUND' ? `−${money}` : money}
                </td>
                <td data-label="Card">
                  {cardLabel(entry.cardBrand, entry.cardLast4) ??
                    PAYMENT_SYSTEM_LABELS[entry.paymentSystem] ??
                    entry.paymentSystem}
                </td>
                <td data-label="Status">
                  <span className={entry.type === 'PAYMENT' ? undefined : styles.notPaid}>
                    {outcomeOf(entry)}
                  </span>
                </td>
                <td>
                  {entry.type === 'PAYMENT' && entry.paymentId ? (
                    <ScreenLink to={receiptPath(entry.paymentId)} navigate={navigate}>
                      Receipt
                      <VisuallyHidden>
                        {' '}
                        {entry.invoiceNumber ?? ''} for {formatDate(date)}
                      </VisuallyHidden>
                    </ScreenLink>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className={styles.count} aria-hidden="true">
        Entries {first} to {last} of {data.total}
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

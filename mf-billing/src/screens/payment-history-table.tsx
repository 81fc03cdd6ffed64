import type { BillingHistoryEntry, BillingHistoryPage, ScreenProps } from '@crease/contract';
import { cardLabel } from '@crease/contract';
import { ScreenLink, VisuallyHidden } from '@crease/ui';
import type { Translator } from '@crease/ui/i18n';
import { useWords } from '../format/use-format';
import type { BillingMessageKey } from '../messages';
import { paymentSystemText } from '../messages/wording';
import styles from './payment-history-screen.module.css';

export function historyPath(page: number): string {
  return page <= 1 ? '/payment-history' : `/payment-history?page=${page}`;
}

export function receiptPath(paymentId: string): string {
  return `/payment-history?${new URLSearchParams({ receipt: paymentId })}`;
}

/** "Paid · Renewal", "Declined · Insufficient funds", "Refunded". */
function outcomeOf(
  entry: BillingHistoryEntry,
  { t }: Pick<Translator<BillingMessageKey>, 't'>,
): string {
  const reasonKey = `reason.${entry.failureCode}` as BillingMessageKey;
  const known = entry.failureCode ? t(reasonKey) : null;
  const reason =
    known && known !== reasonKey ? known : (entry.failureMessage ?? entry.failureCode ?? '');
  switch (entry.type) {
    case 'PAYMENT':
      return entry.kind ? t('history.paidKind', { kind: entry.kind }) : t('history.paid');
    case 'REFUND':
      return t('history.refunded');
    case 'DECLINED':
      return t('history.declined', { reason });
    default:
      return t('history.failed', { reason });
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
  const words = useWords();
  const { t } = words;
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const first = (data.page - 1) * data.pageSize + 1;
  const last = first + data.entries.length - 1;
  return (
    <>
      <table className={styles.table}>
        <caption>
          <VisuallyHidden>
            {t('history.entries', { first, last, total: data.total })}
          </VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('history.date')}</th>
            <th scope="col">{t('history.plan')}</th>
            <th scope="col" className={styles.number}>
              {t('history.amount')}
            </th>
            <th scope="col">{t('history.card')}</th>
            <th scope="col">{t('history.status')}</th>
            <th scope="col">
              <VisuallyHidden>{t('history.receipt')}</VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.entries.map((entry) => {
            const date = words.date(entry.at);
            const money = words.money(entry.amount, entry.currency);
            return (
              <tr key={entry.entryId} data-outcome={entry.type}>
                <th scope="row" data-label={t('history.date')}>
                  <time dateTime={entry.at}>{date}</time>
                </th>
                <td data-label={t('history.plan')}>{entry.plan}</td>
                <td data-label={t('history.amount')} className={styles.number}>
                  {entry.type === 'REFUND' ? `−${money}` : money}
                </td>
                <td data-label={t('history.card')}>
                  {cardLabel(entry.cardBrand, entry.cardLast4) ??
                    paymentSystemText(entry.paymentSystem, words)}
                </td>
                <td data-label={t('history.status')}>
                  <span className={entry.type === 'PAYMENT' ? undefined : styles.notPaid}>
                    {outcomeOf(entry, words)}
                  </span>
                </td>
                <td>
                  {entry.type === 'PAYMENT' && entry.paymentId ? (
                    <ScreenLink to={receiptPath(entry.paymentId)} navigate={navigate}>
                      {t('history.receipt')}
                      <VisuallyHidden>
                        {' '}
                        {t('history.receiptFor', { number: entry.invoiceNumber ?? '', date })}
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
        {t('history.entries', { first, last, total: data.total })}
      </p>
      {pages > 1 ? (
        <nav className={styles.pager} aria-label={t('history.pages')}>
          {data.page > 1 ? (
            <ScreenLink
              to={historyPath(data.page - 1)}
              navigate={navigate}
              className={styles.pageLink}
            >
              ← {t('history.newer')}
            </ScreenLink>
          ) : (
            <span />
          )}
          <span className={styles.pageOf}>{t('history.pageOf', { page: data.page, pages })}</span>
          {data.page < pages ? (
            <ScreenLink
              to={historyPath(data.page + 1)}
              navigate={navigate}
              className={styles.pageLink}
            >
              {t('history.older')} →
            </ScreenLink>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </>
  );
}

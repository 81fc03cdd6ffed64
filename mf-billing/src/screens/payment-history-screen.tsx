import type { ScreenProps } from '@crease/contract';
import { getBillingHistory } from '../api/billing-client';
import { ScreenFrame } from '../components/screen-frame';
import { ScreenLink } from '@crease/ui';
import { EmptyState, LoadFailed, Loading } from '../components/screen-states';
import { useResource } from '../components/use-resource';
import { PaymentHistoryTable } from './payment-history-table';
import { ReceiptView } from './receipt-view';
import { useMessages } from '../messages';

export { receiptPath } from './payment-history-table';

export const PAYMENTS_PAGE_SIZE = 10;

/** ?page= as a whole number from 1; anything else is the first page. */
function pageOf(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * /payment-history: payments, declined and failed attempts (with the reason) and refunds, newest
 * first (the API's order), each with its local date, plan, amount, the card's brand and last four
 * digits, and for a payment a printable receipt (`?receipt=<paymentId>`). Paginated with
 * `?page=`, so every page has its own address.
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
    () => getBillingHistory(platform, page, PAYMENTS_PAGE_SIZE),
    [page],
  );
  const { t } = useMessages();
  return (
    <ScreenFrame
      titleId="payment-history-title"
      eyebrow={t('account.eyebrow')}
      title={t('nav.paymentHistory')}
      lead={<p>{t('history.lead')}</p>}
    >
      {resource.state === 'loading' ? <Loading label={t('history.loading')} /> : null}
      {resource.state === 'failed' ? (
        <LoadFailed what={t('history.what')} problem={resource.problem} onRetry={retry} />
      ) : null}
      {resource.state === 'ready' && resource.data.total === 0 ? (
        <EmptyState
          title={t('history.emptyTitle')}
          action={
            <ScreenLink to="/plans" navigate={navigate}>
              {t('nav.plans')}
            </ScreenLink>
          }
        >
          <p>{t('history.emptyText')}</p>
        </EmptyState>
      ) : null}
      {resource.state === 'ready' && resource.data.total > 0 ? (
        <PaymentHistoryTable data={resource.data} navigate={navigate} />
      ) : null}
    </ScreenFrame>
  );
}

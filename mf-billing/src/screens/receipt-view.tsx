import { useRef } from 'react';
import type { PaymentReceipt, ScreenProps } from '@crease/contract';
import { Button, formatPercent } from '@crease/ui';
import { getReceipt } from '../api/billing-client';
import { ScreenFrame } from '../components/screen-frame';
import { ScreenLink } from '@crease/ui';
import { LoadFailed, Loading } from '../components/screen-states';
import { useResource } from '../components/use-resource';
import { formatDate, formatDateTime, formatMoney, fromEpochSeconds } from '../format/formatters';
import { PAYMENT_SYSTEM_LABELS } from '../format/labels';
import { printElement } from './print-element';
import styles from './receipt-view.module.css';

/** /payment-history?receipt=…: one payment's receipt, printable on its own. */
export function ReceiptView({
  paymentId,
  platform,
  navigate,
}: {
  paymentId: string;
  platform: ScreenProps['platform'];
  navigate: ScreenProps['navigate'];
}) {
  const { resource, retry } = useResource(() => getReceipt(platform, paymentId), [paymentId]);
  return (
    <ScreenFrame width="reading" titleId="receipt-title" eyebrow="Payment history" title="Receipt">
      {resource.state === 'loading' ? <Loading label="Loading the receipt…" /> : null}
      {resource.state === 'failed' ? (
        <LoadFailed what="this receipt" problem={resource.problem} onRetry={retry} />
      ) : null}
      {resource.state === 'ready' ? (
        <ReceiptDocument receipt={resource.data} productName={platform.config.productName} />
      ) : null}
      <p className={styles.back}>
        <ScreenLink to="/payment-history" navigate={navigate}>
          ← Back to payment history
        </ScreenLink>
      </p>
    </ScreenFrame>
  );
}

function ReceiptDocument({
  receipt,
  productName,
}: {
  receipt: PaymentReceipt;
  productName: string;
}) {
  const paper = useRef<HTMLDivElement>(null);
  const date = fromEpochSeconds(receipt.paymentDate);
  const money = (amount: number) => formatMoney(amount, receipt.currency);
  return (
    <>
      <div ref={paper} className={styles.paper}>
        <h2 className={styles.heading}>{productName} receipt</h2>
        <p className={styles.muted}>Paid {formatDateTime(date)}</p>
        <dl className={styles.lines}>
          <div>
            <dt>Receipt number</dt>
            <dd>{receipt.paymentId}</dd>
          </div>
          <div>
            <dt>Billed to</dt>
            <dd>{receipt.email}</dd>
          </div>
          <div>
            <dt>Plan</dt>
            <dd>{receipt.plan}</dd>
          </div>
          <div>
            <dt>Access until</dt>
            <dd>{formatDate(new Date(receipt.planEndDate))}</dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd>{money(receipt.listPrice)}</dd>
          </div>
          {receipt.couponCode ? (
            <div>
              <dt>
                Coupon {receipt.couponCode} ({formatPercent(receipt.percentage)} off)
              </dt>
              <dd>−{money(receipt.listPrice - receipt.amount)}</dd>
            </div>
          ) : null}
          <div className={styles.total}>
            <dt>Total paid</dt>
            <dd>{money(receipt.amount)}</dd>
          </div>
          <div>
            <dt>Paid with</dt>
            <dd>{PAYMENT_SYSTEM_LABELS[receipt.paymentSystem] ?? receipt.paymentSystem}</dd>
          </div>
          <div>
            <dt>Provider reference</dt>
            <dd className={styles.reference}>{receipt.providerReference}</dd>
          </div>
        </dl>
      </div>
      <Button
        variant="secondary"
        className={styles.print}
        onClick={() => {
          if (paper.current)
            printElement(paper.current, `${productName} receipt ${receipt.paymentId}`);
        }}
      >
        Print receipt
      </Button>
    </>
  );
}

import { useRef } from 'react';
import type { PaymentReceipt, ScreenProps } from '@crease/contract';
import { Button } from '@crease/ui';
import { getReceipt } from '../api/billing-client';
import { ScreenFrame } from '../components/screen-frame';
import { ScreenLink } from '@crease/ui';
import { LoadFailed, Loading } from '../components/screen-states';
import { useResource } from '../components/use-resource';
import { ReceiptDocument } from './receipt-document';
import { printElement } from './print-element';
import { useMessages } from '../messages';
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
  const { t } = useMessages();
  return (
    <ScreenFrame
      width="reading"
      titleId="receipt-title"
      eyebrow={t('nav.paymentHistory')}
      title={t('history.receipt')}
    >
      {resource.state === 'loading' ? <Loading label={t('receipt.loading')} /> : null}
      {resource.state === 'failed' ? (
        <LoadFailed what={t('receipt.what')} problem={resource.problem} onRetry={retry} />
      ) : null}
      {resource.state === 'ready' ? (
        <PrintableReceipt receipt={resource.data} productName={platform.config.productName} />
      ) : null}
      <p className={styles.back}>
        <ScreenLink to="/payment-history" navigate={navigate}>
          ← {t('receipt.back')}
        </ScreenLink>
      </p>
    </ScreenFrame>
  );
}

function PrintableReceipt({
  receipt,
  productName,
}: {
  receipt: PaymentReceipt;
  productName: string;
}) {
  const paper = useRef<HTMLDivElement>(null);
  const { t } = useMessages();
  const number = receipt.invoiceNumber ?? receipt.paymentId;
  return (
    <>
      <div ref={paper} className={styles.paper}>
        <ReceiptDocument receipt={receipt} productName={productName} />
      </div>
      <Button
        variant="secondary"
        className={styles.print}
        onClick={() => {
          if (paper.current)
            printElement(paper.current, t('receipt.printTitle', { productName, number }));
        }}
      >
        {t('receipt.print')}
      </Button>
    </>
  );
}

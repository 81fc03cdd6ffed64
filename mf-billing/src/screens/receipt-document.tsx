import type { ReactNode } from 'react';
import type { PaymentReceipt } from '@crease/contract';
import { cardLabel } from '@crease/contract';
import { fromEpochSeconds } from '../format/formatters';
import { useWords } from '../format/use-format';
import { paymentSystemText, taxRegionName } from '../messages/wording';
import styles from './receipt-view.module.css';

function Line({ term, children, total }: { term: string; children: ReactNode; total?: boolean }) {
  return (
    <div className={total ? styles.total : undefined} data-total={total ? '' : undefined}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * The receipt as an invoice (decisions 300, 301): its number, the seller and the buyer, the
 * price, net, the tax it includes at the region's rate, the total, the card and any refunds.
 * Plain elements with data attributes, so print-element.ts can style its copy without the
 * page's CSS Modules.
 */
export function ReceiptDocument({
  receipt,
  productName,
}: {
  receipt: PaymentReceipt;
  productName: string;
}) {
  const words = useWords();
  const { t } = words;
  const date = fromEpochSeconds(receipt.paymentDate);
  const money = (amount: number) => words.money(amount, receipt.currency);
  const card = cardLabel(receipt.cardBrand ?? null, receipt.cardLast4 ?? null);
  const refunded = receipt.refunds.reduce((sum, refund) => sum + refund.amount, 0);
  // A GST invoice (India, decision 422) is titled as the law names it and names the GSTIN.
  const gstin = receipt.seller.gstin ?? null;
  return (
    <article aria-labelledby="receipt-heading">
      <h2 id="receipt-heading" className={styles.heading}>
        {t(gstin ? 'receipt.taxInvoiceTitle' : 'receipt.title', { productName })}
      </h2>
      <p className={styles.muted}>{t('receipt.paidAt', { date: words.dateTime(date) })}</p>
      <div className={styles.parties} data-print="parties">
        <section aria-labelledby="receipt-seller">
          <h3 id="receipt-seller">{t('receipt.from')}</h3>
          <address>
            <strong>{receipt.seller.name}</strong>
            <br />
            {receipt.seller.address}
            <br />
            {t('receipt.taxId', { taxId: receipt.seller.taxId })}
            {gstin ? (
              <>
                <br />
                {t('receipt.gstin', { gstin })}
              </>
            ) : null}
          </address>
        </section>
        <section aria-labelledby="receipt-buyer">
          <h3 id="receipt-buyer">{t('receipt.billedTo')}</h3>
          <address>{receipt.email}</address>
        </section>
      </div>
      <dl className={styles.lines}>
        <Line term={t('receipt.invoiceNumber')}>{receipt.invoiceNumber ?? receipt.paymentId}</Line>
        {receipt.placeOfSupply ? (
          <Line term={t('receipt.placeOfSupply')}>{receipt.placeOfSupply}</Line>
        ) : null}
        <Line term={t('history.plan')}>{receipt.plan}</Line>
        <Line term={t('receipt.paymentFor')}>{t('receipt.purpose', { kind: receipt.kind })}</Line>
        <Line term={t('receipt.accessUntil')}>{words.date(receipt.planEndDate)}</Line>
        <Line term={t('order.price')}>{money(receipt.listPrice)}</Line>
        {receipt.couponCode ? (
          <Line
            term={t('order.coupon', {
              code: receipt.couponCode,
              percent: words.percent(receipt.percentage),
            })}
          >
            −{money(receipt.listPrice - receipt.amount)}
          </Line>
        ) : null}
        {receipt.credit > 0 ? (
          <Line term={t('receipt.credit')}>−{money(receipt.credit)}</Line>
        ) : null}
        {receipt.net !== null && receipt.tax !== null ? (
          <>
            <Line term={t('receipt.net')}>{money(receipt.net)}</Line>
            <Line
              term={t('receipt.taxLine', {
                rate: words.number(Number((receipt.taxRatePercent ?? 0).toFixed(2)) / 100, {
                  style: 'percent',
                  maximumFractionDigits: 2,
                }),
                region: taxRegionName(receipt.taxRegion, words),
              })}
            >
              {money(receipt.tax)}
            </Line>
          </>
        ) : (
          <Line term={t('receipt.tax')}>{t('receipt.taxNotItemised')}</Line>
        )}
        <Line term={t('receipt.total')} total>
          {money(receipt.amount)}
        </Line>
        <Line term={t('receipt.paidWith')}>
          {card ?? paymentSystemText(receipt.paymentSystem, words)}
        </Line>
        {receipt.refunds.map((refund) => (
          <Line
            key={refund.refunded}
            term={t('receipt.refundedOn', { date: words.date(refund.refunded) })}
          >
            −{money(refund.amount)}
          </Line>
        ))}
        {refunded > 0 ? (
          <Line term={t('receipt.kept')}>{money(receipt.amount - refunded)}</Line>
        ) : null}
        {receipt.renewal ? (
          <Line term={t('receipt.renews')}>
            {t('receipt.renewsText', {
              amount: money(receipt.renewal.amount),
              date: words.date(receipt.renewal.at),
            })}
          </Line>
        ) : null}
        <Line term={t('receipt.reference')}>
          <span className={styles.reference}>{receipt.providerReference}</span>
        </Line>
      </dl>
    </article>
  );
}

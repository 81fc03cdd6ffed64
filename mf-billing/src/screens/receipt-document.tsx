import type { ReactNode } from 'react';
import type { PaymentReceipt } from '@crease/contract';
import { cardLabel, taxLineText } from '@crease/contract';
import { formatPercent } from '@crease/ui';
import { formatDate, formatDateTime, formatMoney, fromEpochSeconds } from '../format/formatters';
import { PAYMENT_PURPOSE_LABELS, PAYMENT_SYSTEM_LABELS } from '../format/labels';
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
  const date = fromEpochSeconds(receipt.paymentDate);
  const money = (amount: number) => formatMoney(amount, receipt.currency);
  const card = cardLabel(receipt.cardBrand ?? null, receipt.cardLast4 ?? null);
  const refunded = receipt.refunds.reduce((sum, refund) => sum + refund.amount, 0);
  // A GST invoice (India, decision 422) is titled as the law names it and names the GSTIN.
  const gstin = receipt.seller.gstin ?? null;
  return (
    <article aria-labelledby="receipt-heading">
      <h2 id="receipt-heading" className={styles.heading}>
        {productName} {gstin ? 'tax invoice' : 'receipt'}
      </h2>
      <p className={styles.muted}>Paid {formatDateTime(date)}</p>
      <div className={styles.parties} data-print="parties">
        <section aria-labelledby="receipt-seller">
          <h3 id="receipt-seller">From</h3>
          <address>
            <strong>{receipt.seller.name}</strong>
            <br />
            {receipt.seller.address}
            <br />
            Tax ID {receipt.seller.taxId}
            {gstin ? (
              <>
                <br />
                GSTIN {gstin}
              </>
            ) : null}
          </address>
        </section>
        <section aria-labelledby="receipt-buyer">
          <h3 id="receipt-buyer">Billed to</h3>
          <address>{receipt.email}</address>
        </section>
      </div>
      <dl className={styles.lines}>
        <Line term="Invoice number">{receipt.invoiceNumber ?? receipt.paymentId}</Line>
        {receipt.placeOfSupply ? <Line term="Place of supply">{receipt.placeOfSupply}</Line> : null}
        <Line term="Plan">{receipt.plan}</Line>
        <Line term="Payment for">{PAYMENT_PURPOSE_LABELS[receipt.kind] ?? receipt.kind}</Line>
        <Line term="Access until">{formatDate(new Date(receipt.planEndDate))}</Line>
        <Line term="Price">{money(receipt.listPrice)}</Line>
        {receipt.couponCode ? (
          <Line term={`Coupon ${receipt.couponCode} (${formatPercent(receipt.percentage)} off)`}>
            −{money(receipt.listPrice - receipt.amount)}
          </Line>
        ) : null}
        {receipt.credit > 0 ? (
          <Line term="Credit for unused time">−{money(receipt.credit)}</Line>
        ) : null}
        {receipt.net !== null && receipt.tax !== null ? (
          <>
            <Line term="Net (excluding tax)">{money(receipt.net)}</Line>
            <Line term={taxLineText(receipt.taxRatePercent ?? 0, receipt.taxRegion)}>
              {money(receipt.tax)}
            </Line>
          </>
        ) : (
          <Line term="Tax">Included (not itemised on this older receipt)</Line>
        )}
        <Line term="Total paid (including tax)" total>
          {money(receipt.amount)}
        </Line>
        <Line term="Paid with">
          {card ?? PAYMENT_SYSTEM_LABELS[receipt.paymentSystem] ?? receipt.paymentSystem}
        </Line>
        {receipt.refunds.map((refund) => (
          <Line key={refund.refunded} term={`Refunded ${formatDate(new Date(refund.refunded))}`}>
            −{money(refund.amount)}
          </Line>
        ))}
        {refunded > 0 ? (
          <Line term="Kept after refunds">{money(receipt.amount - refunded)}</Line>
        ) : null}
        {receipt.renewal ? (
          <Line term="Renews">
            {money(receipt.renewal.amount)} on {formatDate(new Date(receipt.renewal.at))}, unless
            you cancel before then
          </Line>
        ) : null}
        <Line term="Provider reference">
          <span className={styles.reference}>{receipt.providerReference}</span>
        </Line>
      </dl>
    </article>
  );
}

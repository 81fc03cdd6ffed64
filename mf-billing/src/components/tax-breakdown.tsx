import { taxBreakdownText } from '@crease/contract';
import type { TaxBreakdown } from '@crease/contract';
import { formatMoney } from '../format/formatters';
import styles from './plan-price.module.css';

/**
 * The tax a price includes, where the law asks it shown beside the price (India's GST,
 * decision 422): "Includes GST 18%: ₹253.39 + ₹45.61 GST". The figures are the server's, split in
 * whole paise; nothing is computed here.
 */
export function TaxBreakdownLine({
  breakdown,
  currency,
}: {
  breakdown: TaxBreakdown | null | undefined;
  currency: string;
}) {
  if (!breakdown) return null;
  return (
    <p className={styles.tax} data-testid="tax-breakdown">
      {taxBreakdownText(breakdown, (amount) => formatMoney(amount, currency))}
    </p>
  );
}

import type { TaxBreakdown } from '@crease/contract';
import { useWords } from '../format/use-format';
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
  const { t, money, number } = useWords();
  if (!breakdown) return null;
  return (
    <p className={styles.tax} data-testid="tax-breakdown">
      {t('price.tax', {
        label: breakdown.label,
        rate: number(Number(breakdown.ratePercent.toFixed(2)) / 100, {
          style: 'percent',
          maximumFractionDigits: 2,
        }),
        net: money(breakdown.net, currency),
        tax: money(breakdown.tax, currency),
      })}
    </p>
  );
}

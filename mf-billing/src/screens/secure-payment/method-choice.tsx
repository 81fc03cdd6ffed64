import type { SandboxPaymentMethod } from '@crease/contract';
import { useMessages } from '../../messages';
import styles from '../secure-payment-screen.module.css';

/** How to pay, for a rupee payment: card or UPI (radio buttons, so arrows move between them). */
export function MethodChoice({
  method,
  onChange,
}: {
  method: SandboxPaymentMethod;
  onChange(method: SandboxPaymentMethod): void;
}) {
  const { t } = useMessages();
  return (
    <fieldset className={styles.methods}>
      <legend className={styles.methodsLegend}>{t('method.legend')}</legend>
      {(['UPI', 'CARD'] as const).map((option) => (
        <label key={option} className={styles.method}>
          <input
            type="radio"
            name="payment-method"
            value={option}
            checked={method === option}
            onChange={() => onChange(option)}
          />
          {t(option === 'CARD' ? 'method.card' : 'method.upi')}
        </label>
      ))}
    </fieldset>
  );
}

import type { SandboxPaymentMethod } from '@crease/contract';
import styles from '../secure-payment-screen.module.css';

const LABELS: Readonly<Record<SandboxPaymentMethod, string>> = { CARD: 'Card', UPI: 'UPI' };

/** How to pay, for a rupee payment: card or UPI (radio buttons, so arrows move between them). */
export function MethodChoice({
  method,
  onChange,
}: {
  method: SandboxPaymentMethod;
  onChange(method: SandboxPaymentMethod): void;
}) {
  return (
    <fieldset className={styles.methods}>
      <legend className={styles.methodsLegend}>Pay with</legend>
      {(['UPI', 'CARD'] as const).map((option) => (
        <label key={option} className={styles.method}>
          <input
            type="radio"
            name="payment-method"
            value={option}
            checked={method === option}
            onChange={() => onChange(option)}
          />
          {LABELS[option]}
        </label>
      ))}
    </fieldset>
  );
}

import { useId } from 'react';
import type { SelectHTMLAttributes } from 'react';
import fieldStyles from '../components/text-field.module.css';
import styles from './select-field.module.css';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
}

/**
 * A labelled select that looks like TextField: the same field, label and box, spelled once in
 * text-field.module.css (decision 185). In this entry, not the shared one, so a remote that
 * uses it needs no newer shell and the shell's first load does not grow.
 */
export function SelectField({ label, className, children, ...rest }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={[fieldStyles.field, className].filter(Boolean).join(' ')}>
      <label className={fieldStyles.label} htmlFor={id}>
        {label}
      </label>
      <select {...rest} id={id} className={styles.select}>
        {children}
      </select>
    </div>
  );
}

import { useState } from 'react';
import { PASSWORD_RULES } from '@crease/contract';
import { TextField } from '@crease/ui';
import type { TextFieldProps } from '@crease/ui';
import { useMessages } from '../messages';
import { localizeText } from '../messages/contract-text';
import styles from './password-field.module.css';

export type PasswordFieldProps = Omit<TextFieldProps, 'type'> & {
  /** The toggle's accessible name, "Show password" (it names what it shows). */
  showLabel: string;
};

/**
 * A password input with a Show toggle. The toggle keeps one accessible name ("Show password")
 * and reports its state with aria-pressed, so the visible text is always part of the name.
 */
export function PasswordField({
  label,
  className,
  showLabel,
  error,
  hint,
  ...rest
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const messages = useMessages();
  return (
    <div className={[styles.wrapper, className].filter(Boolean).join(' ')}>
      <TextField
        {...rest}
        {...(error ? { error: localizeText(error, messages) } : {})}
        {...(hint ? { hint: localizeText(hint, messages) } : {})}
        label={label}
        type={visible ? 'text' : 'password'}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
      />
      <button
        type="button"
        className={styles.toggle}
        aria-pressed={visible}
        aria-label={showLabel}
        onClick={() => setVisible((shown) => !shown)}
      >
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
          <circle cx="12" cy="12" r="3" />
          {visible ? null : <path d="M4 4l16 16" />}
        </svg>
        {messages.t('field.show')}
      </button>
    </div>
  );
}

export type NewPasswordFieldProps = Omit<PasswordFieldProps, 'autoComplete' | 'hint' | 'showLabel'>;

/**
 * A password the viewer is choosing: the browser may suggest one, and the rules the API enforces
 * (shared/contract) are always shown under it.
 */
export function NewPasswordField(props: NewPasswordFieldProps) {
  const { t } = useMessages();
  return (
    <PasswordField
      {...props}
      autoComplete="new-password"
      hint={PASSWORD_RULES}
      showLabel={t(props.name === 'newPassword' ? 'field.showNewPassword' : 'field.showPassword')}
    />
  );
}

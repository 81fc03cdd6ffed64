import { TextField } from '@crease/ui';
import type { TextFieldProps } from '@crease/ui';
import { useMessages } from '../messages';
import { localizeText } from '../messages/contract-text';

export type EmailFieldProps = Omit<TextFieldProps, 'label' | 'type'> & { label?: string };

/**
 * The email input every accounts form uses: the right keyboard on phones, the browser's saved
 * address, and no auto-capitalised or spell-checked first letter.
 */
export function EmailField({ label, error, ...rest }: EmailFieldProps) {
  const messages = useMessages();
  return (
    <TextField
      {...rest}
      {...(error ? { error: localizeText(error, messages) } : {})}
      label={label ?? messages.t('field.email')}
      type="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
    />
  );
}

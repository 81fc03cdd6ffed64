import { TextField } from '@crease/ui';
import type { TextFieldProps } from '@crease/ui';

export type EmailFieldProps = Omit<TextFieldProps, 'label' | 'type'> & { label?: string };

/**
 * The email input every accounts form uses: the right keyboard on phones, the browser's saved
 * address, and no auto-capitalised or spell-checked first letter.
 */
export function EmailField({ label = 'Email', ...rest }: EmailFieldProps) {
  return (
    <TextField
      {...rest}
      label={label}
      type="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
    />
  );
}

import type { ButtonProps } from '@crease/ui';
// Through the package name, so the remote uses the page's one shared copy of the Button.
import { Button } from '@crease/ui';
import styles from './toggle-button.module.css';

export interface ToggleButtonProps extends Omit<ButtonProps, 'variant' | 'aria-pressed'> {
  /** On or off: said to assistive technology as `aria-pressed`, and drawn filled when on. */
  pressed: boolean;
}

/**
 * A button that stays on or off ("Follow", "Remind me", "Following"): an outline at rest and the
 * accent's tint when on, so the two states read apart without the words changing. In this entry,
 * not the shared one, so the shell's first load does not grow and a remote needs no newer shell.
 */
export function ToggleButton({ pressed, className, ...rest }: ToggleButtonProps) {
  return (
    <Button
      {...rest}
      variant="ghost"
      aria-pressed={pressed}
      className={[styles.toggle, className].filter(Boolean).join(' ')}
    />
  );
}

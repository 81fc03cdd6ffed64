import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react';
import { followInSite } from './screen-link';
import type { Navigate } from './screen-link';
import styles from './button.module.css';

/** `danger`: a destructive action (deleting an account), never the lime primary. */
type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /** Shows a busy state and blocks further clicks (a double-clicked "Pay" submits once). */
  busy?: boolean;
}

export function Button({
  variant = 'primary',
  busy = false,
  disabled,
  className,
  children,
  type,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type ?? 'button'}
      className={[styles.button, styles[variant], className].filter(Boolean).join(' ')}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {children}
    </button>
  );
}

export interface ButtonLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  variant?: Variant;
  /** For a path in the site: a plain click goes through the shell's router (see ScreenLink). */
  navigate?: Navigate;
}

/** A link that looks like a button: navigation stays a link for assistive technology. */
export function ButtonLink({
  variant = 'primary',
  className,
  children,
  navigate,
  onClick,
  ...rest
}: ButtonLinkProps) {
  return (
    <a
      {...rest}
      className={[styles.button, styles[variant], className].filter(Boolean).join(' ')}
      onClick={(event) => {
        onClick?.(event);
        if (navigate && rest.href) followInSite(event, navigate, rest.href);
      }}
    >
      {children}
    </a>
  );
}

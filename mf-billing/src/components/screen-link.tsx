import type { MouseEvent, ReactNode } from 'react';
import type { ScreenProps } from '@crease/contract';

export interface ScreenLinkProps {
  to: string;
  navigate: ScreenProps['navigate'];
  className?: string;
  children: ReactNode;
}

/**
 * A real link (it opens in a new tab, can be copied) that moves within the site through the
 * shell's router on a plain click, so the page is not reloaded.
 */
export function ScreenLink({ to, navigate, className, children }: ScreenLinkProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} className={className} onClick={onClick}>
      {children}
    </a>
  );
}

import type { AnchorHTMLAttributes, MouseEvent } from 'react';

/** The shell's navigation as a remote receives it (ScreenProps['navigate'] in @crease/contract). */
export type Navigate = (to: string) => void;

/**
 * A plain left click on an in-site link goes through the shell's router (no page reload); a
 * click with a modifier (new tab, new window, download) is left to the browser.
 */
export function followInSite(event: MouseEvent<HTMLAnchorElement>, navigate: Navigate, to: string) {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(to);
}

export interface ScreenLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path in the site, for example `/events?league=crease-premier-league`. */
  to: string;
  navigate: Navigate;
}

/** A real link (it opens in a new tab, can be copied) that moves within the site on a plain click. */
export function ScreenLink({ to, navigate, onClick, ...rest }: ScreenLinkProps) {
  return (
    <a
      {...rest}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        followInSite(event, navigate, to);
      }}
    />
  );
}

/** The window as this needs it: its height and the viewer's motion setting. */
export interface Viewport {
  innerHeight: number;
  matchMedia?: ((query: string) => Pick<MediaQueryList, 'matches'>) | undefined;
}

/**
 * Scrolls the stage into view when part of it is off screen, and does nothing when all of it is
 * already there (decision 413): a key moment chosen from the list below the fold plays where the
 * viewer can see it. 'nearest' moves the page the least; smooth unless the viewer asked the
 * system for reduced motion.
 */
export function bringIntoView(element: HTMLElement | null, viewport: Viewport = window): boolean {
  if (!element) return false;
  const box = element.getBoundingClientRect();
  if (box.top >= 0 && box.bottom <= viewport.innerHeight) return false;
  const still = viewport.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  element.scrollIntoView({ block: 'nearest', behavior: still ? 'auto' : 'smooth' });
  return true;
}

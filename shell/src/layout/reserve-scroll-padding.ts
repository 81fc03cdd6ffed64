import { useLayoutEffect } from 'react';
import type { RefObject } from 'react';

/** The page edge a sticky bar sits on. */
export type StickyEdge = 'top' | 'bottom';

const PROPERTY = { top: 'scrollPaddingTop', bottom: 'scrollPaddingBottom' } as const;

/**
 * WCAG 2.2 "Focus not obscured" (2.4.11, decision 424): a sticky bar (the header on top, the
 * consent banner at the foot) reserves its height as the page's scroll padding on its edge while
 * it is shown. The browser then scrolls a control that gains focus clear of the bar, instead of
 * leaving it underneath, and the page keeps its own layout. Set through the CSSOM, which the
 * site's CSP allows (a `style` attribute in markup it would not).
 */
export function useReservedScrollPadding(
  ref: RefObject<HTMLElement | null>,
  edge: StickyEdge,
): void {
  useLayoutEffect(() => {
    const bar = ref.current;
    // Test environments without layout have nothing to measure.
    if (!bar || typeof ResizeObserver === 'undefined') return undefined;
    const root = document.documentElement;
    const property = PROPERTY[edge];
    const reserve = () => {
      root.style[property] = `${bar.offsetHeight}px`;
    };
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(bar);
    return () => {
      observer.disconnect();
      root.style[property] = '';
    };
  }, [ref, edge]);
}

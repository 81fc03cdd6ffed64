/**
 * One uPlot chart in a box, as the console's charts draw it (decision 197's library and CSP
 * rules): uPlot and its styles loaded on first use, the chart sized to its box and resized with
 * it, and destroyed when the figures change or the screen goes. Where there is no canvas (jsdom)
 * nothing is drawn, and the chart's words (its title, value and aria-label) stand alone.
 */
import { useEffect } from 'react';
import type { RefObject } from 'react';
import type uPlot from 'uplot';

/** What to draw, given uPlot itself (for its helpers, such as `tzDate`): options and data. */
export type ChartPlan = (UPlot: typeof uPlot) => {
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
};

/**
 * Draws `plan` (null: nothing to draw yet) into `box`, `height` pixels high and at least
 * `minWidth` wide. Callers memoize `plan` on their figures: a new plan redraws the chart.
 */
export function useUplot(
  box: RefObject<HTMLDivElement | null>,
  plan: ChartPlan | null,
  { height, minWidth }: { height: number; minWidth: number },
): void {
  useEffect(() => {
    const element = box.current;
    if (!element || !plan || !canDraw()) return;
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let gone = false;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
      ([{ default: UPlot }]) => {
        if (gone) return;
        const width = () => Math.max(minWidth, element.clientWidth);
        const { options, data } = plan(UPlot);
        const drawn = new UPlot({ ...options, width: width(), height }, data, element);
        chart = drawn;
        observer = new ResizeObserver(() => drawn.setSize({ width: width(), height }));
        observer.observe(element);
      },
    );
    return () => {
      gone = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [box, plan, height, minWidth]);
}

function canDraw(): boolean {
  if (typeof window.matchMedia !== 'function') return false;
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

import { bringIntoView } from './bring-into-view';

/** A stage laid out at `top`..`bottom` (jsdom lays nothing out) that records its scrolls. */
function stageAt(top: number, bottom: number) {
  const stage = document.createElement('div');
  stage.getBoundingClientRect = () => ({ top, bottom, height: bottom - top }) as DOMRect;
  const scrolls: ScrollIntoViewOptions[] = [];
  stage.scrollIntoView = (options?: boolean | ScrollIntoViewOptions) => {
    scrolls.push(options as ScrollIntoViewOptions);
  };
  return { stage, scrolls };
}

const viewport = (reduce: boolean) => ({
  innerHeight: 800,
  matchMedia: (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
  }),
});

describe('bringIntoView: a key moment chosen below the fold plays where the viewer sees it', () => {
  it('scrolls a stage above the screen back into view, smoothly, by the least distance', () => {
    const { stage, scrolls } = stageAt(-700, -150);
    expect(bringIntoView(stage, viewport(false))).toBe(true);
    expect(scrolls).toEqual([{ block: 'nearest', behavior: 'smooth' }]);
  });

  it('jumps instead of gliding for a viewer who asked for reduced motion', () => {
    const { stage, scrolls } = stageAt(-300, 250);
    bringIntoView(stage, viewport(true));
    expect(scrolls).toEqual([{ block: 'nearest', behavior: 'auto' }]);
  });

  it('leaves the page where it is when the whole stage is already on screen', () => {
    const { stage, scrolls } = stageAt(80, 620);
    expect(bringIntoView(stage, viewport(false))).toBe(false);
    expect(scrolls).toEqual([]);
  });
});

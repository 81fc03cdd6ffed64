/**
 * Plain print styles: black on white on an A4 page, seller and buyer side by side, the lines as
 * two columns with the total ruled off, and nothing split across a page break.
 */
const PRINT_CSS = `
  @page { size: A4; margin: 18mm; }
  body { font: 11pt/1.45 system-ui, sans-serif; color: #000; background: #fff; margin: 0; }
  h2 { font-size: 18pt; margin: 0 0 2pt; }
  h3 { font-size: 9pt; margin: 0 0 2pt; color: #444; text-transform: uppercase;
    letter-spacing: 0.06em; }
  p { margin: 0 0 14pt; color: #333; }
  address { font-style: normal; overflow-wrap: anywhere; }
  [data-print="parties"] { display: flex; gap: 24pt; margin: 0 0 16pt; }
  [data-print="parties"] > section { flex: 1; }
  dl { margin: 0; }
  dl > div { display: flex; justify-content: space-between; gap: 24pt; padding: 5pt 0;
    border-bottom: 1px solid #ccc; break-inside: avoid; }
  dl > div[data-total] { border-top: 2px solid #000; border-bottom: 2px solid #000;
    font-weight: 700; font-size: 13pt; }
  dt { color: #333; }
  dd { margin: 0; text-align: right; overflow-wrap: anywhere; font-variant-numeric: tabular-nums; }
`;

const FRAME_ATTRIBUTE = 'data-crease-print-frame';

/**
 * Prints one element on its own: a hidden same-origin frame holds a copy of it with plain print
 * styles. A remote may not style the page's body (CSS Modules in pure mode), so hiding the rest
 * of the page with print CSS is not an option, and this prints nothing but the receipt.
 */
export function printElement(element: HTMLElement, title: string): void {
  // A browser that never fires afterprint (some headless and embedded ones) keeps the last
  // frame; printing again replaces it instead of piling frames up.
  document.querySelectorAll(`iframe[${FRAME_ATTRIBUTE}]`).forEach((old) => old.remove());
  const frame = document.createElement('iframe');
  frame.setAttribute(FRAME_ATTRIBUTE, '');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.style.cssText = 'position:fixed;width:0;height:0;border:0;visibility:hidden';
  document.body.append(frame);
  const doc = frame.contentDocument;
  const win = frame.contentWindow;
  if (!doc || !win) {
    frame.remove();
    return;
  }
  doc.open();
  doc.write(
    '<!doctype html><html><head><meta charset="utf-8"><title></title><style></style></head><body></body></html>',
  );
  doc.close();
  doc.title = title;
  doc.head.querySelector('style')!.textContent = PRINT_CSS;
  doc.body.append(doc.importNode(element, true));
  win.addEventListener('afterprint', () => frame.remove(), { once: true });
  win.focus();
  win.print();
}

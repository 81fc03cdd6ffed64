// The browser benches' mid-range phone: Chromium's main thread slowed 4x through CDP
// (Emulation.setCPUThrottlingRate), the slowdown Lighthouse's mobile profile also uses. A figure
// taken under it holds on a busy or slow machine better than one taken at full speed.

/** A mid-range phone's CPU against this machine's. */
export const CPU_SLOWDOWN = 4;

/**
 * Slows `page`'s CPU by CPU_SLOWDOWN; returns a function that sets it back to full speed.
 * @param {import('playwright-core').BrowserContext} context
 * @param {import('playwright-core').Page} page
 */
export async function throttleCpu(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return async () => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  };
}

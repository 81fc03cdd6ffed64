// bench:web's submit figures (issue 36 §1): how long a viewer waits between pressing "Create
// account" or "Sign in" and the next page, warm (the site's files already in the cache), on a
// mid-range phone profile (cpu-throttle.mjs).
// The viewer types as a person does (60 ms a key), so work the form starts on focus, such as the
// bot check's proof (decision 427), has the typing time to run. Every response is checked by the
// caller's ResponseCheck; a journey that does not reach its page fails the bench.
import { chromium } from 'playwright-core';
import { watchResponses, within } from './watch-responses.mjs';
import { throttleCpu } from './cpu-throttle.mjs';
const KEY_DELAY_MS = 60;
const JOURNEY_MS = 60_000;

/** Marks the click on `button` and the router's arrival at `pathname`, in page time. */
async function markSubmit(button, pathname) {
  await button.evaluate((el, target) => {
    window.__submitAt = undefined;
    window.__arrivedAt = undefined;
    el.addEventListener('click', () => (window.__submitAt ??= performance.now()), {
      capture: true,
    });
    navigation.addEventListener('currententrychange', () => {
      if (location.pathname === target) window.__arrivedAt ??= performance.now();
    });
  }, pathname);
}

async function submitToArrival(page, button, pathname, what) {
  await markSubmit(button, pathname);
  await button.click();
  await within(
    JOURNEY_MS,
    page.waitForFunction(() => window.__arrivedAt !== undefined, null, { timeout: 0 }),
    what,
  );
  return page.evaluate(() => window.__arrivedAt - window.__submitAt);
}

/**
 * Register then sign in, `runs` times each, in one warm browser context (cookies and storage
 * cleared between runs, the HTTP cache kept). Returns the milliseconds per run.
 * @param {{ baseUrl: string, site: string, runs: number, check: import('@crease/test-utils/bench-kit').ResponseCheck, chromePath: string, flags: string[], demo: { email: string, password: string } }} options
 */
export async function authSubmitTimes({ baseUrl, site, runs, check, chromePath, flags, demo }) {
  const browser = await chromium.launch({ executablePath: chromePath, args: flags });
  const register = [];
  const signIn = [];
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    // Warm the cache: the forms' pages and chunks, once, unmeasured.
    await page.goto(`${baseUrl}/register`, { waitUntil: 'networkidle' });
    await page.goto(`${baseUrl}/signin`, { waitUntil: 'networkidle' });
    const stamp = `${process.pid}-${Date.now().toString(36)}`;
    for (let i = 0; i < runs; i++) {
      for (const journey of ['register', 'signin']) {
        await context.clearCookies();
        await page.evaluate(() => localStorage.clear());
        const stop = watchResponses(check, page, `${journey} submit (4x CPU)`, site);
        await page.goto(`${baseUrl}/${journey}`, { waitUntil: 'networkidle' });
        const fullSpeed = await throttleCpu(context, page);
        const email = journey === 'register' ? `bench-${stamp}-${i}@example.com` : demo.email;
        const password = journey === 'register' ? 'correct horse battery staple' : demo.password;
        await page.getByRole('textbox', { name: 'Email' }).pressSequentially(email, {
          delay: KEY_DELAY_MS,
        });
        await page.getByLabel('Password', { exact: true }).pressSequentially(password, {
          delay: KEY_DELAY_MS,
        });
        const button =
          journey === 'register'
            ? page.getByRole('button', { name: /create account/i })
            : page.getByRole('button', { name: 'Sign in', exact: true });
        const next = journey === 'register' ? '/plans' : '/events';
        const ms = await submitToArrival(page, button, next, `${journey}: submit → ${next}`);
        (journey === 'register' ? register : signIn).push(ms);
        await fullSpeed();
        stop();
      }
    }
  } finally {
    await browser.close();
  }
  return { register, signIn };
}

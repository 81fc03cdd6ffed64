import http from 'node:http';
import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';

/**
 * Issue 9: the site's Content-Security-Policy really stops a script injected from an origin it
 * does not list, in Chromium. The script is real and reachable: a local server on another port
 * serves it, and on a page without our CSP the same tag runs it. On the live site the tag
 * raises a CSP violation, never reaches the server, and the script's global stays unset.
 */
const UNLISTED_PORT = E2E_PORT + 7;
// *.localhost resolves to loopback in Chromium, and the CSP does not list this host (outside
// production it lists http://localhost:* and http://127.0.0.1:* for developer overrides).
const UNLISTED_ORIGIN = `http://unlisted-origin.localhost:${UNLISTED_PORT}`;
const SCRIPT_URL = `${UNLISTED_ORIGIN}/injected.js`;

let server: http.Server;
const scriptRequests: string[] = [];

test.beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/injected.js') {
      scriptRequests.push(request.headers.referer ?? '');
      response.writeHead(200, { 'content-type': 'text/javascript' });
      response.end('window.__unlistedScriptRan = true;');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<!doctype html><title>no CSP here</title>');
  });
  // Both stacks: Chromium may try ::1 or 127.0.0.1 for *.localhost.
  await new Promise<void>((resolve) => server.listen({ port: UNLISTED_PORT, host: '::' }, resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

interface InjectionResult {
  violation: { blockedURI: string; directive: string; disposition: string } | null;
  loaded: boolean;
  failed: boolean;
  ran: boolean;
}

/**
 * Runs in the page: adds <script src> and resolves once the script loaded, or once it failed
 * and the CSP violation for it arrived (a failure with no violation never resolves, and the
 * test fails on its timeout: that would be a network error, not the CSP).
 */
function inject(scriptUrl: string): Promise<InjectionResult> {
  return new Promise<InjectionResult>((resolve) => {
    let violation: InjectionResult['violation'] = null;
    let failed = false;
    const ran = () => (window as { __unlistedScriptRan?: boolean }).__unlistedScriptRan === true;
    const settle = () => {
      if (failed && violation) resolve({ violation, loaded: false, failed, ran: ran() });
    };
    document.addEventListener('securitypolicyviolation', (event) => {
      if (!event.blockedURI.startsWith(new URL(scriptUrl).origin)) return;
      violation = {
        blockedURI: event.blockedURI,
        directive: event.effectiveDirective,
        disposition: event.disposition,
      };
      settle();
    });
    const script = document.createElement('script');
    script.onload = () => resolve({ violation, loaded: true, failed: false, ran: ran() });
    script.onerror = () => {
      failed = true;
      settle();
    };
    script.src = scriptUrl;
    document.head.append(script);
  });
}

test('control: without our CSP, the same script tag loads and runs', async ({ page }) => {
  await page.goto(`${UNLISTED_ORIGIN}/blank`);
  const result = await page.evaluate(inject, SCRIPT_URL);
  expect(result).toMatchObject({ loaded: true, ran: true, violation: null });
  expect(scriptRequests).toHaveLength(1);
});

test('on the live site the CSP blocks a script injected from an unlisted origin', async ({
  page,
}) => {
  const before = scriptRequests.length;
  const response = await page.goto('/privacy-policy');
  expect(response?.headers()['content-security-policy']).toBeTruthy();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();

  const result = await page.evaluate(inject, SCRIPT_URL);
  expect(result.violation).toEqual({
    blockedURI: SCRIPT_URL,
    directive: 'script-src-elem',
    disposition: 'enforce',
  });
  expect(result).toMatchObject({ loaded: false, failed: true, ran: false });
  // Blocked before any request left the browser: the CSP's doing, not a network failure.
  expect(scriptRequests).toHaveLength(before);
});

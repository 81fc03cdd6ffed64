/** @jest-environment node */
/**
 * XSRF double submit in real Chromium across two hosts: a page on the site host calls the API
 * host with credentials. Proves the cookie the API sets is readable by the site and sent back,
 * that the header is required, and documents what Chromium does on plain localhost
 * (decision 012).
 */
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { startTestServer } from '@crease/test-utils';
import type { TestServer } from '@crease/test-utils';
import { CHROMIUM_ARGS, chromiumPath } from '@crease/test-utils/chromium';
import { ApiHost } from '../../testing/test-api';
import type { RunningApi } from '../../testing/test-api';

interface Probe {
  cookieReadable: boolean;
  withHeader: number;
  withoutHeader: string;
  wrongHeader: string;
  revoke: number;
}

/** Runs in the page: GET (gets the cookie), then state-changing calls with and without it. */
async function probe(page: Page, api: string): Promise<Probe> {
  return page.evaluate(async (apiOrigin) => {
    await fetch(`${apiOrigin}/api/v1/bot-check/challenge?action=signin`, {
      credentials: 'include',
    });
    const match = /(?:^|; )XSRF-TOKEN=([^;]+)/.exec(document.cookie);
    const token = match ? decodeURIComponent(match[1] as string) : null;
    // A state-changing call that needs no sign-in: revoking a token (an unknown one is 200).
    // Analytics no longer serves here: it reads no credential, so it takes no XSRF check.
    const post = (headers: Record<string, string>) =>
      fetch(`${apiOrigin}/oauth2/revoke`, {
        method: 'POST',
        credentials: 'include',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${btoa('crease-web:public')}`,
          ...headers,
        },
        body: 'token=xsrf-probe',
      });
    const codeOf = async (response: Response) => {
      const body = (await response.json().catch(() => ({}))) as { code?: string };
      return `${response.status} ${body.code ?? ''}`.trim();
    };
    const revoke = await fetch(`${apiOrigin}/oauth2/revoke`, {
      method: 'POST',
      credentials: 'include',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${btoa('crease-web:public')}`,
        ...(token ? { 'x-xsrf-token': token } : {}),
      },
      body: 'token=unknown',
    });
    return {
      cookieReadable: token !== null,
      withHeader: (await post(token ? { 'x-xsrf-token': token } : {})).status,
      withoutHeader: await codeOf(await post({})),
      wrongHeader: await codeOf(await post({ 'x-xsrf-token': 'forged.token' })),
      revoke: revoke.status,
    };
  }, api);
}

describe('XSRF across the site and API hosts in Chromium', () => {
  let host: ApiHost;
  let site: TestServer;
  let api: RunningApi;
  let browser: Browser;
  let sitePort: string;
  let apiPort: string;

  beforeAll(async () => {
    site = await startTestServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<!doctype html><title>site</title><p>site</p>');
    });
    sitePort = new URL(site.origin).port;
    host = await ApiHost.launch(null);
    api = await host.start({
      CREASE_SITE_ORIGINS: `http://crease.localhost:${sitePort},http://localhost:${sitePort}`,
    });
    apiPort = new URL(api.origin).port;
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      // *.localhost is loopback in Chromium anyway; pin it to the IPv4 address the servers use.
      args: [
        ...CHROMIUM_ARGS,
        '--host-resolver-rules=MAP *.localhost 127.0.0.1, MAP localhost 127.0.0.1',
      ],
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await api?.close();
    await host?.close();
    await site?.close();
  });

  it('on a real root domain (crease.localhost): the site reads the cookie, the header is required', async () => {
    const page = await browser.newPage();
    await page.goto(`http://crease.localhost:${sitePort}/`);
    const result = await probe(page, `http://api.crease.localhost:${apiPort}`);
    expect(result).toEqual({
      cookieReadable: true,
      withHeader: 200,
      withoutHeader: '403 XSRF_TOKEN_MISSING',
      wrongHeader: '403 XSRF_TOKEN_MISMATCH',
      revoke: 200,
    });
    const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie).toMatchObject({ domain: '.crease.localhost', sameSite: 'Lax', httpOnly: false });
    await page.close();
  });

  it('on plain localhost Chromium keeps no cookie for api.localhost; an allowlisted localhost origin passes on Origin alone outside production', async () => {
    const page = await browser.newPage();
    await page.goto(`http://localhost:${sitePort}/`);
    const result = await probe(page, `http://api.localhost:${apiPort}`);
    expect(result).toEqual({
      cookieReadable: false,
      withHeader: 200,
      withoutHeader: '200',
      wrongHeader: '403 XSRF_TOKEN_MISSING',
      revoke: 200,
    });
    await page.close();
  });
});

// The browser benches' side of the bench rule (decision 180): every response the page gets from
// the site or its API while a bench measures is recorded in the kit's ResponseCheck, so a journey
// that "finished" over a failed call (a 4xx/5xx, a refused sign-in, a missing chunk) prints no
// figure. Requests that fail outright count too, except ERR_ABORTED (a navigation cancelling
// what the previous page still had in flight).

/** Any 2xx or 3xx (304 from the cache's revalidation included). */
export const OK_OR_REDIRECT = { status: Array.from({ length: 200 }, (_, i) => 200 + i) };

/** "GET /apps/mf-catalog/…/remoteEntry.js": the call type, without the query (tokens). */
function callType(label, method, url) {
  const { host, pathname } = new URL(url);
  return `${label}: ${method} ${host}${pathname}`;
}

/**
 * Records every response of `page` from a host of `site` (e.g. localhost:4790, which also
 * covers api.localhost:4790) under `label` until the returned function is called.
 * @param {import('@crease/test-utils/bench-kit').ResponseCheck} check
 * @param {import('playwright-core').Page} page
 * @param {string} label
 * @param {string} site e.g. "localhost:4790"
 */
export function watchResponses(check, page, label, site) {
  const ours = (url) => {
    const { host } = new URL(url);
    return (
      host === site || host.endsWith(`.${site}`) || host === site.replace('localhost', '127.0.0.1')
    );
  };
  const onResponse = (response) => {
    const url = response.url();
    if (!/^https?:/.test(url) || !ours(url)) return;
    check.record(
      callType(label, response.request().method(), url),
      response.status(),
      OK_OR_REDIRECT,
    );
  };
  const onFailed = (request) => {
    const url = request.url();
    const error = request.failure()?.errorText ?? 'failed';
    if (!/^https?:/.test(url) || !ours(url) || error.includes('ERR_ABORTED')) return;
    check.record(callType(label, request.method(), url), error, OK_OR_REDIRECT);
  };
  page.on('response', onResponse);
  page.on('requestfailed', onFailed);
  return () => {
    page.off('response', onResponse);
    page.off('requestfailed', onFailed);
  };
}

/** Rejects after `ms` unless `promise` settles first: a journey that never ends is a failure. */
export function within(ms, promise, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: not done within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

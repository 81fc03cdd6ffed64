import { sendJson } from '@crease/test-utils';
import type { RecordedRequest, TestHandler } from '@crease/test-utils';
import { TEST_DEVICE } from './test-platform';
import { couponCheckFor, quoteFor } from './billing-quotes';
import {
  PLANS,
  NO_SUBSCRIPTION,
  TRIAL_OFFER,
  entitlement,
  checkout,
  sandboxSession,
  PAYMENTS,
  paymentPage,
  historyPage,
  receipt,
  accountOverview,
  watchingNow,
} from './billing-fixtures';

export { TEST_DEVICE };
// The fixtures, for the tests that import them from here with the server that serves them.
export {
  PLANS,
  NO_SUBSCRIPTION,
  ACTIVE_MONTHLY,
  ACTIVE_SEASON_PASS,
  TRIAL_OFFER,
  entitlement,
  checkout,
  sandboxSession,
  PAYMENTS,
  paymentPage,
  HISTORY,
  historyPage,
  receipt,
  accountOverview,
  watchingNow,
} from './billing-fixtures';

/**
 * Answers like the billing API (shared/contract/src/billing.ts) from fixtures, for component
 * tests over a real local HTTP server. `routes` replaces the answer for "METHOD /path".
 */

export function problem(code: string, message: string, extra: Record<string, unknown> = {}) {
  return { code, userId: 'u-1', message, timeStamp: '2026-11-23T12:00:00.000Z', ...extra };
}

export function pathOf(request: RecordedRequest): string {
  return new URL(request.url, 'http://x').pathname;
}

export function queryOf(request: RecordedRequest): URLSearchParams {
  return new URL(request.url, 'http://x').searchParams;
}

export function jsonOf(request: RecordedRequest | undefined): unknown {
  return request?.body ? JSON.parse(request.body) : undefined;
}

export const callsTo = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter((request) => request.method === method && pathOf(request) === path);

/** The happy path of every billing call; `routes` replaces one ("GET /api/v1/billing/plans"). */
export function billingApi(routes: Record<string, TestHandler> = {}): TestHandler {
  return (request, response) => {
    const path = pathOf(request);
    const override = routes[`${request.method} ${path}`];
    if (override) return override(request, response);
    const query = queryOf(request);
    switch (`${request.method} ${path}`) {
      case 'GET /api/v1/billing/plans':
        return sendJson(response, 200, PLANS);
      case 'GET /api/v1/billing/subscription':
        return sendJson(response, 200, NO_SUBSCRIPTION);
      case 'GET /api/v1/billing/trial':
        return sendJson(response, 200, TRIAL_OFFER);
      case 'GET /api/v1/entitlement':
        return sendJson(response, 200, entitlement());
      case 'GET /api/v1/billing/coupons/check':
      case 'GET /api/v1/billing/quote': {
        const plan = PLANS.find((p) => p.planId === query.get('planId'));
        const code = query.get('code') ?? query.get('couponCode');
        const check = plan ? couponCheckFor(plan, code) : null;
        if (plan && (check || (path.endsWith('/quote') && !code)))
          return sendJson(response, 200, path.endsWith('/quote') ? quoteFor(plan, code) : check);
        return sendJson(response, 404, problem('COUPON_NOT_FOUND', 'No such coupon.'));
      }
      case 'POST /api/v1/billing/checkouts':
        return sendJson(response, 201, checkout());
      case 'GET /api/v1/billing/payments': {
        const page = Number(query.get('page') ?? 1);
        return sendJson(response, 200, paymentPage(page, Number(query.get('pageSize') ?? 10)));
      }
      case 'GET /api/v1/billing/history': {
        const page = Number(query.get('page') ?? 1);
        return sendJson(response, 200, historyPage(page, Number(query.get('pageSize') ?? 10)));
      }
      case 'GET /api/v1/account':
        return sendJson(response, 200, accountOverview());
      case 'GET /api/v1/streams/watching':
        return sendJson(response, 200, watchingNow(['7d1c1b9e-1111-4a53-9d8e-5b2f8e1c4a10']));
      default: {
        const receiptMatch = /^\/api\/v1\/billing\/payments\/(.+)$/.exec(path);
        const found = receiptMatch && PAYMENTS.find((p) => p.paymentId === receiptMatch[1]);
        if (request.method === 'GET' && found) return sendJson(response, 200, receipt(found));
        if (request.method === 'GET' && /^\/api\/v1\/billing\/checkouts\/co-1$/.test(path))
          return sendJson(response, 200, checkout());
        if (request.method === 'GET' && /^\/api\/v1\/sandbox-provider\/sessions\/[^/]+$/.test(path))
          return sendJson(response, 200, sandboxSession());
        return sendJson(
          response,
          404,
          problem('NOT_FOUND', `No such path: ${request.method} ${path}`),
        );
      }
    }
  };
}

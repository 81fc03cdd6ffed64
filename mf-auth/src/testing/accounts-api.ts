import { sendJson } from '@crease/test-utils';
import type { RecordedRequest, TestHandler } from '@crease/test-utils';

export const TOKENS = { access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 900 };

export function problem(code: string, message: string) {
  return { code, userId: null, message, timeStamp: '2025-01-01T00:00:00.000Z' };
}

export function pathOf(request: RecordedRequest): string {
  return new URL(request.url, 'http://x').pathname;
}

export function jsonOf(request: RecordedRequest | undefined): unknown {
  return request ? JSON.parse(request.body) : undefined;
}

export function formOf(request: RecordedRequest | undefined): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(request?.body ?? ''));
}

/**
 * Answers like the accounts API contract (shared/contract/src/accounts.ts) for the happy path;
 * `routes` replaces the answer for a path ("/oauth2/token", "/api/v1/auth/register", …).
 */
export function accountsApi(routes: Record<string, TestHandler> = {}): TestHandler {
  return (request, response) => {
    const path = pathOf(request);
    const override = routes[path];
    if (override) return override(request, response);
    switch (path) {
      case '/oauth2/token':
        return sendJson(response, 200, TOKENS);
      case '/api/v1/auth/register':
        return sendJson(response, 201, { userId: 'u-1', email: JSON.parse(request.body).email });
      case '/api/v1/auth/init-reset':
        return sendJson(response, 200, {
          ...problem('RESET_EMAIL_SENT', 'If an account exists for that email, we sent a link.'),
        });
      case '/api/v1/auth/reset-password':
        return sendJson(response, 200, problem('PASSWORD_RESET', 'Your password was reset.'));
      case '/api/v1/auth/change-password':
        return sendJson(response, 200, problem('PASSWORD_CHANGED', 'Password changed.'));
      default:
        return sendJson(response, 404, problem('NOT_FOUND', 'No such path.'));
    }
  };
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { sendError } from '../error-handler';
import type { ApiConfig } from '../config';
import type { Clock } from '../clock';
import { XSRF_COOKIE, XSRF_HEADER } from '@crease/contract';
import { sameToken } from './xsrf';
import type { XsrfTokens } from './xsrf';

/**
 * The cookie's Domain: the API host without its `api.` label (api.crease.tv -> crease.tv), so
 * pages on the site read it. Single-label results (localhost) get a host-only cookie instead:
 * browsers refuse Domain=localhost.
 */
export function cookieDomainFor(apiHostname: string): string | null {
  const host = apiHostname.replace(/:\d+$/, '').toLowerCase();
  if (!host.startsWith('api.')) return null;
  const root = host.slice(4);
  return root.includes('.') && !/^[\d.]+$/.test(root) ? root : null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: no double submit on this route. Only for server-to-server calls that carry their
     * own proof and no cookie (a payment provider's signed webhook).
     */
    xsrf?: false;
    /**
     * A public response that browsers and CDNs share (Cache-Control: public): it must never
     * carry a Set-Cookie, or a cache would hand one viewer's XSRF cookie to everyone.
     */
    sharedCache?: true;
  }
}

/**
 * Double-submit XSRF (decision 012). Every response to a request without a valid cookie sets
 * one; every state-changing request needs the cookie and the same value in X-XSRF-TOKEN.
 * A refused request still gets a fresh cookie, so the client can retry once.
 */
export function registerXsrf(
  app: FastifyInstance,
  services: { xsrf: XsrfTokens; config: ApiConfig; clock: Clock },
): void {
  const { xsrf, config, clock } = services;
  const setCookie = (request: FastifyRequest, reply: FastifyReply) => {
    const domain = config.cookieDomain ?? cookieDomainFor(request.hostname);
    // Readable by the site's JavaScript (not HttpOnly): that is how double submit works.
    reply.setCookie(XSRF_COOKIE, xsrf.issue(), {
      maxAge: 60 * 60 * 24 * 7,
      domain: domain ?? undefined,
      path: '/',
      sameSite: 'lax',
      secure: config.cookieSecure,
      httpOnly: false,
    });
  };
  const localhostOrigins = new Set(
    config.siteOrigins.filter((origin) => new URL(origin).hostname === 'localhost'),
  );

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    // request.cookies: @fastify/cookie, registered before this hook (app.ts).
    const cookie = request.cookies[XSRF_COOKIE];
    const cookieValid = xsrf.isValid(cookie);
    if (!cookieValid && !request.routeOptions.config?.sharedCache) setCookie(request, reply);
    if (SAFE_METHODS.has(request.method)) return;
    if (request.url === '/healthz' || request.url === '/readyz') return;
    // Bearer-token-only routes (the catalog operator API) carry no ambient credential to forge.
    if (request.routeOptions.config.bearerOnly) return;
    // Provider webhooks are signed by the provider; they carry no ambient credential either.
    if (request.routeOptions.config?.xsrf === false) return;
    const header = request.headers[XSRF_HEADER.toLowerCase()];
    const sent = typeof header === 'string' ? header : undefined;
    if (!cookie && !sent && config.xsrfLocalhostFallback) {
      const origin = request.headers.origin;
      if (origin && localhostOrigins.has(origin)) return;
    }
    if (!cookie || !sent)
      return sendError(request, reply, new ApiError('XSRF_TOKEN_MISSING'), clock);
    if (!cookieValid || !sameToken(cookie, sent))
      return sendError(request, reply, new ApiError('XSRF_TOKEN_MISMATCH'), clock);
  });
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, sendError } from '../errors';
import type { ApiServices } from '../services';
import { XSRF_COOKIE, XSRF_HEADER, sameToken } from '../security/xsrf';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit XSRF (decision 012). Every response to a request without a valid cookie sets
 * one; every state-changing request needs the cookie and the same value in X-XSRF-TOKEN.
 * A refused request still gets a fresh cookie, so the client can retry once.
 */
export function registerXsrf(app: FastifyInstance, services: ApiServices): void {
  const { xsrf, config } = services;
  const setCookie = (reply: FastifyReply) =>
    reply.setCookie(XSRF_COOKIE, xsrf.issue(), {
      path: '/',
      sameSite: 'lax',
      secure: config.cookieSecure,
      httpOnly: false,
      ...(config.cookieDomain ? { domain: config.cookieDomain } : {}),
      maxAge: 60 * 60 * 24 * 7,
    });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    const cookieValid = xsrf.isValid(cookie);
    if (!cookieValid) setCookie(reply);
    if (SAFE_METHODS.has(request.method)) return;
    if (request.url === '/healthz' || request.url === '/readyz') return;
    const header = request.headers[XSRF_HEADER];
    const sent = typeof header === 'string' ? header : undefined;
    if (!cookie || !sent) return sendError(request, reply, new ApiError('XSRF_TOKEN_MISSING'));
    if (!cookieValid || !sameToken(cookie, sent))
      return sendError(request, reply, new ApiError('XSRF_TOKEN_MISMATCH'));
  });
}

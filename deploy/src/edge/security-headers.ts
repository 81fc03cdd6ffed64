import type { FastifyReply } from 'fastify';
import type { EdgeConfig } from '../config';

/**
 * HTTPS only, for two years, subdomains included (issue 31): what nginx's production config
 * sends too (deploy/nginx/crease.conf.template). Only in production, which is served over TLS
 * (the balancer ends it): a plain-http development site must not pin a browser to https.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/** The page's CSP (nonce, API origin, remote origins) and the other security headers. */
export function securityHeaders(
  reply: FastifyReply,
  nonce: string | null,
  config: EdgeConfig,
  api: string,
  remotes: string[],
): void {
  const extra = remotes.length ? ` ${remotes.join(' ')}` : '';
  const recaptcha =
    config.botCheckProvider === 'recaptcha'
      ? ' https://www.google.com https://www.gstatic.com'
      : '';
  // Developer overrides load a remote from the developer's own machine (never in production).
  const local = config.remoteOverrides ? ' http://localhost:* http://127.0.0.1:*' : '';
  const streams = config.streamEdgeOrigin ? ` ${config.streamEdgeOrigin}` : '';
  const scriptSrc = `'self'${nonce ? ` 'nonce-${nonce}'` : ''}${extra}${local}${recaptcha}`;
  reply.header(
    'content-security-policy',
    [
      "default-src 'self'",
      `script-src ${scriptSrc}`,
      `style-src 'self' 'unsafe-inline'${extra}${local}`,
      `connect-src 'self' ${api}${streams}${extra}${local}${recaptcha}`,
      // League logos come from the API host (the catalog's public, immutable logo files).
      `img-src 'self' data: ${api}`,
      // The player (issue 12): hls.js feeds the video through Media Source Extensions (blob:
      // URLs); a browser's native HLS loads the stream edge (the API host unless configured).
      // hls.js gives each captions track an empty `data:,WEBVTT` source, so the browser keeps
      // the cues it adds (issue 21; blocked, Chromium reports a CSP violation per track).
      `media-src 'self' blob: data: ${api}${streams}`,
      `frame-src 'self'${recaptcha}`,
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
    ].join('; '),
  );
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  reply.header('x-frame-options', 'DENY');
  reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
}

import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deriveApiOrigin } from '@crease/contract';
import { consoleCsp, registerConsoleSite } from './console-site';

/** Where the staff console (issue 33 §6, decision 399) lives on the edge. */
export const OPS_CONSOLE_PATH = '/ops/';

/** Its production build (`npm run build -w deploy`): deploy/ops-console/dist. */
export const OPS_CONSOLE_DIST = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  'ops-console',
  'dist',
);

/** The meta tag the console reads its API origin from (the page has no inline script). */
export const API_ORIGIN_META = 'crease-api-origin';

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * GET /ops/: the staff console, on every edge (production too: staff reach it on the site's
 * origin, which the API's CORS list already names). It calls the API host only: the configured
 * CREASE_API_ORIGIN, or the one derived from the page's host as the shell derives it.
 */
export function registerOpsConsole(
  app: FastifyInstance,
  distDir: string,
  { apiOrigin }: { apiOrigin: string | null },
): void {
  const apiFor = (request: FastifyRequest) => {
    if (apiOrigin) return apiOrigin;
    const url = new URL(`${request.protocol}://${request.headers.host || 'localhost'}`);
    return deriveApiOrigin({ protocol: url.protocol, hostname: url.hostname, port: url.port });
  };
  registerConsoleSite(app, {
    path: OPS_CONSOLE_PATH,
    distDir,
    title: 'Staff console',
    buildCommand: 'npm run build -w deploy',
    csp: (request) => consoleCsp([apiFor(request)]),
    renderPage: (html, request) =>
      html.replace(
        '</head>',
        `<meta name="${API_ORIGIN_META}" content="${escapeAttribute(apiFor(request))}" />\n  </head>`,
      ),
  });
}

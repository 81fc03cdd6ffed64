import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../registry/release-error';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/**
 * A console's own policy, stricter than the viewers' site: its page has no inline script or
 * style at all, so 'self' is the whole allow-list; `connect` adds the origins it may call.
 */
export function consoleCsp(connect: readonly string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src ${["'self'", ...connect].join(' ')}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export interface ConsoleSite {
  /** Where it is served, with the trailing slash: `/release-console/`, `/ops/`. */
  path: string;
  /** Its production build: a flat folder of index.html and content-hashed assets. */
  distDir: string;
  /** Shown when the build is missing: what it is and how to build it. */
  title: string;
  buildCommand: string;
  /** The page's CSP for this request (the API origin may depend on the Host). */
  csp(request: FastifyRequest): string;
  /** Adds per-request data to the page (a meta tag); never script. */
  renderPage?(html: string, request: FastifyRequest): string;
}

function consoleHeaders(reply: FastifyReply, csp: string) {
  reply.header('content-security-policy', csp);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'no-referrer');
  reply.header('x-frame-options', 'DENY');
  reply.header('cross-origin-opener-policy', 'same-origin');
}

/**
 * GET <path>: a console's page (no-store: a new build shows at once) and its content-hashed
 * assets (immutable). Never the shell's index.html: a path the console does not have is a 404
 * here. Only GET (the site's other methods stay 405).
 */
export function registerConsoleSite(app: FastifyInstance, site: ConsoleSite): void {
  const files = new Map<string, Buffer>();
  // The build is flat (index.html + hashed files): a name with a slash is never one of ours.
  const read = (name: string) => {
    if (!/^[\w.-]+$/.test(name) || name.startsWith('.')) return null;
    const cached = files.get(name);
    if (cached) return cached;
    const file = path.join(site.distDir, name);
    if (!fs.existsSync(file)) return null;
    const content = fs.readFileSync(file);
    // index.html changes with each build; hashed assets never do.
    if (name !== 'index.html') files.set(name, content);
    return content;
  };

  app.get(site.path.slice(0, -1), (_request, reply) =>
    reply.code(308).header('location', site.path).send(),
  );
  app.get(site.path, (request, reply) => {
    consoleHeaders(reply, site.csp(request));
    reply.header('cache-control', 'no-store');
    const html = read('index.html');
    if (!html) {
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="en"><title>${site.title}</title><h1>The ${site.title.toLowerCase()} is not built.</h1><p>Run <code>${site.buildCommand}</code>.</p></html>`,
        );
    }
    const page = site.renderPage ? site.renderPage(html.toString('utf8'), request) : html;
    return reply.type('text/html; charset=utf-8').send(page);
  });
  app.get(`${site.path}*`, (request, reply) => {
    const name = (request.params as { '*': string })['*'];
    const content = name === 'index.html' ? null : read(name);
    consoleHeaders(reply, site.csp(request));
    if (!content) {
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .send(errorBody('NOT_FOUND', `The ${site.title.toLowerCase()} has no such file.`));
    }
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    return reply.type(TYPES[path.extname(name)] ?? 'application/octet-stream').send(content);
  });
}

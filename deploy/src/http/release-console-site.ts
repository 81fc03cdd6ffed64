import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorBody } from '../registry/release-error';

/** Where the release console lives on the edge (npm start) and on the release API service. */
export const RELEASE_CONSOLE_PATH = '/release-console/';

/** The console's production build (`npm run build -w deploy`): deploy/console/dist. */
export const RELEASE_CONSOLE_DIST = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  'console',
  'dist',
);

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/**
 * The console's own policy, stricter than the viewers' site: its page has no inline script or
 * style at all, so 'self' is the whole allow-list; it talks to its own origin's release API only.
 */
const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

function consoleHeaders(reply: FastifyReply) {
  reply.header('content-security-policy', CONSOLE_CSP);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'no-referrer');
  reply.header('x-frame-options', 'DENY');
  reply.header('cross-origin-opener-policy', 'same-origin');
}

/**
 * GET /release-console/: the release console's page (no-store: a new build shows at once) and
 * its content-hashed assets (immutable). Never the shell's index.html: a path the console does
 * not have is a 404 here. Only GET (the site's other methods stay 405).
 */
export function registerReleaseConsole(app: FastifyInstance, distDir: string): void {
  const files = new Map<string, Buffer>();
  // The build is flat (index.html + hashed files): a name with a slash is never one of ours.
  const read = (name: string) => {
    if (!/^[\w.-]+$/.test(name) || name.startsWith('.')) return null;
    const cached = files.get(name);
    if (cached) return cached;
    const file = path.join(distDir, name);
    if (!fs.existsSync(file)) return null;
    const content = fs.readFileSync(file);
    // index.html changes with each build; hashed assets never do.
    if (name !== 'index.html') files.set(name, content);
    return content;
  };

  app.get(RELEASE_CONSOLE_PATH.slice(0, -1), (_request, reply) =>
    reply.code(308).header('location', RELEASE_CONSOLE_PATH).send(),
  );
  app.get(RELEASE_CONSOLE_PATH, (_request, reply) => {
    consoleHeaders(reply);
    reply.header('cache-control', 'no-store');
    const html = read('index.html');
    if (!html) {
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><html lang="en"><title>Release console</title><h1>The release console is not built.</h1><p>Run <code>npm run build -w deploy</code>.</p></html>',
        );
    }
    return reply.type('text/html; charset=utf-8').send(html);
  });
  app.get(`${RELEASE_CONSOLE_PATH}*`, (request, reply) => {
    const name = (request.params as { '*': string })['*'];
    const content = name === 'index.html' ? null : read(name);
    consoleHeaders(reply);
    if (!content) {
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .send(errorBody('NOT_FOUND', 'The release console has no such file.'));
    }
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    return reply.type(TYPES[path.extname(name)] ?? 'application/octet-stream').send(content);
  });
}

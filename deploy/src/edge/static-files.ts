import fs from 'node:fs';
import path from 'node:path';

export const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export interface StaticFile {
  body: Buffer;
  contentType: string;
  encoding: 'br' | 'gzip' | null;
}

/** Picks the precompressed variant the client accepts (built by the factory), else the plain file. */
export function resolveStaticFile(
  root: string,
  relativePath: string,
  acceptEncoding: string,
): StaticFile | null {
  const full = path.resolve(root, relativePath);
  if (!full.startsWith(root + path.sep)) return null; // path traversal
  const ext = path.extname(full);
  const contentType = CONTENT_TYPES[ext];
  if (!contentType) return null;
  const accepts = (name: string) => new RegExp(`\\b${name}\\b`).test(acceptEncoding);
  const candidates: [string, StaticFile['encoding']][] = [];
  if (accepts('br')) candidates.push([`${full}.br`, 'br']);
  if (accepts('gzip')) candidates.push([`${full}.gz`, 'gzip']);
  candidates.push([full, null]);
  for (const [file, encoding] of candidates) {
    try {
      const stat = fs.statSync(file);
      if (!stat.isFile()) continue;
      return { body: fs.readFileSync(file), contentType, encoding };
    } catch {
      // try the next variant
    }
  }
  return null;
}

import fs from 'node:fs';
import path from 'node:path';

export interface RouteEntry {
  path: string;
  owner: string;
  screen: string;
  access: 'public' | 'protected';
}

export interface ChunkAssets {
  js: string[];
  css: string[];
}

/**
 * What the edge needs from a shell build, read once per version: the HTML template, the
 * entry and welcome chunks' files (and the CSS text, inlined on `/`), the prerendered
 * welcome markup and the route table.
 */
export interface ShellArtifact {
  version: string;
  template: string;
  /** The entry chunk plus the app chunk it imports at once ("boot"), in load order. */
  entry: ChunkAssets;
  welcome: ChunkAssets;
  /** The lazy chunk a remote screen needs from the shell (single-spa, decision 085). */
  parcels?: ChunkAssets;
  /** CSS file name -> contents, for the entry and welcome chunks. */
  css: ReadonlyMap<string, string>;
  welcomeMarkup: string | null;
  routes: RouteEntry[];
}

const EMPTY: ChunkAssets = { js: [], css: [] };

function readJson<T>(file: string, fallback: T): T {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : fallback;
}

export function readShellArtifact(dir: string, version: string): ShellArtifact {
  const chunkAssets = readJson<Record<string, ChunkAssets>>(
    path.join(dir, 'chunk-assets.json'),
    {},
  );
  const main = chunkAssets.main ?? EMPTY;
  const boot = chunkAssets.boot ?? EMPTY;
  const entry = { js: [...main.js, ...boot.js], css: [...main.css, ...boot.css] };
  const welcome = chunkAssets.welcome ?? EMPTY;
  const css = new Map(
    [...entry.css, ...welcome.css].map((file) => [
      file,
      fs.readFileSync(path.join(dir, file), 'utf8'),
    ]),
  );
  const welcomeFile = path.join(dir, 'welcome.prerendered.html');
  const routes = readJson<RouteEntry[]>(path.join(dir, 'routes.json'), []);
  return {
    version,
    template: fs.readFileSync(path.join(dir, 'index.html'), 'utf8'),
    entry,
    welcome,
    parcels: chunkAssets.parcels ?? EMPTY,
    css,
    welcomeMarkup: fs.existsSync(welcomeFile) ? fs.readFileSync(welcomeFile, 'utf8') : null,
    routes: Array.isArray(routes) ? routes : [],
  };
}

export function findRouteEntry(routes: RouteEntry[], pathname: string): RouteEntry | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routes.find((route) => route.path === normalized);
}

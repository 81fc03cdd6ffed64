import fs from 'node:fs';
import path from 'node:path';

export interface RouteEntry {
  path: string;
  owner: string;
  screen: string;
  access: 'public' | 'protected';
}

/** What the edge needs from a shell build: its HTML template, prerendered welcome and route table. */
export interface ShellArtifact {
  version: string;
  template: string;
  welcomeMarkup: string | null;
  routes: RouteEntry[];
  /** JS and CSS of the lazy welcome chunk, preloaded with the HTML of `/`. */
  welcomeAssets: { js: string[]; css: string[] };
}

export function readShellArtifact(dir: string, version: string): ShellArtifact {
  const template = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const welcomeFile = path.join(dir, 'welcome.prerendered.html');
  const routesFile = path.join(dir, 'routes.json');
  const routes = fs.existsSync(routesFile)
    ? (JSON.parse(fs.readFileSync(routesFile, 'utf8')) as RouteEntry[])
    : [];
  const chunkAssetsFile = path.join(dir, 'chunk-assets.json');
  const chunkAssets = fs.existsSync(chunkAssetsFile)
    ? (JSON.parse(fs.readFileSync(chunkAssetsFile, 'utf8')) as Record<
        string,
        { js: string[]; css: string[] }
      >)
    : {};
  return {
    version,
    welcomeAssets: chunkAssets.welcome ?? { js: [], css: [] },
    template,
    welcomeMarkup: fs.existsSync(welcomeFile) ? fs.readFileSync(welcomeFile, 'utf8') : null,
    routes: Array.isArray(routes) ? routes : [],
  };
}

export function findRouteEntry(routes: RouteEntry[], pathname: string): RouteEntry | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routes.find((route) => route.path === normalized);
}

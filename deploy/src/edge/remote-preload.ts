import fs from 'node:fs';

interface ManifestAssets {
  js?: { sync?: string[] };
  css?: { sync?: string[] };
}

interface RemoteManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { path?: string; assets?: ManifestAssets }[];
}

export interface Preload {
  href: string;
  as: 'fetch' | 'script';
}

/**
 * The files a remote's `./screens` needs, read from its mf-manifest.json on the server.
 * The edge lists them as <link rel=preload> in the HTML, so the browser fetches manifest,
 * remoteEntry and the screen's chunks at once, in parallel with the shell: no
 * manifest -> remoteEntry -> chunk waterfall (docs/architecture.md §3).
 */
export function remotePreloads(manifestFile: string, manifestUrl: string): Preload[] {
  let manifest: RemoteManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as RemoteManifest;
  } catch {
    return [];
  }
  const base = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
  const preloads: Preload[] = [{ href: manifestUrl, as: 'fetch' }];
  const entry = manifest.metaData?.remoteEntry;
  if (entry?.name)
    preloads.push({
      href: `${base}${entry.path ? `${entry.path}/` : ''}${entry.name}`,
      as: 'script',
    });
  const screens = manifest.exposes?.find((expose) => expose.path === './screens');
  for (const js of screens?.assets?.js?.sync ?? [])
    preloads.push({ href: `${base}${js}`, as: 'script' });
  // Remotes carry their CSS inside their JS (shared/build), so these are all the files.
  return preloads;
}

import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  CONTRACT_RANGE_METADATA_KEY,
  CONTRACT_VERSION,
  SHELL_CONTRACT_METADATA_KEY,
} from '@crease/contract';

/**
 * For edge tests: a small but real shell build and mf-legal builds on disk, in the layout the
 * factory produces (chunk-assets.json, routes.json, a prerendered welcome page, a brotli copy
 * of main.js, the contract metadata the registry's gate reads at promote).
 */
export function writeEdgeArtifacts(
  artifactsDir: string,
  versions: { shell: string; legal: readonly string[] },
): void {
  const shell = path.join(artifactsDir, 'shell', versions.shell);
  fs.mkdirSync(shell, { recursive: true });
  fs.writeFileSync(
    path.join(shell, 'index.html'),
    '<!doctype html><html><head><title>__CREASE_TITLE__</title><!--crease:head--></head><body><div id="root"><!--crease:prerendered--></div></body></html>',
  );
  fs.writeFileSync(
    path.join(shell, 'chunk-assets.json'),
    JSON.stringify({
      main: { js: ['main.js'], css: ['main.css'] },
      boot: { js: ['boot.js'], css: [] },
      welcome: { js: ['welcome.js'], css: ['welcome.css'] },
      parcels: { js: ['parcels.js'], css: [] },
    }),
  );
  fs.writeFileSync(path.join(shell, 'main.css'), '.shell-a{color:red}');
  fs.writeFileSync(path.join(shell, 'welcome.css'), '.shell-b{color:blue}');
  const mainJs = 'console.log("main");'.repeat(100);
  fs.writeFileSync(path.join(shell, 'main.js'), mainJs);
  fs.writeFileSync(path.join(shell, 'main.js.br'), zlib.brotliCompressSync(mainJs));
  fs.writeFileSync(path.join(shell, 'boot.js'), '/* boot */');
  fs.writeFileSync(path.join(shell, 'welcome.js'), '/* welcome */');
  fs.writeFileSync(
    path.join(shell, 'mf-manifest.json'),
    JSON.stringify({ metaData: { [SHELL_CONTRACT_METADATA_KEY]: CONTRACT_VERSION } }),
  );
  fs.writeFileSync(
    path.join(shell, 'welcome.prerendered.html'),
    '<h1>Welcome to __CREASE_PRODUCT_NAME__</h1>',
  );
  fs.writeFileSync(
    path.join(shell, 'routes.json'),
    JSON.stringify([
      { path: '/', owner: 'shell', screen: 'welcome', access: 'public' },
      { path: '/privacy-policy', owner: 'mf-legal', screen: 'privacy-policy', access: 'public' },
    ]),
  );
  for (const version of versions.legal) writeLegal(artifactsDir, version);
}

function writeLegal(artifactsDir: string, version: string) {
  const legal = path.join(artifactsDir, 'mf-legal', version);
  fs.mkdirSync(legal, { recursive: true });
  fs.writeFileSync(
    path.join(legal, 'mf-manifest.json'),
    JSON.stringify({
      metaData: {
        remoteEntry: { name: 'remoteEntry.js', path: '' },
        [CONTRACT_RANGE_METADATA_KEY]: `^${CONTRACT_VERSION}`,
      },
      exposes: [
        { path: './screens', assets: { js: { sync: ['screens.123.js'] }, css: { sync: [] } } },
      ],
    }),
  );
  fs.writeFileSync(path.join(legal, 'remoteEntry.js'), '/* entry */');
  fs.writeFileSync(path.join(legal, 'screens.123.js'), '/* screens */');
}

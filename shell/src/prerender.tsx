/**
 * Build-time prerender (run by crease-build in Node): the welcome page inside the page
 * chrome, signed out, as static markup. The edge server puts it into index.html for `/`,
 * so the first paint needs no JavaScript; the browser then renders the identical tree.
 */
import fs from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { Chrome } from './layout/chrome';
import { WelcomePage } from './pages/welcome-page';
import { storefrontSource } from './pages/storefront/storefront-source';
import { ROUTE_TABLE } from './navigation/route-table';

/** The edge server replaces this with the configured, HTML-escaped product name. */
export const PRODUCT_NAME_PLACEHOLDER = '__CREASE_PRODUCT_NAME__';

const markup = renderToStaticMarkup(
  <MemoryRouter initialEntries={['/']}>
    <Chrome productName={PRODUCT_NAME_PLACEHOLDER} signedIn={false} onSignOut={() => undefined}>
      <WelcomePage productName={PRODUCT_NAME_PLACEHOLDER} storefront={storefrontSource('')} />
    </Chrome>
  </MemoryRouter>,
);

const outDir = process.argv[2];
if (!outDir) throw new Error('usage: prerender <dist folder>');
fs.writeFileSync(path.join(outDir, 'welcome.prerendered.html'), markup);
// The route table travels with the shell artifact: the edge server reads it to preload
// the remote a requested path needs, whatever shell version is live.
fs.writeFileSync(path.join(outDir, 'routes.json'), JSON.stringify(ROUTE_TABLE, null, 2));

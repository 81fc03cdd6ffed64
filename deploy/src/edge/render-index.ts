import { STORAGE_KEYS, pageTitle } from '@crease/contract';
import type { ReleaseMap } from '@crease/contract';
import type { Preload } from './remote-preload';
import type { ShellArtifact } from './shell-artifact';

/** Must match the placeholders in the shell's index.html and prerender. */
const TITLE_PLACEHOLDER = '__CREASE_TITLE__';
const PRODUCT_NAME_PLACEHOLDER = '__CREASE_PRODUCT_NAME__';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON that is safe inside <script>: no "</script>", no HTML comment openers, no U+2028. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface RenderIndexInput {
  shell: ShellArtifact;
  shellBase: string;
  pathname: string;
  nonce: string;
  config: Record<string, unknown> & { productName: string };
  releaseMap: ReleaseMap;
  /** The ETag /release-map.json has for this map (the shell's first revalidation is a 304). */
  releaseMapEtag: string | null;
  /**
   * What the edge served this browser, signed (decision 155); the shell sends it with fallback
   * reports and signals. Null on the static tier, which cannot sign (decision 158).
   */
  releaseProof: string | null;
  preloads: Preload[];
}

/**
 * index.html for one request: the shell's template with the release map and config
 * inlined (no request spent on them), the route's remote preloaded, and on `/` the
 * prerendered welcome page.
 */
/** Stylesheet and script tags for the shell's entry: the normal, render-blocking way. */
function entryTags(shell: ShellArtifact, shellBase: string): string {
  return (
    shell.entry.css
      .map((css) => `<link rel="stylesheet" href="${escapeHtml(shellBase + css)}">`)
      .join('') +
    shell.entry.js
      .map((js) => `<script defer src="${escapeHtml(shellBase + js)}"></script>`)
      .join('')
  );
}

/**
 * `/` for a signed-out viewer is complete HTML: its CSS is inlined (no render-blocking request)
 * and the shell's JS is fetched right after the first paint, so the page shows without waiting
 * for it (links are plain anchors that work meanwhile). `data-href` lets the CSS loader know the
 * welcome chunk's stylesheet is already on the page. A signed-in viewer, who will be redirected,
 * gets the page hidden and the JS at once.
 */
function welcomeTags(shell: ShellArtifact, shellBase: string, nonce: string): string {
  const styles = [...shell.entry.css, ...shell.welcome.css]
    .map(
      (css) =>
        `<style data-href="${escapeHtml(css)}">${(shell.css.get(css) ?? '').replace(/<\/style/gi, '<\\/style')}</style>`,
    )
    .join('');
  // The welcome chunk too: the router needs it at once and would otherwise ask for it last.
  const scripts = inlineJson([...shell.entry.js, ...shell.welcome.js].map((js) => shellBase + js));
  const loader =
    `<script nonce="${nonce}">(function(){var d=document.documentElement;` +
    `try{if(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.accessToken)}))d.dataset.signedIn='1'}catch(e){}` +
    `function go(){${scripts}.forEach(function(u){var s=document.createElement('script');s.src=u;s.async=false;document.head.appendChild(s)})}` +
    `if(d.dataset.signedIn)go();else requestAnimationFrame(function(){setTimeout(go,0)})})()</script>`;
  return `${styles}<style>html[data-signed-in] [data-prerendered]{visibility:hidden}</style>${loader}`;
}

/**
 * index.html for one request: the shell's template with the release map and config inlined
 * (no request spent on them), the shell's assets, the route's remote preloaded, and on `/`
 * the prerendered welcome page.
 */
export function renderIndex({
  shell,
  shellBase,
  pathname,
  nonce,
  config,
  releaseMap,
  releaseMapEtag,
  releaseProof,
  preloads,
}: RenderIndexInput): string {
  const name = escapeHtml(config.productName);
  const title = escapeHtml(pageTitle(config.productName, pathname));
  const links = preloads
    .map((p) =>
      p.as === 'fetch'
        ? `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(p.href)}">`
        : `<link rel="preload" as="${p.as}" href="${escapeHtml(p.href)}">`,
    )
    .join('');
  // A remote route also needs the shell's parcel chunk (single-spa): fetched with the remote.
  const parcelLinks =
    preloads.length > 0
      ? (shell.parcels?.js ?? [])
          .map((js) => `<link rel="preload" as="script" href="${escapeHtml(shellBase + js)}">`)
          .join('')
      : '';
  const boot = `<script nonce="${nonce}">window.__CREASE__=${inlineJson({ config, releaseMap, releaseMapEtag, releaseProof })};</script>`;
  const prerendered = pathname === '/' && shell.welcomeMarkup !== null;
  const assets = prerendered ? welcomeTags(shell, shellBase, nonce) : entryTags(shell, shellBase);
  // display:contents: the wrapper adds no box, so React's identical tree replaces it without a shift.
  const welcome = prerendered
    ? `<div data-prerendered style="display:contents">${shell.welcomeMarkup!.split(PRODUCT_NAME_PLACEHOLDER).join(name)}</div>`
    : '';
  return shell.template
    .replace(TITLE_PLACEHOLDER, title)
    .replace('<!--crease:head-->', `${boot}${assets}${links}${parcelLinks}`)
    .replace('<!--crease:prerendered-->', welcome);
}

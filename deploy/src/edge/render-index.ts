import type { ReleaseMap } from '@crease/contract';
import type { Preload } from './remote-preload';
import type { ShellArtifact } from './shell-artifact';

/** Must match the placeholders in the shell's index.html, build factory and prerender. */
const SHELL_BASE_PLACEHOLDER = '/__crease_shell_base__/';
const TITLE_PLACEHOLDER = '__CREASE_TITLE__';
const PRODUCT_NAME_PLACEHOLDER = '__CREASE_PRODUCT_NAME__';
const WELCOME_TAGLINE = 'Watch Live Cricket Streaming Online in HD';

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
  preloads: Preload[];
}

/**
 * index.html for one request: the shell's template with the release map and config
 * inlined (no request spent on them), the route's remote preloaded, and on `/` the
 * prerendered welcome page.
 */
export function renderIndex({
  shell,
  shellBase,
  pathname,
  nonce,
  config,
  releaseMap,
  preloads,
}: RenderIndexInput): string {
  const name = escapeHtml(config.productName);
  const title = pathname === '/' ? `${name} | ${WELCOME_TAGLINE}` : name;
  const links = preloads
    .map((p) =>
      p.as === 'fetch'
        ? `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(p.href)}">`
        : `<link rel="preload" as="${p.as}" href="${escapeHtml(p.href)}">`,
    )
    .join('');
  const boot = `<script nonce="${nonce}">window.__CREASE__=${inlineJson({ config, releaseMap })};</script>`;
  let welcome = '';
  let welcomeHead = '';
  if (pathname === '/' && shell.welcomeMarkup) {
    // The page is styled and its chunk on the way before the shell's JS runs.
    welcomeHead =
      shell.welcomeAssets.css
        .map((css) => `<link rel="stylesheet" href="${escapeHtml(shellBase + css)}">`)
        .join('') +
      shell.welcomeAssets.js
        .map((js) => `<link rel="preload" as="script" href="${escapeHtml(shellBase + js)}">`)
        .join('') +
      // A signed-in viewer is redirected by the shell; the prerendered page stays hidden until then.
      `<script nonce="${nonce}">try{if(localStorage.getItem('access_token'))document.documentElement.dataset.signedIn='1'}catch(e){}</script>` +
      `<style>html[data-signed-in] [data-prerendered]{visibility:hidden}</style>`;
    // display:contents: the wrapper adds no box, so React's identical tree replaces it without a shift.
    welcome = `<div data-prerendered style="display:contents">${shell.welcomeMarkup.split(PRODUCT_NAME_PLACEHOLDER).join(name)}</div>`;
  }
  return shell.template
    .split(SHELL_BASE_PLACEHOLDER)
    .join(shellBase)
    .replace(TITLE_PLACEHOLDER, title)
    .replace('<!--crease:head-->', `${boot}${links}${welcomeHead}`)
    .replace('<!--crease:prerendered-->', welcome);
}

import { deriveApiOrigin } from '@crease/contract';

/** The edge names the API origin in a meta tag (no inline script); else derive it as the shell does. */
export function apiOriginOfPage(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="crease-api-origin"]');
  const named = meta?.content ?? '';
  return /^https?:\/\/[^\s/]+$/.test(named) ? named : deriveApiOrigin(window.location);
}

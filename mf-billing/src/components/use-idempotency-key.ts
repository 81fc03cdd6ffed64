import { useRef } from 'react';

/**
 * One Idempotency-Key per distinct request a screen sends: the same request (a double click, a
 * Retry after a lost answer) reuses its key, so the server applies it once; a changed request
 * (another plan, no coupon) gets a new key, since the server refuses a key reused for a
 * different body.
 */
export function useIdempotencyKey(): (request: unknown) => string {
  const last = useRef<{ fingerprint: string; key: string } | null>(null);
  return (request) => {
    const fingerprint = JSON.stringify(request);
    if (last.current?.fingerprint !== fingerprint)
      last.current = { fingerprint, key: crypto.randomUUID() };
    return last.current.key;
  };
}

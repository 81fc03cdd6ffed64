/**
 * The storefront's data: one public, cacheable read (GET storefront: no token, no cookie, the
 * same bytes for every visitor), fetched after the welcome page has painted (decision 255).
 */
import { useEffect, useState } from 'react';
import type { Storefront } from '@crease/contract';

/**
 * Where the storefront comes from and where its links go. Built by the route (in the boot chunk,
 * which has the contract already): the welcome chunk imports nothing from a boot module, since
 * sharing one across chunks would cost first-load bytes (decision 255).
 */
export interface StorefrontSource {
  /** The full URL of GET storefront. */
  url: string;
  /** The currency of a plan from an older API that names none. */
  currency: string;
  /** /register, then on to `path` once signed up (a plan's payment, a match, the trial). */
  registerThen(path: string): string;
}

export type StorefrontState =
  { status: 'loading' } | { status: 'ready'; data: Storefront } | { status: 'failed' };

/** Plain fetch, not the shell's client: no bearer, no XSRF, nothing to refresh or retry. */
export async function loadStorefront(url: string, signal?: AbortSignal): Promise<Storefront> {
  const response = await fetch(url, { credentials: 'omit', ...(signal ? { signal } : {}) });
  if (!response.ok) throw new Error(`storefront: HTTP ${response.status}`);
  return (await response.json()) as Storefront;
}

export function useStorefront(url: string): StorefrontState {
  const [state, setState] = useState<StorefrontState>({ status: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    loadStorefront(url, abort.signal).then(
      (data) => setState({ status: 'ready', data }),
      () => abort.signal.aborted || setState({ status: 'failed' }),
    );
    return () => abort.abort();
  }, [url]);
  return state;
}

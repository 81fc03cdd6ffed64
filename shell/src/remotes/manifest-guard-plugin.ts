import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export class ManifestFetchError extends Error {
  override readonly name = 'ManifestFetchError';
}

/**
 * Module Federation runtime plugin (STYLE §12): a manifest that answers 404, 5xx or HTML
 * (a CDN error page, an SPA fallback) is a failed load with a clear reason, not a JSON
 * parse error deep inside the runtime. The remote runtime then retries or falls back.
 */
export function manifestGuardPlugin(
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): ModuleFederationRuntimePlugin {
  return {
    name: 'crease-manifest-guard',
    async fetch(url: string, init: RequestInit) {
      const response = await fetchImpl(url, { ...init, cache: 'default' });
      if (!response.ok) {
        throw new ManifestFetchError(`manifest ${url} answered HTTP ${response.status}`);
      }
      const type = response.headers.get('content-type') ?? '';
      if (!/\bjson\b/i.test(type)) {
        throw new ManifestFetchError(`manifest ${url} is not JSON (content-type "${type}")`);
      }
      return response;
    },
  };
}

import type { LoaderFunctionArgs } from 'react-router-dom';
import { findRoute } from '../navigation/route-table';
import type { ReleaseMapSource } from './release-map-source';

/**
 * The root route's loader: before any route renders, make sure the release map is current
 * (docs/architecture.md §3). The router keeps the old screen on display until loaders settle, so a new
 * map applies at the route change and never mid-screen. Never throws: a failed check keeps the
 * known map (see ReleaseMapSource).
 */
export function releaseMapLoader(source: ReleaseMapSource) {
  return async ({ request }: LoaderFunctionArgs) => {
    const owner = findRoute(new URL(request.url).pathname)?.owner;
    await source.beforeRoute({ showsRemote: owner !== undefined && owner !== 'shell' });
    return null;
  };
}

/** Every navigation re-runs the check (react-router skips a parent's loader by default). */
export const alwaysRecheck = () => true;

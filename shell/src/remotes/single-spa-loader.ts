import type * as SingleSpaModule from 'single-spa';

/**
 * single-spa is fetched when the first remote screen mounts, not with the shell: `/` and the
 * shell's own pages never mount a parcel, and the library (about 6 KB compressed, not
 * tree-shakable) was the largest part of the shell's first-load JS that `/` did not use
 * (issue 13, decision 085). Boot starts this load together with the route's remote, and the
 * edge preloads the chunk on remote routes, so a remote screen waits for nothing extra.
 */
type SingleSpa = typeof SingleSpaModule;

let loading: Promise<SingleSpa> | null = null;

export function loadSingleSpa(): Promise<SingleSpa> {
  if (!loading) {
    const attempt = import(/* webpackChunkName: "parcels" */ 'single-spa');
    loading = attempt;
    // A failed download (offline, CDN error) is tried again by the next mount (Retry).
    attempt.catch(() => {
      if (loading === attempt) loading = null;
    });
  }
  return loading;
}

export { getEvent, getEventWithApplication } from './catalog-reads';
export type { CatalogReadCache } from './read-cache';
export { catalogLeagues } from './tables';
export { storefrontMatches } from './storefront-matches';
export { forgetFollower } from './follows/forget-follower';

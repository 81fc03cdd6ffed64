export { getEvent, getEventWithApplication } from './catalog-reads';
export type { CatalogReadCache } from './read-cache';
export { catalogLeagues } from './tables';
export { storefrontMatches } from './storefront-matches';
export { forgetFollower } from './follows/forget-follower';
export {
  appendScoredEntry,
  latestEntryAt,
  lockEventRow,
  storedState,
  toEvent,
  withSummary,
  withdrawEntry,
} from './scored-entries';
export type { EventRow, StoredState, TimelineDetail } from './scored-entries';
export { InningsBook, oversOf } from './innings-book';
export type { Delivery } from './innings-book';
export { catalogEvents } from './tables';
export { inningsScore, moments } from './demo/commentary';

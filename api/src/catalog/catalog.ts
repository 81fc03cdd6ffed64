/** The catalog's parts, built once per API instance (ApiServices.catalog). */
import type { ApiConfig } from '../platform/config';
import type { Db } from '../platform/db/client';
import { CatalogWrites } from './catalog-writes';
import type { Clock } from '../platform/clock';
import { LogoLibrary } from './logos';
import { operatorAuth } from './operator-auth';
import type { OperatorAuth } from './operator-auth';
import { CatalogReadCache } from './read-cache';

export interface Catalog {
  clock: Clock;
  logos: LogoLibrary;
  reads: CatalogReadCache;
  writes: CatalogWrites;
  /** The operator's name (audit actor), or throws 401/403. */
  authorizeOperator: OperatorAuth;
}

export function createCatalog(config: ApiConfig, db: Db, clock: Clock): Catalog {
  const logos = new LogoLibrary();
  // With PGlite this process is the only writer: a read stays valid until its next write.
  const reads = new CatalogReadCache(
    config.databaseUrl || config.catalogCacheMs === 0 ? config.catalogCacheMs : null,
  );
  return {
    clock,
    logos,
    reads,
    writes: new CatalogWrites(db, clock, logos, () => reads.invalidate()),
    authorizeOperator: operatorAuth(config),
  };
}

/**
 * Every feature's error table, loaded together: the running API knows every code. The type
 * check below fails the build when a code of @crease/contract has no entry in any table.
 */
import { ACCOUNT_ERRORS } from './accounts/errors';
import { BILLING_ERRORS } from './billing/errors';
import { CATALOG_ERRORS } from './catalog/errors';
import { DATA_EXPORT_ERRORS } from './billing/data-export/errors';
import { PLATFORM_ERRORS } from './platform/errors';
import type { ApiErrorCode, CatalogueEntry } from './platform/errors';
import { INGEST_ERRORS } from './ingest/errors';
import { SCORING_ERRORS } from './scoring/errors';
import { STAFF_ERRORS } from './staff/errors';
import { STREAM_ERRORS } from './streams/errors';

export const ERROR_CATALOGUE = {
  ...PLATFORM_ERRORS,
  ...ACCOUNT_ERRORS,
  ...CATALOG_ERRORS,
  ...BILLING_ERRORS,
  ...STREAM_ERRORS,
  ...INGEST_ERRORS,
  ...STAFF_ERRORS,
  ...SCORING_ERRORS,
  ...DATA_EXPORT_ERRORS,
} satisfies Record<ApiErrorCode, CatalogueEntry>;

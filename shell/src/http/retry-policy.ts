import type { RetryOptions } from 'ky';

/** docs/product.md §9: at most 3 attempts for network errors or 5xx, 1000 ms between them. */
export const MAX_ATTEMPTS = 3;
export const RETRY_DELAY_MS = 1000;

const SERVER_ERRORS = Array.from({ length: 100 }, (_, i) => 500 + i);

/**
 * Every method is retried, POST included: mutating calls carry an Idempotency-Key, so the
 * server applies a retried request once (docs/architecture.md §4).
 */
export const RETRY_POLICY: RetryOptions = {
  limit: MAX_ATTEMPTS - 1,
  methods: ['get', 'head', 'options', 'trace', 'put', 'delete', 'post', 'patch'],
  statusCodes: SERVER_ERRORS,
  afterStatusCodes: [],
  delay: () => RETRY_DELAY_MS,
};

/**
 * Whether an error means "the database is out of reach right now" (a restart, a failover, a
 * dropped connection) rather than a bug: the API answers 503 SERVICE_UNAVAILABLE with
 * Retry-After, and the next request, on a fresh connection, succeeds once the server is back.
 */

/** SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, starting up). */
const UNAVAILABLE_SQLSTATE = /^(08|57P0[1-4])/;
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
/** node-postgres says these in words only. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (
      typeof code === 'string' &&
      (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_NODE_CODES.has(code))
    )
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m)))
      return true;
    // drizzle wraps the driver's error ("Failed query: …") with the original as its cause.
    e = cause;
  }
  return false;
}

/** Seconds a client waits before retrying: a PostgreSQL restart takes a few. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

/**
 * A date-time from a query or a body, as an instant the database can store. The schema checked
 * the format (RFC 3339, real calendar days); this keeps years PostgreSQL cannot hold (year 0,
 * negative years) and absurd ones out, so they are a 400 naming the field, never a 500.
 */
import { ApiError } from './errors';

const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);

export function parseInstant(field: string, raw: string): Date {
  const value = new Date(raw);
  const time = value.getTime();
  if (isNaN(time) || time < EARLIEST || time >= LATEST)
    throw new ApiError(
      'VALIDATION_FAILED',
      `Field "${field}" must be a date-time from the year 2000 to 2099.`,
    );
  return value;
}

/**
 * Column helpers every feature's tables.ts shares. PGlite and a real PostgreSQL server run the
 * same generated SQL from api/drizzle/. Timestamps are timestamptz; ids are UUIDs made in the API.
 */
import { timestamp } from 'drizzle-orm/pg-core';

/** A timestamptz column read and written as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

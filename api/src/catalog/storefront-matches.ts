/**
 * The catalog's part of the public storefront (issue 22 §3): what is live now and the next
 * fixtures, in a slim shape with nothing but names, crests (short names and colours) and times: no scores, channels or viewer data,
 * so the answer is the same for every visitor and a CDN may serve it to anyone.
 */
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { STATUS_GROUP_MEMBERS } from '@crease/contract';
import type { StorefrontMatch, Team, TeamCrest } from '@crease/contract';
import type { Db } from '../platform/db/client';
import { catalogEvents, catalogLeagues } from './tables';

const crestOf = ({ shortName, colours }: Team): TeamCrest => ({ shortName, colours });

async function matches(
  db: Db,
  group: 'live' | 'upcoming',
  limit: number,
  now: Date,
): Promise<StorefrontMatch[]> {
  const where = [
    eq(catalogLeagues.active, true),
    inArray(catalogEvents.status, [...STATUS_GROUP_MEMBERS[group]]),
  ];
  // A fixture whose start has passed but that is not live yet is no "next fixture".
  if (group === 'upcoming') where.push(gt(catalogEvents.startTime, now));
  const rows = await db
    .select({
      id: catalogEvents.id,
      title: catalogEvents.title,
      teams: catalogEvents.teams,
      startTime: catalogEvents.startTime,
      league: catalogLeagues.caption,
    })
    .from(catalogEvents)
    .innerJoin(catalogLeagues, eq(catalogLeagues.id, catalogEvents.leagueId))
    .where(and(...where))
    .orderBy(asc(catalogEvents.startTime), asc(catalogEvents.id))
    .limit(limit);
  return rows.map((row) => ({
    eventId: row.id,
    title: row.title,
    league: row.league,
    teams: [row.teams[0].name, row.teams[1].name],
    crests: [crestOf(row.teams[0]), crestOf(row.teams[1])],
    startTime: row.startTime.toISOString(),
  }));
}

/** Live now and the next fixtures, each soonest first, at most `limit` of each. */
export async function storefrontMatches(
  db: Db,
  now: Date,
  limit: number,
): Promise<{ live: StorefrontMatch[]; upcoming: StorefrontMatch[] }> {
  const [live, upcoming] = await Promise.all([
    matches(db, 'live', limit, now),
    matches(db, 'upcoming', limit, now),
  ]);
  return { live, upcoming };
}

/** Database rows of the catalog -> the contract's wire objects. */
import type {
  CatalogEvent,
  League,
  LeagueStatus,
  MatchFormat,
  MatchStatus,
  PlayState,
  StreamEventStatus,
} from '@crease/contract';
import type { catalogEvents, catalogLeagues } from './tables';
import type { StoredState } from './match-state';
import { scoreSummary } from './match-state';

export type EventRow = typeof catalogEvents.$inferSelect;
export type LeagueRow = typeof catalogLeagues.$inferSelect;

export function storedState(row: EventRow): StoredState {
  return {
    status: row.status as MatchStatus,
    playState: row.playState as PlayState | null,
    toss: row.toss ?? null,
    innings: row.innings,
    result: row.result,
    eventStatus: row.eventStatus as StreamEventStatus,
  };
}

export function toEvent(row: EventRow): CatalogEvent {
  return {
    eventId: row.id,
    leagueId: row.leagueId,
    title: row.title,
    teams: row.teams,
    venue: row.venue,
    format: row.format as MatchFormat,
    startTime: row.startTime.toISOString(),
    estimatedEnd: row.estimatedEnd.toISOString(),
    channelId: row.channelId,
    updatedAt: row.updatedAt.toISOString(),
    ...storedState(row),
    scoreSummary: scoreSummary(row.innings, row.format as MatchFormat),
  };
}

export function toLeague(
  row: LeagueRow,
  logoFilename: (logo: string) => string,
  events: CatalogEvent[],
): League {
  return {
    leagueId: row.id,
    caption: row.caption,
    description: row.description,
    logoFilename: logoFilename(row.logo),
    logoAltText: row.logoAltText,
    application: row.application,
    status: row.status as LeagueStatus,
    active: row.active,
    events,
  };
}

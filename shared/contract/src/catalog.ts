/**
 * The catalog as both sides see it (issue 10): leagues, their events (cricket matches), the
 * cricket states, the list query and page, the operator payloads, the paths and error codes.
 * The API validates against these and mf-catalog renders them; nothing here is spelled twice.
 *
 * Conventions: every time is an ISO 8601 UTC string (`2026-11-23T14:00:00.000Z`); every enum
 * value is a lower-case snake_case code, and the `*_LABELS` maps give the words people read.
 */

export type {
  EventTimeline,
  TimelineEntry,
  TimelineQuery,
  TimelineState,
  BatterFigures,
  BowlerFigures,
  Extras,
  FallOfWicket,
  KeyMoment,
  KeyMomentKind,
  Scorecard,
} from './scorecard';

/** Match status (the game, not the video). */
export const MATCH_STATUSES = [
  'scheduled',
  'live',
  'completed',
  'abandoned',
  'cancelled',
  'postponed',
] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

export const MATCH_STATUS_LABELS: Record<MatchStatus, string> = {
  scheduled: 'Scheduled',
  live: 'Live',
  completed: 'Completed',
  abandoned: 'Abandoned',
  cancelled: 'Cancelled',
  postponed: 'Postponed',
};

/**
 * Legal moves of the match status; anything else is 409 ILLEGAL_TRANSITION. Staying in the same
 * status is always allowed (a score update while live, a corrected result). `abandoned` covers
 * "abandoned without a ball bowled" too, so it is reachable from `scheduled`.
 */
export const MATCH_STATUS_MOVES: Record<MatchStatus, readonly MatchStatus[]> = {
  scheduled: ['live', 'postponed', 'cancelled', 'abandoned'],
  postponed: ['scheduled', 'cancelled'],
  live: ['completed', 'abandoned'],
  completed: [],
  abandoned: [],
  cancelled: [],
};

/** What is happening on the field while the match is `live` (null otherwise). */
export const PLAY_STATES = [
  'in_play',
  'innings_break',
  'rain_delay',
  'bad_light',
  'drinks',
  'lunch',
  'tea',
  'stumps',
] as const;
export type PlayState = (typeof PLAY_STATES)[number];

/** Every play state but `in_play` stops the cricket: a break (the stream keeps going). */
export type BreakPlayState = Exclude<PlayState, 'in_play'>;

/** True while play is stopped (rain, bad light, an interval, stumps). */
export function isBreakPlayState(state: PlayState | null | undefined): state is BreakPlayState {
  return state !== null && state !== undefined && state !== 'in_play';
}

export const PLAY_STATE_LABELS: Record<PlayState, string> = {
  in_play: 'In play',
  innings_break: 'Innings break',
  rain_delay: 'Rain delay',
  bad_light: 'Bad light',
  drinks: 'Drinks',
  lunch: 'Lunch',
  tea: 'Tea',
  stumps: 'Stumps',
};

export const MATCH_FORMATS = ['t20', 'odi', 'test', 'the_hundred', 't10', 'first_class'] as const;
export type MatchFormat = (typeof MATCH_FORMATS)[number];

export const MATCH_FORMAT_LABELS: Record<MatchFormat, string> = {
  t20: 'T20',
  odi: 'ODI',
  test: 'Test',
  the_hundred: 'The Hundred',
  t10: 'T10',
  first_class: 'First-class',
};

/**
 * The stream's state (the product contract's Channel stream `eventStatus`), separate from the match: a match can
 * be live with its stream not started yet, and a stream stays live through a rain delay.
 */
export const STREAM_EVENT_STATUSES = ['not_started', 'live', 'ended'] as const;
export type StreamEventStatus = (typeof STREAM_EVENT_STATUSES)[number];

export const STREAM_EVENT_STATUS_MOVES: Record<StreamEventStatus, readonly StreamEventStatus[]> = {
  not_started: ['live', 'ended'],
  live: ['ended'],
  ended: [],
};

/** The list filter `status`: a group of match statuses. */
export const EVENT_STATUS_GROUPS = ['live', 'upcoming', 'finished'] as const;
export type EventStatusGroup = (typeof EVENT_STATUS_GROUPS)[number];

export const STATUS_GROUP_MEMBERS: Record<EventStatusGroup, readonly MatchStatus[]> = {
  live: ['live'],
  upcoming: ['scheduled', 'postponed'],
  finished: ['completed', 'abandoned', 'cancelled'],
};

export function statusGroupOf(status: MatchStatus): EventStatusGroup {
  return status === 'live'
    ? 'live'
    : STATUS_GROUP_MEMBERS.upcoming.includes(status)
      ? 'upcoming'
      : 'finished';
}

/** League `status`: where its season is. `active: false` hides a league from viewers. */
export const LEAGUE_STATUSES = ['upcoming', 'in_progress', 'completed'] as const;
export type LeagueStatus = (typeof LEAGUE_STATUSES)[number];

export interface TeamColours {
  /** `#rrggbb` */
  primary: string;
  /** `#rrggbb` */
  secondary: string;
}

export interface Team {
  name: string;
  /** 2–4 capitals, unique within the event; innings and toss refer to a team by it. */
  shortName: string;
  colours: TeamColours;
}

export interface Venue {
  name: string;
  city: string;
  country: string;
}

export type TossDecision = 'bat' | 'bowl';

export interface Toss {
  /** A team's shortName. */
  winner: string;
  decision: TossDecision;
}

export interface Innings {
  /** The batting team's shortName. */
  team: string;
  runs: number;
  /** 0–10. */
  wickets: number;
  /** Cricket notation: completed overs, then balls of the current one: `18.4` = 18 overs 4 balls. */
  overs: string;
  /** Test and first-class: the batting side declared. */
  declared: boolean;
}

/**
 * The match's state at one moment: what the operator changes and what the timeline records.
 * `scoreSummary` is derived by the API from the innings (`MUM 187/4 (20) · CHE 143/6 (16.2)`).
 */
export interface MatchState {
  status: MatchStatus;
  /** Set while `status` is `live`, null otherwise. */
  playState: PlayState | null;
  toss: Toss | null;
  /** In batting order, at most four. */
  innings: Innings[];
  scoreSummary: string;
  /** Set once decided: "Mumbai won by 5 wickets (DLS method)", "No result", "Match abandoned". */
  result: string | null;
  eventStatus: StreamEventStatus;
}

/** An event: one cricket match and its stream. */
export interface CatalogEvent extends MatchState {
  eventId: string;
  leagueId: string;
  title: string;
  /** Exactly two. */
  teams: [Team, Team];
  venue: Venue;
  format: MatchFormat;
  /** UTC ISO. */
  startTime: string;
  /** UTC ISO, after startTime. */
  estimatedEnd: string;
  /** The player's channel (the product contract Channel stream `channelId`). */
  channelId: string;
  /** UTC ISO: when anything about the event last changed. */
  updatedAt: string;
}

/** docs/product.md §3 League, field for field, with its events. */
export interface League {
  /** A slug: `crease-premier-league`. */
  leagueId: string;
  caption: string;
  description: string;
  /** A file under CATALOG_PATHS.logos, content-versioned and cached forever: catalogLogoPath(). */
  logoFilename: string;
  logoAltText: string;
  /** The stream application its channels play from (the product contract Channel stream `application`). */
  application: string;
  status: LeagueStatus;
  /** False: hidden from viewers (the operator API still sees it). */
  active: boolean;
  /** The league's events matching the query, in list order (see EventListQuery). */
  events: CatalogEvent[];
}

/**
 * Query of GET events (and, without cursor/limit, of GET leagues for their events). All optional.
 * `from`/`to` select events whose [startTime, estimatedEnd] overlaps [from, to).
 * Order: startTime ascending, except `status=finished`, newest first; ties by eventId.
 */
export interface EventListQuery {
  league?: string;
  status?: EventStatusGroup;
  /** UTC ISO date-time. */
  from?: string;
  /** UTC ISO date-time, after `from`. */
  to?: string;
  /** 1–100, default 20. */
  limit?: number;
  /** `nextCursor` of the previous page; pass the same filters with it. */
  cursor?: string;
}

export const EVENT_LIST_DEFAULT_LIMIT = 20;
export const EVENT_LIST_MAX_LIMIT = 100;

export interface EventPage {
  items: CatalogEvent[];
  /** null on the last page. */
  nextCursor: string | null;
}

export interface LeagueList {
  items: League[];
}

/** GET leagues takes these (every league's `events` filtered alike). */
export type LeagueListQuery = Pick<EventListQuery, 'league' | 'status' | 'from' | 'to'>;

/**
 * Caching of catalog reads: `ETag` on every 200 (send it back as If-None-Match: 304), and this
 * Cache-Control. max-age + stale-while-revalidate stays under 10 s, so a live match's state is
 * never more than 10 s stale in a browser or CDN. Poll no faster than every CATALOG_MAX_AGE_SECONDS.
 */
export const CATALOG_MAX_AGE_SECONDS = 5;
export const CATALOG_STALE_WHILE_REVALIDATE_SECONDS = 4;

// ---------------------------------------------------------------------------------------------
// Operator API (its own bearer token, CREASE_CATALOG_OPERATOR_TOKENS; every change audited)
// ---------------------------------------------------------------------------------------------

export interface LeagueCreate {
  leagueId: string;
  caption: string;
  description: string;
  /** The base name of a shipped logo (`crease-premier-league`); see GET operator logos. */
  logo: string;
  logoAltText: string;
  application: string;
  status: LeagueStatus;
  active: boolean;
}
export type LeagueUpdate = Partial<Omit<LeagueCreate, 'leagueId'>>;

export interface EventCreate {
  eventId: string;
  leagueId: string;
  title: string;
  teams: [Team, Team];
  venue: Venue;
  format: MatchFormat;
  startTime: string;
  estimatedEnd: string;
  channelId: string;
}
export type EventUpdate = Partial<Omit<EventCreate, 'eventId'>>;

/**
 * A match-state change: any subset of the state (scoreSummary is derived). `at` (UTC ISO, not in
 * the future) backdates the change on the timeline; default now. Going `live` without a playState
 * starts `in_play`; leaving `live` clears playState. `completed` needs a result.
 */
export interface MatchStateChange {
  status?: MatchStatus;
  playState?: PlayState | null;
  toss?: Toss | null;
  innings?: Innings[];
  result?: string | null;
  eventStatus?: StreamEventStatus;
  at?: string;
}

export interface AuditEntry {
  id: number;
  /** The operator token's name, or `demo-clock` for the rolling demo. */
  actor: string;
  at: string;
  action: 'league.create' | 'league.update' | 'event.create' | 'event.update' | 'event.state';
  entityId: string;
  /** Changed fields: before and after. */
  changes: Record<string, { before: unknown; after: unknown }>;
}

export interface AuditPage {
  items: AuditEntry[];
  nextCursor: string | null;
}

/** Stable error codes the catalog adds to the spec's error shape. */
export const CATALOG_ERROR_CODES = [
  'LEAGUE_NOT_FOUND',
  'EVENT_NOT_FOUND',
  /** Not a legal move of match status or stream eventStatus (e.g. completed -> scheduled). */
  'ILLEGAL_TRANSITION',
  'LEAGUE_EXISTS',
  'EVENT_EXISTS',
  'OPERATOR_TOKEN_REQUIRED',
  'INVALID_OPERATOR_TOKEN',
  /** Production with no operator tokens configured: every operator call is refused. */
  'OPERATOR_API_LOCKED',
  /** Following a team no match of an active league has (follows.ts). */
  'TEAM_NOT_FOUND',
  /** "Remind me" on a match that has started or is over (follows.ts). */
  'REMINDER_TOO_LATE',
  /** A follow setting's timeZone that is not an IANA zone (decision 419): 400. */
  'TIME_ZONE_UNKNOWN',
] as const;
export type CatalogErrorCode = (typeof CATALOG_ERROR_CODES)[number];

/** API paths, relative to the API origin (like ACCOUNT_PATHS). */
export const CATALOG_PATHS = {
  leagues: 'api/v1/leagues',
  events: 'api/v1/events',
  /** SVG logos: `${logos}/${logoFilename}`, public and immutable. */
  logos: 'api/v1/catalog/logos',
  operatorLeagues: 'api/v1/operator/leagues',
  operatorEvents: 'api/v1/operator/events',
  operatorAudit: 'api/v1/operator/audit',
  operatorLogos: 'api/v1/operator/logos',
} as const;

const segment = (value: string) => encodeURIComponent(value);

export const catalogLeaguePath = (leagueId: string) =>
  `${CATALOG_PATHS.leagues}/${segment(leagueId)}`;
export const catalogEventPath = (eventId: string) => `${CATALOG_PATHS.events}/${segment(eventId)}`;
export const catalogEventTimelinePath = (eventId: string) =>
  `${catalogEventPath(eventId)}/timeline`;
export const catalogLogoPath = (logoFilename: string) =>
  `${CATALOG_PATHS.logos}/${segment(logoFilename)}`;
export const operatorLeaguePath = (leagueId: string) =>
  `${CATALOG_PATHS.operatorLeagues}/${segment(leagueId)}`;
export const operatorEventPath = (eventId: string) =>
  `${CATALOG_PATHS.operatorEvents}/${segment(eventId)}`;
export const operatorEventStatePath = (eventId: string) => `${operatorEventPath(eventId)}/state`;

/** Slugs for leagueId and eventId: lower-case letters, digits and single hyphens, ≤ 64. */
export const CATALOG_ID_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';
export const CATALOG_ID_MAX_LENGTH = 64;

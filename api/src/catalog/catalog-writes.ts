/**
 * Every change to the catalog, from the operator API and from the demo clock alike: validated,
 * applied in one transaction with its timeline entry and its audit row (who, when, what), then
 * the read cache is cleared. `actor` is the operator token's name or `demo-clock`.
 */
import { and, eq, sql } from 'drizzle-orm';
import type {
  AuditEntry,
  CatalogEvent,
  EventCreate,
  EventUpdate,
  League,
  LeagueCreate,
  LeagueUpdate,
  MatchFormat,
  MatchStateChange,
} from '@crease/contract';
import type { Db, Tx } from '../platform/db/client';
import { catalogAudit, catalogEventTimeline, catalogEvents, catalogLeagues } from './tables';
import { ApiError } from './errors';
import type { Clock } from '../platform/clock';
import { storedState, toEvent, toLeague } from './event-row';
import type { EventRow } from './event-row';
import { parseInstant } from './instant';
import type { LogoLibrary } from './logos';
import { applyStateChange, checkInnings } from './match-state';
import type { StoredState, TimelineDetail } from './match-state';
import { TIMELINE_INSERT_CHUNK, timelineColumns } from './timeline-row';
import { checkTeams, checkTimes, diff, invalid } from './write-checks';

type Changes = AuditEntry['changes'];

export { diff };

export interface StateChangeOptions {
  /** The demo clock keeps driving an event; any other writer takes it over. */
  keepDemoDriven?: boolean;
  /** Apply only if the event's latest seq is this (another replica may have applied it). */
  expectSeq?: number;
}

export class CatalogWrites {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly logos: LogoLibrary,
    private readonly afterWrite: () => void,
  ) {}

  private async audit(
    tx: Tx,
    actor: string,
    action: AuditEntry['action'],
    entityId: string,
    changes: Changes,
  ) {
    await tx
      .insert(catalogAudit)
      .values({ actor, at: this.clock.now(), action, entityId, changes });
  }

  private async done<T>(work: Promise<T>): Promise<T> {
    const result = await work;
    this.afterWrite();
    return result;
  }

  private leagueWire(row: typeof catalogLeagues.$inferSelect): League {
    return toLeague(row, (logo) => this.logos.filenameOf(logo), []);
  }

  private checkLogo(logo: string | undefined) {
    if (logo !== undefined && !this.logos.has(logo))
      throw invalid(
        'logo',
        `must be one of the shipped logos: ${this.logos
          .list()
          .map((l) => l.logo)
          .join(', ')}.`,
      );
  }

  createLeague(actor: string, input: LeagueCreate): Promise<League> {
    this.checkLogo(input.logo);
    return this.done(
      this.db.transaction(async (tx) => {
        const now = this.clock.now();
        const [row] = await tx
          .insert(catalogLeagues)
          .values({
            id: input.leagueId,
            caption: input.caption,
            description: input.description,
            logo: input.logo,
            logoAltText: input.logoAltText,
            application: input.application,
            status: input.status,
            active: input.active,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning();
        if (!row)
          throw new ApiError('LEAGUE_EXISTS', `A league "${input.leagueId}" already exists.`);
        await this.audit(tx, actor, 'league.create', input.leagueId, diff({}, { ...input }));
        return this.leagueWire(row);
      }),
    );
  }

  updateLeague(actor: string, leagueId: string, input: LeagueUpdate): Promise<League> {
    this.checkLogo(input.logo);
    return this.done(
      this.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(catalogLeagues)
          .where(eq(catalogLeagues.id, leagueId))
          .for('update');
        if (!before) throw new ApiError('LEAGUE_NOT_FOUND', `There is no league "${leagueId}".`);
        const changes = diff(before, { ...input });
        const [row] = await tx
          .update(catalogLeagues)
          .set({ ...input, updatedAt: this.clock.now() })
          .where(eq(catalogLeagues.id, leagueId))
          .returning();
        if (Object.keys(changes).length > 0)
          await this.audit(tx, actor, 'league.update', leagueId, changes);
        return this.leagueWire(row ?? before);
      }),
    );
  }

  private async requireLeague(tx: Tx, leagueId: string) {
    const [league] = await tx
      .select({ id: catalogLeagues.id })
      .from(catalogLeagues)
      .where(eq(catalogLeagues.id, leagueId));
    if (!league) throw new ApiError('LEAGUE_NOT_FOUND', `There is no league "${leagueId}".`);
  }

  private async appendTimeline(
    tx: Tx,
    event: { id: string; format: string },
    seq: number,
    at: Date,
    state: StoredState,
  ) {
    // An operator's change has no ball-by-ball detail (decision 225).
    await tx.insert(catalogEventTimeline).values({
      eventId: event.id,
      seq,
      at,
      ...timelineColumns(state, undefined, event.format as MatchFormat),
    });
  }

  /**
   * A new event starts scheduled, stream not started, with one timeline entry. `demo` events are
   * the rolling demo's (the demo clock drives them, and may backfill their history).
   */
  createEvent(
    actor: string,
    input: EventCreate,
    options: {
      demo?: boolean;
      history?: { at: Date; state: StoredState; detail?: TimelineDetail }[];
    } = {},
  ): Promise<CatalogEvent | null> {
    const startTime = parseInstant('startTime', input.startTime);
    const estimatedEnd = parseInstant('estimatedEnd', input.estimatedEnd);
    checkTimes(startTime, estimatedEnd);
    checkTeams(input.teams);
    const now = this.clock.now();
    const initial: StoredState = {
      status: 'scheduled',
      playState: null,
      toss: null,
      innings: [],
      result: null,
      eventStatus: 'not_started',
    };
    const history = options.history?.length ? options.history : [{ at: now, state: initial }];
    const current = history[history.length - 1]!.state;
    return this.done(
      this.db.transaction(async (tx) => {
        await this.requireLeague(tx, input.leagueId);
        const [row] = await tx
          .insert(catalogEvents)
          .values({
            id: input.eventId,
            leagueId: input.leagueId,
            title: input.title,
            teams: input.teams,
            venue: input.venue,
            format: input.format,
            startTime,
            estimatedEnd,
            channelId: input.channelId,
            ...current,
            stateSeq: history.length,
            demoDriven: options.demo === true,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning();
        if (!row) {
          if (options.demo) return null; // another replica or an earlier start made it
          throw new ApiError('EVENT_EXISTS', `An event "${input.eventId}" already exists.`);
        }
        // In chunks: a finished ODI has hundreds of balls, and one statement has a parameter cap.
        const rows = history.map((h, i) => ({
          eventId: input.eventId,
          seq: i + 1,
          at: h.at,
          ...timelineColumns(h.state, h.detail, input.format),
        }));
        for (let i = 0; i < rows.length; i += TIMELINE_INSERT_CHUNK)
          await tx.insert(catalogEventTimeline).values(rows.slice(i, i + TIMELINE_INSERT_CHUNK));
        await this.audit(tx, actor, 'event.create', input.eventId, diff({}, { ...input }));
        return toEvent(row);
      }),
    );
  }

  private async lockEvent(tx: Tx, eventId: string): Promise<EventRow> {
    const [row] = await tx
      .select()
      .from(catalogEvents)
      .where(eq(catalogEvents.id, eventId))
      .for('update');
    if (!row) throw new ApiError('EVENT_NOT_FOUND', `There is no event "${eventId}".`);
    return row;
  }

  updateEvent(actor: string, eventId: string, input: EventUpdate): Promise<CatalogEvent> {
    return this.done(
      this.db.transaction(async (tx) => {
        const before = await this.lockEvent(tx, eventId);
        if (input.leagueId !== undefined) await this.requireLeague(tx, input.leagueId);
        const startTime = input.startTime
          ? parseInstant('startTime', input.startTime)
          : before.startTime;
        const estimatedEnd = input.estimatedEnd
          ? parseInstant('estimatedEnd', input.estimatedEnd)
          : before.estimatedEnd;
        checkTimes(startTime, estimatedEnd);
        const teams = input.teams ?? before.teams;
        checkTeams(teams);
        if (input.teams) {
          checkInnings(before.innings, teams);
          if (before.toss && !teams.some((t) => t.shortName === before.toss?.winner))
            throw invalid('teams', 'must keep the team that won the toss.');
        }
        const wireBefore = toEvent(before);
        // Compare instants as the wire spells them (…00Z and …00.000Z are one time).
        const changes = diff(wireBefore as unknown as Record<string, unknown>, {
          ...input,
          ...(input.startTime ? { startTime: startTime.toISOString() } : {}),
          ...(input.estimatedEnd ? { estimatedEnd: estimatedEnd.toISOString() } : {}),
        });
        const [row] = await tx
          .update(catalogEvents)
          .set({
            ...input,
            startTime,
            estimatedEnd,
            teams,
            demoDriven: false,
            updatedAt: this.clock.now(),
          })
          .where(eq(catalogEvents.id, eventId))
          .returning();
        if (Object.keys(changes).length > 0)
          await this.audit(tx, actor, 'event.update', eventId, changes);
        return toEvent(row ?? before);
      }),
    );
  }

  /**
   * A match-state change (legal moves only), appended to the timeline at `change.at` (default
   * now). Timeline entries never go back in time: `at` before the latest entry's is a 409.
   */
  changeState(
    actor: string,
    eventId: string,
    change: MatchStateChange,
    options: StateChangeOptions = {},
  ): Promise<CatalogEvent> {
    return this.done(
      this.db.transaction(async (tx) => {
        const before = await this.lockEvent(tx, eventId);
        if (options.keepDemoDriven && !before.demoDriven) return toEvent(before); // taken over
        if (options.expectSeq !== undefined && before.stateSeq !== options.expectSeq)
          return toEvent(before);
        return this.applyChange(tx, actor, before, change, options);
      }),
    );
  }

  /**
   * The producer's buttons (decision 449): the change is worked out from the event as it is
   * under the row lock, so a second press (or two at once) finds nothing to change and writes
   * nothing. `changed: false` then, with the event as it is.
   */
  moveState(
    actor: string,
    eventId: string,
    changeFor: (event: CatalogEvent) => MatchStateChange,
  ): Promise<{ before: CatalogEvent; event: CatalogEvent; change: MatchStateChange }> {
    return this.done(
      this.db.transaction(async (tx) => {
        const row = await this.lockEvent(tx, eventId);
        const before = toEvent(row);
        const change = changeFor(before);
        if (Object.keys(change).length === 0) return { before, event: before, change };
        return { before, event: await this.applyChange(tx, actor, row, change, {}), change };
      }),
    );
  }

  private async applyChange(
    tx: Tx,
    actor: string,
    before: EventRow,
    change: MatchStateChange,
    options: StateChangeOptions,
  ): Promise<CatalogEvent> {
    const now = this.clock.now();
    const at = change.at ? parseInstant('at', change.at) : now;
    if (at.getTime() > now.getTime() + 5_000) throw invalid('at', 'must not be in the future.');
    const eventId = before.id;
    const current = storedState(before);
    const next = applyStateChange(current, change, before.teams);
    const [latest] = await tx
      .select({ at: catalogEventTimeline.at })
      .from(catalogEventTimeline)
      .where(
        and(
          eq(catalogEventTimeline.eventId, eventId),
          eq(catalogEventTimeline.seq, before.stateSeq),
        ),
      );
    if (latest && at.getTime() < latest.at.getTime())
      throw new ApiError(
        'ILLEGAL_TRANSITION',
        `Field "at" is before the event's latest state (${latest.at.toISOString()}).`,
      );
    const seq = before.stateSeq + 1;
    const [row] = await tx
      .update(catalogEvents)
      .set({
        ...next,
        stateSeq: seq,
        demoDriven: options.keepDemoDriven === true,
        updatedAt: now,
      })
      .where(eq(catalogEvents.id, eventId))
      .returning();
    await this.appendTimeline(tx, before, seq, at, next);
    const changes = diff(
      current as unknown as Record<string, unknown>,
      next as unknown as Record<string, unknown>,
    );
    if (!options.keepDemoDriven && before.demoDriven)
      changes.demoDriven = { before: true, after: false };
    await this.audit(tx, actor, 'event.state', eventId, changes);
    return toEvent(row ?? before);
  }

  /** The demo's housekeeping: its own finished events past the window (timelines cascade). */
  async pruneDemo(before: Date): Promise<number> {
    const deleted = await this.db
      .delete(catalogEvents)
      .where(
        and(eq(catalogEvents.demoDriven, true), sql`${catalogEvents.estimatedEnd} < ${before}`),
      )
      .returning({ id: catalogEvents.id });
    if (deleted.length) this.afterWrite();
    return deleted.length;
  }
}

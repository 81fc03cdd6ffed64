/**
 * A viewer's follows, follow settings and "Remind me" requests: reads and idempotent writes
 * (following twice is following; unfollowing what is not followed changes nothing).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { DEFAULT_REMINDER_LEAD } from '@crease/contract';
import type { FollowKind, FollowSettings, ReminderLead, ViewerFollows } from '@crease/contract';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import { ApiError } from '../errors';
import {
  catalogEvents,
  catalogFollowSettings,
  catalogFollows,
  catalogLeagues,
  catalogReminders,
} from '../tables';

/** The viewer as the follow routes need them: id and the registration's mail choice. */
export interface Follower {
  id: string;
  emailSubscribe: boolean;
}

export class FollowsStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async read(viewer: Follower): Promise<ViewerFollows> {
    const [follows, settings, reminders] = await Promise.all([
      this.db
        .select({ kind: catalogFollows.kind, target: catalogFollows.target })
        .from(catalogFollows)
        .where(eq(catalogFollows.userId, viewer.id))
        .orderBy(catalogFollows.createdAt, catalogFollows.target),
      this.db
        .select({
          remindFollowed: catalogFollowSettings.remindFollowed,
          remindBefore: catalogFollowSettings.remindBeforeMinutes,
          timeZone: catalogFollowSettings.timeZone,
        })
        .from(catalogFollowSettings)
        .where(eq(catalogFollowSettings.userId, viewer.id)),
      this.db
        .select({ eventId: catalogReminders.eventId })
        .from(catalogReminders)
        .where(
          and(
            eq(catalogReminders.userId, viewer.id),
            eq(catalogReminders.source, 'asked'),
            isNull(catalogReminders.sentAt),
            isNull(catalogReminders.droppedAt),
          ),
        )
        .orderBy(catalogReminders.eventId),
    ]);
    return {
      teams: follows.filter((f) => f.kind === 'team').map((f) => f.target),
      leagues: follows.filter((f) => f.kind === 'league').map((f) => f.target),
      reminders: reminders.map((r) => r.eventId),
      remindFollowed: settings[0]?.remindFollowed ?? viewer.emailSubscribe,
      remindBefore: (settings[0]?.remindBefore ?? DEFAULT_REMINDER_LEAD) as ReminderLead,
      timeZone: settings[0]?.timeZone ?? null,
    };
  }

  async follow(viewer: Follower, kind: FollowKind, target: string): Promise<void> {
    if (kind === 'league') await this.requireLeague(target);
    else await this.requireTeam(target);
    await this.db
      .insert(catalogFollows)
      .values({ userId: viewer.id, kind, target, createdAt: this.clock.now() })
      .onConflictDoNothing();
  }

  async unfollow(viewer: Follower, kind: FollowKind, target: string): Promise<void> {
    await this.db
      .delete(catalogFollows)
      .where(
        and(
          eq(catalogFollows.userId, viewer.id),
          eq(catalogFollows.kind, kind),
          eq(catalogFollows.target, target),
        ),
      );
  }

  /**
   * Changes the settings named; the others stay. Before the viewer first chose, the opt-in
   * follows their registration's emailSubscribe, so a first write of another setting keeps that.
   */
  async setSettings(viewer: Follower, settings: FollowSettings): Promise<void> {
    if (settings.timeZone !== undefined && !knownTimeZone(settings.timeZone))
      throw new ApiError('TIME_ZONE_UNKNOWN');
    const updatedAt = this.clock.now();
    const changes = {
      ...(settings.remindFollowed === undefined ? {} : { remindFollowed: settings.remindFollowed }),
      ...(settings.remindBefore === undefined
        ? {}
        : { remindBeforeMinutes: settings.remindBefore }),
      ...(settings.timeZone === undefined ? {} : { timeZone: settings.timeZone }),
    };
    await this.db
      .insert(catalogFollowSettings)
      .values({
        userId: viewer.id,
        remindFollowed: viewer.emailSubscribe,
        ...changes,
        updatedAt,
      })
      .onConflictDoUpdate({
        target: catalogFollowSettings.userId,
        set: { ...changes, updatedAt },
      });
  }

  /** "Remind me": only a match that has not started (scheduled or postponed) can be asked for. */
  async remind(viewer: Follower, eventId: string): Promise<void> {
    const [event] = await this.db
      .select({ status: catalogEvents.status, startTime: catalogEvents.startTime })
      .from(catalogEvents)
      .innerJoin(catalogLeagues, eq(catalogLeagues.id, catalogEvents.leagueId))
      .where(and(eq(catalogEvents.id, eventId), eq(catalogLeagues.active, true)));
    if (!event) throw new ApiError('EVENT_NOT_FOUND');
    const upcoming = event.status === 'scheduled' || event.status === 'postponed';
    if (!upcoming || (event.status === 'scheduled' && event.startTime <= this.clock.now()))
      throw new ApiError('REMINDER_TOO_LATE');
    await this.db
      .insert(catalogReminders)
      .values({ userId: viewer.id, eventId, source: 'asked', createdAt: this.clock.now() })
      .onConflictDoNothing();
  }

  /** Takes back a reminder not yet sent (one already sent stays as the record that it was). */
  async unremind(viewer: Follower, eventId: string): Promise<void> {
    await this.db
      .delete(catalogReminders)
      .where(
        and(
          eq(catalogReminders.userId, viewer.id),
          eq(catalogReminders.eventId, eventId),
          isNull(catalogReminders.sentAt),
        ),
      );
  }

  private async requireLeague(leagueId: string): Promise<void> {
    const [league] = await this.db
      .select({ id: catalogLeagues.id })
      .from(catalogLeagues)
      .where(and(eq(catalogLeagues.id, leagueId), eq(catalogLeagues.active, true)));
    if (!league) throw new ApiError('LEAGUE_NOT_FOUND');
  }

  /** A team exists while a match of an active league names it. */
  private async requireTeam(name: string): Promise<void> {
    const result = (await this.db.execute(sql`
      SELECT 1 FROM catalog_events e JOIN catalog_leagues l ON l.id = e.league_id AND l.active
      WHERE e.teams->0->>'name' = ${name} OR e.teams->1->>'name' = ${name} LIMIT 1`)) as unknown as {
      rows: unknown[];
    };
    if (result.rows.length === 0) throw new ApiError('TEAM_NOT_FOUND');
  }
}

/** Whether `zone` is an IANA time zone this runtime knows (Intl refuses the others). */
function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

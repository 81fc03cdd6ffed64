/**
 * Follows, reminders and calendar files (issue 23 §1), as the API and mf-catalog both see them.
 * A viewer follows a team (by its name, as events carry it) or a league (by its leagueId); asks
 * for a reminder of one match ("Remind me"); and may opt in to a reminder for every followed
 * team's match. Reminders are emails sent when the match starts (decision 275).
 */

/** What a viewer can follow. */
export const FOLLOW_KINDS = ['team', 'league'] as const;
export type FollowKind = (typeof FOLLOW_KINDS)[number];

/** GET follows: everything the signed-in viewer follows and the reminders they asked for. */
export interface ViewerFollows {
  /** Team names, as in `CatalogEvent.teams[].name`. */
  teams: string[];
  leagues: string[];
  /** Event ids with a "Remind me" that has not been sent yet. */
  reminders: string[];
  /**
   * An email when a followed team's match starts. Until the viewer chooses, this follows the
   * registration's `emailSubscribe` (docs/product.md §3): no automatic mail for one who said no to mail.
   */
  remindFollowed: boolean;
  /** How long before the start every reminder of this viewer is sent (minutes; decision 419). */
  remindBefore: ReminderLead;
  /** The viewer's time zone (IANA, from their browser): reminders name the start in it. */
  timeZone: string | null;
}

/** When a reminder goes: at the start, or 15 or 60 minutes before it (decision 419). */
export const REMINDER_LEADS = [0, 15, 60] as const;
export type ReminderLead = (typeof REMINDER_LEADS)[number];
/** Until the viewer chooses. */
export const DEFAULT_REMINDER_LEAD: ReminderLead = 15;

/** PUT follow settings: any of them; what is left out stays as it is. */
export interface FollowSettings {
  remindFollowed?: boolean;
  remindBefore?: ReminderLead;
  /** An IANA zone ("Asia/Kolkata"); an unknown one is 400 TIME_ZONE_UNKNOWN. */
  timeZone?: string;
}

export const FOLLOW_PATHS = {
  follows: 'api/v1/follows',
  settings: 'api/v1/follows/settings',
  reminders: 'api/v1/reminders',
} as const;

/** The longest team name a follow accepts (the catalog's titles are far shorter). */
export const TEAM_NAME_MAX_LENGTH = 80;

const segment = (value: string) => encodeURIComponent(value);

/** PUT (follow) or DELETE (unfollow). */
export const followPath = (kind: FollowKind, id: string) =>
  `${FOLLOW_PATHS.follows}/${kind}/${segment(id)}`;
/** PUT (remind me) or DELETE (no reminder). */
export const reminderPath = (eventId: string) => `${FOLLOW_PATHS.reminders}/${segment(eventId)}`;
/** The match as an iCalendar file (public: fixtures carry no viewer data). */
export const eventCalendarPath = (eventId: string) =>
  `api/v1/events/${segment(eventId)}/calendar.ics`;

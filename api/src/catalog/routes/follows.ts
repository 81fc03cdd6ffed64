/**
 * A viewer's follows and reminders (issue 23 §1, decision 275): follow or unfollow a team or a
 * league, opt in to reminders for followed teams, ask for ("Remind me") or take back a reminder.
 * Every answer is the viewer's whole ViewerFollows, so the page never reads it twice. Per viewer:
 * the full session check (authenticate), never cached.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { Static, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FOLLOW_KINDS, FOLLOW_PATHS, TEAM_NAME_MAX_LENGTH } from '@crease/contract';
import type { FollowKind, FollowSettings, ReminderLead, ViewerFollows } from '@crease/contract';
import { authenticate } from '../../accounts';
import { errorResponses } from '../../platform/http/error-schemas';
import { FollowsStore } from '../follows/follows-store';
import type { Follower } from '../follows/follows-store';
import { CatalogId, StringEnum } from '../schemas';

/** 0, 15 or 60 (REMINDER_LEADS), written out so the type keeps each value. */
const ReminderLeadSchema = Type.Union([Type.Literal(0), Type.Literal(15), Type.Literal(60)]);
// Fails to compile if REMINDER_LEADS and this schema part ways.
const _leads: ReminderLead extends Static<typeof ReminderLeadSchema> ? true : never = true;
void _leads;

const ViewerFollowsSchema = Type.Object({
  teams: Type.Array(Type.String()),
  leagues: Type.Array(Type.String()),
  reminders: Type.Array(Type.String()),
  remindFollowed: Type.Boolean(),
  remindBefore: ReminderLeadSchema,
  timeZone: Type.Union([Type.String(), Type.Null()]),
});

const FollowParams = Type.Object({
  kind: StringEnum(FOLLOW_KINDS),
  // A team's name or a leagueId; the store checks it names one (404 otherwise).
  id: Type.String({ minLength: 1, maxLength: TEAM_NAME_MAX_LENGTH }),
});
const EventParams = Type.Object({ eventId: CatalogId });
const SettingsBody = Type.Object(
  {
    remindFollowed: Type.Optional(Type.Boolean()),
    remindBefore: Type.Optional(ReminderLeadSchema),
    timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false, minProperties: 1 },
);

const answers = { 200: ViewerFollowsSchema, ...errorResponses };
const writeSecurity = [{ bearer: [], xsrf: [] }];

export async function followRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { services } = app;
  const store = new FollowsStore(services.database.db, services.clock);

  /** Who asks (401 without a live session); the answer is never stored by a cache. */
  const viewer = async (request: FastifyRequest, reply: FastifyReply): Promise<Follower> => {
    const user = await authenticate(request, services);
    reply.header('cache-control', 'private, no-store');
    return { id: user.id, emailSubscribe: user.emailSubscribe };
  };
  const change =
    (act: (who: Follower, request: FastifyRequest) => Promise<void>) =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<ViewerFollows> => {
      const who = await viewer(request, reply);
      await act(who, request);
      return store.read(who);
    };
  const followParams = (request: FastifyRequest) =>
    request.params as { kind: FollowKind; id: string };
  const eventId = (request: FastifyRequest) => (request.params as { eventId: string }).eventId;

  app.get(
    `/${FOLLOW_PATHS.follows}`,
    {
      schema: {
        tags: ['follows'],
        summary: 'The teams and leagues this viewer follows, their reminders and the opt-in',
        security: [{ bearer: [] }],
        response: answers,
      },
    },
    async (request, reply) => store.read(await viewer(request, reply)),
  );

  app.put(
    `/${FOLLOW_PATHS.settings}`,
    {
      config: { accepts: 'json', idempotent: true },
      schema: {
        tags: ['follows'],
        summary: 'Reminder settings: the followed-teams opt-in, how long before, the time zone',
        description:
          "Any of remindFollowed (until set, the registration's emailSubscribe), remindBefore (0, 15 or 60 minutes; 15 until set) and timeZone (IANA; 400 TIME_ZONE_UNKNOWN otherwise); what is left out stays (decision 419).",
        security: writeSecurity,
        body: SettingsBody,
        response: answers,
      },
    },
    change((who, request) => store.setSettings(who, request.body as FollowSettings)),
  );

  /**
   * A follow or reminder write: idempotent (a retry answers the same), changes one thing for the
   * viewer, and answers their whole ViewerFollows.
   */
  const write = (
    method: 'PUT' | 'DELETE',
    path: string,
    params: typeof FollowParams | typeof EventParams,
    docs: { summary: string; description?: string },
    act: (who: Follower, request: FastifyRequest) => Promise<void>,
  ) =>
    app.route({
      method,
      url: `/${path}`,
      config: { idempotent: true },
      schema: { tags: ['follows'], ...docs, security: writeSecurity, params, response: answers },
      handler: change(act),
    });

  const followPath = `${FOLLOW_PATHS.follows}/:kind/:id`;
  write(
    'PUT',
    followPath,
    FollowParams,
    {
      summary: 'Follow a team (by name) or a league (by leagueId)',
      description: '404 TEAM_NOT_FOUND or LEAGUE_NOT_FOUND when nothing on Crease has it.',
    },
    (who, request) => store.follow(who, followParams(request).kind, followParams(request).id),
  );
  write(
    'DELETE',
    followPath,
    FollowParams,
    { summary: 'Stop following a team or a league' },
    (who, request) => store.unfollow(who, followParams(request).kind, followParams(request).id),
  );

  const reminderPath = `${FOLLOW_PATHS.reminders}/:eventId`;
  write(
    'PUT',
    reminderPath,
    EventParams,
    {
      summary: 'Remind me: an email when this match starts',
      description:
        '404 EVENT_NOT_FOUND; 409 REMINDER_TOO_LATE once the match has started or is over. Sent once, by the reminder job (decision 275); dropped if the match is cancelled or abandoned.',
    },
    (who, request) => store.remind(who, eventId(request)),
  );
  write(
    'DELETE',
    reminderPath,
    EventParams,
    { summary: 'Take back a reminder that has not been sent' },
    (who, request) => store.unremind(who, eventId(request)),
  );
}

/**
 * Scoring suites' setup (issue 33 §3): an API on a fixed clock with an operator token, a league
 * and a T20 match made through the operator API, a signed-in viewer (reads the timeline), and an
 * admin with a scorer, a producer and a support member. Call inside a describe.
 */
import crypto from 'node:crypto';
import { CATALOG_PATHS, scoringActionsPath } from '@crease/contract';
import type {
  EventTimeline,
  ScoringAccepted,
  ScoringAction,
  ScoringState,
  StaffRole,
} from '@crease/contract';
import { OPERATOR_ENV, OPERATOR_TOKEN } from './catalog-suite';
import { testEvent, testLeague } from './catalog-fixtures';
import { makeStaff, seedAdmin, staffBearer } from './staff-helpers';
import type { StaffLogin } from './staff-helpers';
import { uniqueEmail } from './test-api';
import type { ApiClient, ApiHost, CallOptions, RunningApi } from './test-api';

export const S0 = new Date('2026-07-01T14:00:00.000Z');
const operator: CallOptions = { bearer: OPERATOR_TOKEN, xsrf: false };
let matches = 0;

export function scoringSuite(host: () => ApiHost) {
  let api: RunningApi;
  let client: ApiClient;
  let viewer: CallOptions;
  const staff = {} as Record<StaffRole, StaffLogin>;
  const leagueId = `scoring-league-${crypto.randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    api = await host().start(OPERATOR_ENV, { clock: S0 });
    client = api.client();
    const league = testLeague({ leagueId, caption: 'Scoring', description: 'Scored by hand.' });
    expect(
      (await client.postJson(`/${CATALOG_PATHS.operatorLeagues}`, league, operator)).status,
    ).toBe(201);
    const email = uniqueEmail('scoring-viewer');
    expect((await client.register(email, 'correct horse battery')).status).toBe(201);
    viewer = { bearer: (await client.signIn(email, 'correct horse battery')).body.access_token };
    staff.admin = await seedAdmin(host(), client);
    for (const role of ['scorer', 'producer', 'support'] as const)
      staff[role] = await makeStaff(client, staff.admin, role);
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  /** A new scheduled T20 between NOW and SOF, starting at S0. */
  const newMatch = async (): Promise<string> => {
    matches += 1;
    const eventId = `${leagueId}-m${matches}`;
    const body = testEvent({
      eventId,
      leagueId,
      title: `Scored match ${matches}`,
      start: S0,
      end: new Date(S0.getTime() + 4 * 3_600_000),
    });
    const made = await client.postJson(`/${CATALOG_PATHS.operatorEvents}`, body, operator);
    expect(made.status).toBe(201);
    return eventId;
  };

  const as = (role: StaffRole) => staffBearer(staff[role].token);
  const post = (eventId: string, body: unknown, options: CallOptions = as('scorer')) =>
    client.postJson<ScoringAccepted & { code?: string; message?: string; currentSeq?: number }>(
      `/${scoringActionsPath(eventId)}`,
      body,
      options,
    );
  const state = (eventId: string, options: CallOptions = as('scorer')) =>
    client.get<ScoringState>(`/${scoringActionsPath(eventId)}`, options);
  /** Records `action` at the match's current seq; fails the test unless it is recorded. */
  const record = async (eventId: string, action: ScoringAction, pictureTime?: string) => {
    const { body } = await state(eventId);
    const res = await post(eventId, {
      ballId: crypto.randomUUID(),
      expectedSeq: body.seq,
      action,
      ...(pictureTime ? { pictureTime } : {}),
    });
    if (res.status !== 201) throw new Error(`record ${action.kind}: ${res.status} ${res.text}`);
    return res.body;
  };
  const timeline = (eventId: string) =>
    client.get<EventTimeline>(`/${CATALOG_PATHS.events}/${eventId}/timeline`, viewer);

  return {
    get api() {
      return api;
    },
    get client() {
      return client;
    },
    get viewer() {
      return viewer;
    },
    staff,
    as,
    newMatch,
    post,
    state,
    record,
    timeline,
  };
}

export const OPENING: ScoringAction = {
  kind: 'inningsStart',
  battingTeam: 'NOW',
  striker: 'Rahul',
  nonStriker: 'Gill',
  bowler: 'Khan',
};
export const runs = (n: 0 | 1 | 2 | 3 | 4 | 5 | 6): ScoringAction => ({
  kind: 'ball',
  delivery: { kind: 'runs', runs: n },
});

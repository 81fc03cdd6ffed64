/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
/**
 * The scorer's screen against the real API (issue 33 §3, decisions 443 and 446): an innings
 * scored from the keyboard (runs, an armed wide, a wicket form, undo); balls pressed while the
 * network is down wait in the local queue, survive a reload and are sent once when it returns;
 * garbage in the queue's storage is skipped; another scorer's ball first is a conflict the
 * scorer resolves; a match scheduled after the list was read appears on "Refresh the list".
 * Only the network's failure is simulated: the API and its database are real.
 */
import crypto from 'node:crypto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATALOG_PATHS, scoringActionsPath } from '@crease/contract';
import type { ScoringState } from '@crease/contract';
import { OPERATOR_ENV, OPERATOR_TOKEN } from 'api/testing/catalog-suite';
import { testEvent, testLeague } from 'api/testing/catalog-fixtures';
import { makeStaff, seedAdmin, staffBearer } from 'api/testing/staff-helpers';
import type { StaffLogin } from 'api/testing/staff-helpers';
import { ApiHost } from 'api/testing/test-api';
import type { RunningApi } from 'api/testing/test-api';
import { OpsConsole } from './ops-console';
import { queueKey, readQueue } from './scoring/score-queue';
import { signIn } from './testing/ops-fixture';

let host: ApiHost;
let api: RunningApi;
let admin: StaffLogin;
const operator = { bearer: OPERATOR_TOKEN, xsrf: false };
let matches = 0;

beforeAll(async () => {
  host = await ApiHost.launch(null);
  api = await host.start(OPERATOR_ENV);
  admin = await seedAdmin(host, api.client());
  const league = testLeague({ leagueId: 'console-scoring', caption: 'C', description: 'C' });
  await api.client().postJson(`/${CATALOG_PATHS.operatorLeagues}`, league, operator);
}, 60_000);
afterAll(async () => {
  await api?.close();
  await host?.close();
});
afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  offline = false;
});

// The network's failure, and nothing else: while `offline`, every request fails as fetch does.
let offline = false;
const realFetch = globalThis.fetch;
globalThis.fetch = ((...args: Parameters<typeof fetch>) =>
  offline ? Promise.reject(new TypeError('Failed to fetch')) : realFetch(...args)) as typeof fetch;

async function newMatch(): Promise<string> {
  matches += 1;
  const eventId = `console-scoring-m${matches}`;
  const start = new Date(Date.now() + 3_600_000);
  const body = testEvent({
    eventId,
    leagueId: 'console-scoring',
    title: `Console match ${matches}`,
    start,
    end: new Date(start.getTime() + 4 * 3_600_000),
  });
  expect(
    (await api.client().postJson(`/${CATALOG_PATHS.operatorEvents}`, body, operator)).status,
  ).toBe(201);
  return eventId;
}

const serverState = async (eventId: string, as: StaffLogin) =>
  (await api.client().get<ScoringState>(`/${scoringActionsPath(eventId)}`, staffBearer(as.token)))
    .body;

async function openMatch(scorer: StaffLogin) {
  const user = await signIn(api.origin, scorer);
  await user.click(await screen.findByRole('button', { name: `Score Console match ${matches}` }));
  await screen.findByRole('region', { name: 'Keypad' });
  return user;
}

async function startInnings(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Start an innings' }));
  await user.type(screen.getByLabelText('Striker'), 'Rahul');
  await user.type(screen.getByLabelText('Non-striker'), 'Gill');
  await user.type(screen.getByLabelText('Bowler'), 'Khan{Enter}');
  await screen.findByText('NOW 0/0 (0)');
}

const score = () => screen.getByRole('region', { name: 'Score' });

describe("the scorer's screen", () => {
  it('shows a match scheduled after the screen opened once the scorer refreshes the list', async () => {
    const user = await signIn(api.origin, admin);
    await user.click(await screen.findByRole('button', { name: 'Scoring' }));
    await screen.findByRole('region', { name: 'Matches' });
    await waitFor(() => expect(screen.queryByText('Loading matches…')).not.toBeInTheDocument());
    await newMatch();
    expect(screen.queryByRole('button', { name: `Score Console match ${matches}` })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Refresh the list' }));
    expect(
      await screen.findByRole('button', { name: `Score Console match ${matches}` }),
    ).toBeInTheDocument();
  });

  it('scores from the keyboard: runs, an armed wide, a wicket form and undo', async () => {
    const eventId = await newMatch();
    const scorer = await makeStaff(api.client(), admin, 'scorer');
    const user = await openMatch(scorer);
    await startInnings(user);

    await user.keyboard('4');
    expect(await within(score()).findByText('NOW 4/0 (0.1)')).toBeInTheDocument();
    await user.keyboard('w');
    expect(screen.getByText(/Wide: press the runs/)).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(await within(score()).findByText('NOW 5/0 (0.1)')).toBeInTheDocument();
    await user.keyboard('1');
    await within(score()).findByText('NOW 6/0 (0.2)');
    await user.keyboard('x');
    const form = await screen.findByRole('form', { name: 'Wicket' });
    await user.type(within(form).getByLabelText('Fielder'), 'Smith');
    await user.type(within(form).getByLabelText('New batter'), 'Kohli{Enter}');
    expect(await within(score()).findByText('NOW 6/1 (0.3)')).toBeInTheDocument();
    const over = within(score()).getByRole('list', { name: 'This over' });
    expect(
      within(over)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['4', '1wd', '1', 'W']);
    expect(within(score()).getByRole('list', { name: 'Batters' })).toHaveTextContent('Kohli');

    await user.keyboard('u');
    expect(await within(score()).findByText('NOW 6/0 (0.2)')).toBeInTheDocument();
    expect(screen.getByText(/picture runs/)).toHaveTextContent('1.65 s behind live');
    // Keys faster than the network: each press waits its turn and none is left behind.
    await user.keyboard('002');
    expect(await within(score()).findByText('NOW 8/0 (0.5)')).toBeInTheDocument();
    expect(await screen.findByText('Every ball is sent.')).toBeInTheDocument();
    const server = await serverState(eventId, scorer);
    expect(server.scoreSummary).toBe('NOW 8/0 (0.5)');
    expect(server.recent[3]).toMatchObject({ action: { kind: 'undo' } });
  });

  it('keeps balls pressed offline through a reload and sends them once when the network is back', async () => {
    const eventId = await newMatch();
    const scorer = await makeStaff(api.client(), admin, 'scorer');
    const user = await openMatch(scorer);
    await startInnings(user);

    offline = true;
    await user.keyboard('4');
    await user.keyboard('6');
    expect(await screen.findByText('2 balls waiting to send: 4, 6')).toBeInTheDocument();
    expect(await screen.findByText('Offline')).toBeInTheDocument();
    expect(readQueue(eventId)).toHaveLength(2);

    // A reload: the tab is gone, the queue is not.
    cleanup();
    expect(readQueue(eventId).map((p) => p.action)).toEqual([
      { kind: 'ball', delivery: { kind: 'runs', runs: 4 } },
      { kind: 'ball', delivery: { kind: 'runs', runs: 6 } },
    ]);
    offline = false;
    render(<OpsConsole apiOrigin={api.origin} />);
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: `Score Console match ${matches}` }));
    expect(
      await within(await screen.findByRole('region', { name: 'Score' })).findByText(
        'NOW 10/0 (0.2)',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Every ball is sent.')).toBeInTheDocument();
    expect(localStorage.getItem(queueKey(eventId))).toBeNull();
    const server = await serverState(eventId, scorer);
    expect(server.seq).toBe(3);
    expect(server.recent.filter((e) => e.action.kind === 'ball')).toHaveLength(2);
  });

  it('skips garbage in the stored queue instead of failing', async () => {
    const eventId = await newMatch();
    const scorer = await makeStaff(api.client(), admin, 'scorer');
    localStorage.setItem(
      queueKey(eventId),
      JSON.stringify([
        null,
        { ballId: 'x' },
        { ballId: crypto.randomUUID(), pictureTime: 'soon', action: { kind: 'undo' } },
        'text',
      ]),
    );
    expect(readQueue(eventId)).toEqual([]);
    localStorage.setItem(queueKey(eventId), '{not json');
    expect(readQueue(eventId)).toEqual([]);
    const user = await openMatch(scorer);
    expect(await screen.findByText('Every ball is sent.')).toBeInTheDocument();
    await startInnings(user);
  });

  it("shows a conflict when another scorer recorded first, and sends the scorer's ball after theirs", async () => {
    const eventId = await newMatch();
    const scorer = await makeStaff(api.client(), admin, 'scorer');
    const user = await openMatch(scorer);
    await startInnings(user);
    // The second scorer records a six from another console.
    const other = await api.client().postJson(
      `/${scoringActionsPath(eventId)}`,
      {
        ballId: crypto.randomUUID(),
        expectedSeq: 1,
        action: { kind: 'ball', delivery: { kind: 'runs', runs: 6 } },
      },
      staffBearer(admin.token),
    );
    expect(other.status).toBe(201);
    await user.keyboard('1');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Another scorer recorded first');
    expect(alert).toHaveTextContent('sequence 2');
    expect(await within(score()).findByText('NOW 6/0 (0.1)')).toBeInTheDocument();
    expect(screen.getByText('1 ball waiting to send: 1')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Send mine after theirs' }));
    expect(await within(score()).findByText('NOW 7/0 (0.2)')).toBeInTheDocument();
    await waitFor(() => expect(readQueue(eventId)).toEqual([]));
  });

  it('shows its designed error state when the matches cannot be loaded, and retries', async () => {
    await newMatch();
    const user = await signIn(api.origin, admin);
    await screen.findByRole('navigation', { name: 'Console' });
    offline = true;
    await user.click(screen.getByRole('button', { name: 'Scoring' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The matches could not be loaded');
    expect(alert).toHaveTextContent('API_UNREACHABLE');
    offline = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('button', { name: `Score Console match ${matches}` }),
    ).toBeInTheDocument();
  });
});

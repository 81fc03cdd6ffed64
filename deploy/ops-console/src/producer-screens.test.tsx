/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
/**
 * The producer's screens against the real API (issue 33 §2): the schedule's empty state, a league
 * and a match made through the forms (the start in the producer's zone with UTC beside it), an
 * edit, a postponement and a cancellation that asks first; the live screen's empty ingest health
 * ("no encoder connected"), go live, the slate's designed error on an API without an ingest
 * server, and the end of the stream behind a confirmation. The audit names the producer.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeStaff, signIn, startOpsApi, stopOpsApi } from './testing/ops-fixture';
import type { OpsApi } from './testing/ops-fixture';

let ops: OpsApi;
beforeAll(async () => {
  ops = await startOpsApi();
}, 60_000);
afterAll(() => stopOpsApi(ops));
afterEach(() => sessionStorage.clear());

describe('producer screens', () => {
  it('schedules a league and a match, edits, postpones and cancels it (asking first)', async () => {
    const producer = await makeStaff(ops.api.client(), ops.admin, 'producer');
    const user = await signIn(ops.api.origin, producer);
    await user.click(await screen.findByRole('button', { name: 'Schedule' }));
    const matches = await screen.findByRole('region', { name: 'Matches' });
    expect(
      await within(matches).findByText('Nothing scheduled', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New league' }));
    const leagueForm = screen.getByRole('form', { name: 'New league' });
    await user.type(within(leagueForm).getByLabelText(/League id/), 'producer-cup');
    await user.type(within(leagueForm).getByLabelText(/League name/), 'Producer Cup');
    await user.type(within(leagueForm).getByLabelText(/Description/), 'Made in the console.');
    await within(leagueForm).findByRole('option', { name: 'crease-premier-league' });
    await user.click(within(leagueForm).getByRole('button', { name: 'Create league' }));
    expect(await screen.findByText('Producer Cup created.')).toBeInTheDocument();

    const newMatch = screen.getByRole('button', { name: 'New match' });
    // Enabled once the schedule has been read again with the new league.
    await waitFor(() => expect(newMatch).toBeEnabled());
    await user.click(newMatch);
    const form = screen.getByRole('form', { name: 'New match' });
    const field = (label: RegExp, value: string) =>
      fireEvent.change(within(form).getAllByLabelText(label)[0]!, { target: { value } });
    field(/Match id/, 'owls-v-foxes');
    field(/Title/, 'Owls v Foxes');
    const names = within(form).getAllByLabelText(/Team name/);
    const shorts = within(form).getAllByLabelText(/Short name/);
    fireEvent.change(names[0]!, { target: { value: 'Northern Owls' } });
    fireEvent.change(shorts[0]!, { target: { value: 'NOW' } });
    fireEvent.change(names[1]!, { target: { value: 'Southern Foxes' } });
    fireEvent.change(shorts[1]!, { target: { value: 'NOW' } });
    field(/Venue name/, 'Headingley');
    field(/Venue city/, 'Leeds');
    field(/Venue country/, 'England');
    field(/Channel id/, 'ch-owls');
    field(/^Start/, '2031-06-01T15:00');
    field(/Estimated end/, '2031-06-01T19:00');
    // The zone is named and the UTC time shown beside it as the producer types (in a browser
    // set to UTC, as this machine may be, the time is said once).
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const utc = new Date('2031-06-01T15:00').toISOString().slice(11, 16);
    const shown = /^(Etc\/)?(UTC|GMT|Universal|Zulu)$/.test(zone)
      ? '15:00 UTC'
      : `15:00 ${zone} · ${utc} UTC`;
    expect(within(form).getByText(shown, { exact: false })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Schedule match' }));
    // The API's rule, naming the field; nothing is lost from the form.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Field "teams.1.shortName" must differ from the other team’s.',
    );
    fireEvent.change(shorts[1]!, { target: { value: 'SOF' } });
    await user.click(within(form).getByRole('button', { name: 'Schedule match' }));
    expect(await screen.findByText('Owls v Foxes is on the schedule.')).toBeInTheDocument();
    const row = (await within(matches).findByText('Owls v Foxes')).closest('tr')!;
    expect(row).toHaveTextContent('Scheduled');

    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const edit = screen.getByRole('form', { name: 'Edit match' });
    fireEvent.change(within(edit).getByLabelText(/Title/), {
      target: { value: 'Owls v Foxes (final)' },
    });
    await user.click(within(edit).getByRole('button', { name: 'Save match' }));
    expect(await screen.findByText('Owls v Foxes (final) saved.')).toBeInTheDocument();

    // Each change reads the schedule again: the row is found afresh.
    const edited = async () => (await screen.findByText('Owls v Foxes (final)')).closest('tr')!;
    await user.click(within(await edited()).getByRole('button', { name: 'Postpone' }));
    expect(await screen.findByText('Owls v Foxes (final): postponed.')).toBeInTheDocument();
    await user.click(within(await edited()).getByRole('button', { name: 'Cancel match' }));
    await user.click(within(await edited()).getByRole('button', { name: 'Keep it' }));
    await user.click(within(await edited()).getByRole('button', { name: 'Cancel match' }));
    await user.click(within(await edited()).getByRole('button', { name: /for good/ }));
    expect(await screen.findByText('Owls v Foxes (final): cancelled.')).toBeInTheDocument();
    const audit = await ops.host.query<{ actor: string; action: string }>(
      "SELECT actor, action FROM staff_audit WHERE subject = 'event:owls-v-foxes' ORDER BY id",
    );
    expect(audit.map((a) => a.action)).toEqual([
      'catalog.event.create',
      'catalog.event.update',
      'catalog.event.state',
      'catalog.event.state',
    ]);
    expect(new Set(audit.map((a) => a.actor))).toEqual(new Set([`staff:${producer.id}`]));
  }, 60_000);

  it('shows empty ingest health, goes live, says why the slate cannot go up, and ends after confirming', async () => {
    const client = ops.api.client();
    const producer = await makeStaff(client, ops.admin, 'producer');
    const operator = { bearer: producer.token, xsrf: false };
    await client.postJson(
      '/api/v1/operator/events',
      {
        eventId: 'live-desk-match',
        leagueId: 'producer-cup',
        title: 'Desk Match',
        teams: [
          {
            name: 'Alpha',
            shortName: 'ALP',
            colours: { primary: '#112233', secondary: '#ffffff' },
          },
          { name: 'Beta', shortName: 'BET', colours: { primary: '#aa3300', secondary: '#000000' } },
        ],
        venue: { name: 'Oval', city: 'London', country: 'England' },
        format: 't20',
        startTime: '2031-07-01T14:00:00Z',
        estimatedEnd: '2031-07-01T18:00:00Z',
        channelId: 'ch-desk',
      },
      operator,
    );
    const user = await signIn(ops.api.origin, producer);
    await user.click(await screen.findByRole('button', { name: 'Live' }));
    await user.selectOptions(await screen.findByLabelText('Match'), 'live-desk-match');
    const health = screen.getByRole('region', { name: 'Ingest health' });
    expect(await within(health).findByText('No encoder connected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go live' }));
    expect(await screen.findByText('Desk Match is live.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Live now' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Put up the slate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('INGEST_NOT_RUNNING');

    await user.click(screen.getByRole('button', { name: 'End the stream…' }));
    const confirm = screen.getByRole('form', { name: 'End the stream' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep streaming' }));
    expect(screen.queryByRole('form', { name: 'End the stream' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'End the stream…' }));
    await user.type(screen.getByLabelText(/Result/), 'Alpha won by 9 runs');
    await user.click(screen.getByRole('button', { name: 'End the stream now' }));
    expect(await screen.findByText('Desk Match has ended.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'End the stream…' })).toBeDisabled();
  }, 60_000);
});

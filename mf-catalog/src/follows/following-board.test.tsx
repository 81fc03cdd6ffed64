/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sendJson, testServerForFile } from '@crease/test-utils';
import type { League, ViewerFollows } from '@crease/contract';
import { EventsScreen } from '../events/events-screen';
import {
  CHENNAI,
  LEEDS,
  LONDON,
  MUMBAI,
  catalogApi,
  catalogEvent,
  league,
} from '../testing/catalog-fixtures';
import { followsApi, noFollows } from '../testing/follows-api';
import { eventsProps, testPlatform } from '../testing/test-platform';
import { localDay } from './board-view';
import { NARROW_SCREEN } from './filters-disclosure';

const HOUR = 3_600_000;
// Each click waits for a real HTTP round trip; on a busy machine that can take over a second.
configure({ asyncUtilTimeout: 5_000 });
const server = testServerForFile();
let follows: ViewerFollows;

/** County Cup's London v Leeds starts first; Premier League's Mumbai v Chennai three hours later. */
function fixtures(now: number): League[] {
  return [
    league('county-cup', 'County Cup', [
      catalogEvent('lon-lee', 'county-cup', [LONDON, LEEDS], now + 2 * HOUR),
    ]),
    league('premier-league', 'Premier League', [
      catalogEvent('mum-che', 'premier-league', [MUMBAI, CHENNAI], now + 5 * HOUR),
      catalogEvent('mum-che-later', 'premier-league', [MUMBAI, CHENNAI], now + 50 * HOUR),
    ]),
  ];
}

function renderEvents(search = '') {
  const props = eventsProps(testPlatform(server.origin), search);
  const view = render(<EventsScreen {...props} />);
  return { ...view, props, user: userEvent.setup() };
}

const upcomingTitles = () =>
  within(screen.getByRole('region', { name: /coming up/i }))
    .getAllByRole('article')
    .map((card) => within(card).getByRole('heading').textContent);

describe('/events: follow, remind, calendar, filters (issue 23 §1)', () => {
  let leagues: League[];
  beforeEach(() => {
    leagues = fixtures(Date.now());
    follows = noFollows();
    server.handle(
      followsApi(
        follows,
        [MUMBAI.name, CHENNAI.name, LONDON.name, LEEDS.name],
        catalogApi(() => leagues),
      ),
    );
  });

  it('following a team puts its matches first and keeps the button pressed', async () => {
    const { user } = renderEvents();
    const follow = await screen.findAllByRole('button', {
      name: 'Follow Chennai Cyclones',
      pressed: false,
    });
    expect(upcomingTitles()[0]).toBe('London Lions v Leeds Larks');

    await user.click(follow[0]!);

    await waitFor(() =>
      expect(
        screen.getAllByRole('button', { name: 'Follow Chennai Cyclones', pressed: true }),
      ).toHaveLength(2),
    );
    expect(upcomingTitles()).toEqual([
      'Mumbai Monsoons v Chennai Cyclones',
      'Mumbai Monsoons v Chennai Cyclones',
      'London Lions v Leeds Larks',
    ]);
    const put = server.requests.find((r) => r.method === 'PUT');
    expect(put?.url).toBe('/api/v1/follows/team/Chennai%20Cyclones');

    await user.click(screen.getAllByRole('button', { name: 'Follow Chennai Cyclones' })[0]!);
    await waitFor(() =>
      expect(
        screen.queryAllByRole('button', { name: 'Follow Chennai Cyclones', pressed: true }),
      ).toHaveLength(0),
    );
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(true);
  });

  it('a league is followed from its own view', async () => {
    const { user } = renderEvents('?league=county-cup');
    await user.click(
      await screen.findByRole('button', { name: 'Follow County Cup', pressed: false }),
    );
    expect(
      await screen.findByRole('button', { name: 'Follow County Cup', pressed: true }),
    ).toBeVisible();
    expect(follows.leagues).toEqual(['county-cup']);
  });

  it('"Following" is kept in the URL and shows only followed matches', async () => {
    follows.teams = [LONDON.name];
    const first = renderEvents();
    await first.user.click(
      await screen.findByRole('button', { name: 'Following', pressed: false }),
    );
    expect(first.props.navigate).toHaveBeenLastCalledWith('/events?following=1', { replace: true });
    first.unmount();

    renderEvents('?following=1');
    await screen.findByRole('button', { name: 'Following', pressed: true });
    expect(upcomingTitles()).toEqual(['London Lions v Leeds Larks']);
  });

  it('the team search and the date are kept in the URL, with the league', async () => {
    const { user, props, unmount } = renderEvents('?league=premier-league');
    const search = await screen.findByRole('searchbox', { name: 'Search by team' });
    await user.type(search, 'che');
    expect(search).toHaveValue('che');
    expect(props.navigate).toHaveBeenLastCalledWith('/events?league=premier-league&team=che', {
      replace: true,
    });
    unmount();

    renderEvents('?team=lee');
    await screen.findByRole('region', { name: /coming up/i });
    expect(upcomingTitles()).toEqual(['London Lions v Leeds Larks']);
    expect(screen.getByRole('searchbox', { name: 'Search by team' })).toHaveValue('lee');
  });

  it('choosing a league keeps the other filters, and "All leagues" keeps them too', async () => {
    renderEvents('?following=1&team=lee');
    const leagues = await screen.findByRole('navigation', { name: 'Leagues' });
    expect(within(leagues).getByRole('link', { name: 'County Cup' })).toHaveAttribute(
      'href',
      '/events?following=1&team=lee&league=county-cup',
    );
    expect(within(leagues).getByRole('link', { name: 'All leagues' })).toHaveAttribute(
      'href',
      '/events?following=1&team=lee',
    );
  });

  it('a date shows that day’s matches only; no match that day says so and clears', async () => {
    const later = leagues[1]!.events[1]!;
    const day = localDay(later.startTime);
    const { user, props } = renderEvents(`?date=${day}`);
    await screen.findByRole('region', { name: /coming up/i });
    expect(upcomingTitles().length).toBeGreaterThanOrEqual(1);
    expect(screen.getByLabelText('Date')).toHaveValue(day);
    for (const title of upcomingTitles()) expect(title).toBe('Mumbai Monsoons v Chennai Cyclones');

    props.navigate.mockClear();
    const empty = renderEvents('?date=2001-01-01');
    await user.click(await within(empty.container).findByRole('button', { name: 'Clear filters' }));
    expect(empty.props.navigate).toHaveBeenLastCalledWith('/events', { replace: true });
  });

  it('"Remind me" and the reminder opt-in are saved; "Add to calendar" links the match’s file', async () => {
    const { user } = renderEvents();
    const remind = await screen.findByRole('button', {
      name: 'Remind me about London Lions v Leeds Larks',
      pressed: false,
    });
    await user.click(remind);
    expect(
      await screen.findByRole('button', {
        name: 'Remind me about London Lions v Leeds Larks',
        pressed: true,
      }),
    ).toBeVisible();
    expect(follows.reminders).toEqual(['lon-lee']);

    const optIn = screen.getByRole('checkbox', {
      name: 'Email me when a team I follow starts a match',
    });
    expect(optIn).not.toBeChecked();
    await user.click(optIn);
    await waitFor(() => expect(optIn).toBeChecked());
    const sent = server.requests
      .filter((r) => r.url === '/api/v1/follows/settings')
      .map((r) => JSON.parse(r.body) as unknown);
    // "Remind me" told the API the browser's zone once (the reminder names the start in it:
    // decision 419); the opt-in carries it too.
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(sent).toEqual([{ timeZone }, { remindFollowed: true, timeZone }]);
    // When reminders go: 15 minutes before until the viewer chooses.
    const lead = screen.getByRole('combobox', { name: 'Send my reminders' });
    expect(lead).toHaveValue('15');
    await user.selectOptions(lead, '1 hour before');
    await waitFor(() => expect(follows.remindBefore).toBe(60));
    expect(lead).toHaveValue('60');

    const calendar = screen.getByRole('link', {
      name: 'Add to calendar for London Lions v Leeds Larks',
    });
    expect(calendar).toHaveAttribute('href', `${server.origin}/api/v1/events/lon-lee/calendar.ics`);
  });

  it('the reminder opt-in changes on the click, before the API answers; a refusal puts it back', async () => {
    // The API holds each settings answer until the test lets it go.
    const held: (() => void)[] = [];
    let refuse = false;
    const api = followsApi(
      follows,
      [],
      catalogApi(() => leagues),
    );
    server.handle((request, response) => {
      if (!request.url.endsWith('/follows/settings')) return api(request, response);
      held.push(() =>
        refuse
          ? sendJson(response, 503, {
              code: 'SERVICE_UNAVAILABLE',
              userId: null,
              message: 'Crease is busy. Try again in a moment.',
              timeStamp: new Date().toISOString(),
            })
          : api(request, response),
      );
    });
    const { user } = renderEvents();
    const optIn = await screen.findByRole('checkbox', {
      name: 'Email me when a team I follow starts a match',
    });
    await user.click(optIn);
    expect(optIn).toBeChecked();
    await waitFor(() => expect(held).toHaveLength(1));
    held.shift()?.();
    await waitFor(() => expect(follows.remindFollowed).toBe(true));
    expect(optIn).toBeChecked();

    refuse = true;
    await user.click(optIn);
    expect(optIn).not.toBeChecked();
    await waitFor(() => expect(held).toHaveLength(1));
    held.shift()?.();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not change your reminder setting just now.',
    );
    expect(optIn).toBeChecked();
  });

  it('on a phone the filters fold behind one button, open while a filter is in use', async () => {
    // A phone's width, as the browser's media query reports it.
    const matchMedia = jest.fn((query: string) => ({
      matches: query === NARROW_SCREEN,
      media: query,
      addEventListener: jest.fn(),
      removeEventListener: jest.fn(),
    }));
    Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true });
    try {
      const { user, unmount } = renderEvents();
      const filters = await screen.findByRole('button', { name: 'Filters', expanded: false });
      expect(screen.queryByRole('search', { name: 'Find matches' })).not.toBeInTheDocument();
      await user.click(filters);
      expect(screen.getByRole('search', { name: 'Find matches' })).toBeVisible();
      expect(screen.getByRole('button', { name: 'Hide filters', expanded: true })).toBeVisible();
      unmount();

      renderEvents('?team=Mumbai');
      expect(await screen.findByRole('search', { name: 'Find matches' })).toBeVisible();
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });

  it('a refused follow says why, and nothing changes', async () => {
    leagues = [
      league('county-cup', 'County Cup', [
        catalogEvent(
          'x-y',
          'county-cup',
          [{ ...LONDON, name: 'Nobody United' }, LEEDS],
          Date.now() + HOUR,
        ),
      ]),
    ];
    const { user } = renderEvents();
    await user.click(await screen.findByRole('button', { name: 'Follow Nobody United' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No match on Crease has a team by that name.',
    );
    expect(
      screen.getByRole('button', { name: 'Follow Nobody United', pressed: false }),
    ).toBeVisible();
  });
});

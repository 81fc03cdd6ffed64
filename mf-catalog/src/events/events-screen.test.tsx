/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sendJson, testServerForFile } from '@crease/test-utils';
import type { League } from '@crease/contract';
import {
  CHENNAI,
  MUMBAI,
  catalogApi,
  catalogEvent,
  demoLeagues,
  league,
} from '../testing/catalog-fixtures';
import { eventsProps, testPlatform } from '../testing/test-platform';
import { EventsScreen } from './events-screen';

const server = testServerForFile();
let leagues: League[] = [];

function renderEvents(search = '', pollMs?: number) {
  const props = eventsProps(testPlatform(server.origin), search);
  const view = render(<EventsScreen {...props} pollMs={pollMs} />);
  return { ...view, props, user: userEvent.setup() };
}

const section = (name: string | RegExp) => screen.getByRole('region', { name });

describe('/events', () => {
  beforeEach(() => {
    leagues = demoLeagues(Date.now());
    server.handle(catalogApi(() => leagues));
  });

  it('shows live matches first, then upcoming, then results', async () => {
    renderEvents();

    await screen.findByRole('heading', { level: 2, name: /live now/i });
    const headings = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(headings.slice(0, 3)).toEqual(['Live now 1', 'Coming up 2', 'Results 2']);
    expect(screen.getByRole('heading', { level: 1, name: 'Matches' })).toBeVisible();
  });

  it('a live match has the LIVE badge, the score, the batting side, the play state and Watch', async () => {
    const { props, user } = renderEvents();

    const live = within(await screen.findByRole('region', { name: /live now/i }));
    const card = within(live.getByRole('article', { name: 'Mumbai Monsoons v Chennai Cyclones' }));
    expect(card.getByText('Live')).toBeVisible();
    expect(card.getByText('142/3')).toBeVisible();
    expect(card.getByText('Mumbai Monsoons batting')).toBeVisible();
    expect(card.getByText('Yet to bat')).toBeVisible();
    expect(card.getByText('In play')).toBeVisible();

    const watch = card.getByRole('link', { name: 'Watch Mumbai Monsoons v Chennai Cyclones' });
    expect(watch).toHaveAttribute('href', '/player?event=mum-che');
    await user.click(watch);
    expect(props.navigate).toHaveBeenCalledWith('/player?event=mum-che');
  });

  it('an upcoming match shows its start in local time with a countdown inside 24 hours', async () => {
    renderEvents();

    const upcoming = within(await screen.findByRole('region', { name: /coming up/i }));
    const soon = within(
      upcoming.getByRole('article', { name: 'Chennai Cyclones v Mumbai Monsoons' }),
    );
    const start = leagues[0]!.events[1]!.startTime;
    expect(soon.getByText(/Starts in 2 hr (29|30) min/)).toBeVisible();
    const time = soon.getByText((_, element) => element?.tagName === 'TIME');
    expect(time).toHaveAttribute('datetime', start);
    // The time as this machine's zone writes it (the e2e test checks two named zones).
    const local = new Date(start).toLocaleTimeString(undefined, {
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(time).toHaveTextContent(local);
    expect(upcoming.queryByRole('link', { name: /watch/i })).toBeNull();

    const nextWeek = within(
      upcoming.getByRole('article', { name: 'Mumbai Monsoons v Chennai Cyclones' }),
    );
    expect(nextWeek.queryByText(/starts in/i)).toBeNull();
  });

  it('a finished match shows its result, newest first (a replay once asked)', async () => {
    const { user } = renderEvents();

    const results = within(await screen.findByRole('region', { name: /results/i }));
    const cards = results.getAllByRole('article');
    expect(
      cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent),
    ).toEqual(['London Lions v Leeds Larks', 'Chennai Cyclones v Mumbai Monsoons']);
    expect(within(cards[0]!).getByText('No result')).toBeVisible();
    expect(within(cards[0]!).getByText('Abandoned')).toBeVisible();
    await user.click(within(cards[1]!).getByRole('button', { name: 'Show result' }));
    expect(within(cards[1]!).getByText('Mumbai Monsoons won by 5 wickets')).toBeVisible();
  });

  it('filters by the league in the URL and shows its logo, name and description', async () => {
    renderEvents('?league=county-cup');

    expect(await screen.findByRole('heading', { level: 1, name: 'County Cup' })).toBeVisible();
    expect(screen.getByRole('img', { name: 'County Cup logo' })).toHaveAttribute(
      'src',
      `${server.origin}/api/v1/catalog/logos/county-cup.abc123.svg`,
    );
    expect(screen.getByText('County Cup: the best of the season, every ball live.')).toBeVisible();
    expect(within(section(/results/i)).getAllByRole('article')).toHaveLength(1);
    expect(within(section(/live now/i)).queryAllByRole('article')).toHaveLength(0);
    expect(screen.queryByText('Mumbai Monsoons v Chennai Cyclones')).toBeNull();
    const filter = within(screen.getByRole('navigation', { name: 'Leagues' }));
    expect(filter.getByRole('link', { name: 'County Cup' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(filter.getByRole('link', { name: 'All leagues' })).not.toHaveAttribute('aria-current');
  });

  it('choosing a league is a link to /events?league=… that goes through the shell', async () => {
    const { props, user } = renderEvents();

    const filter = within(await screen.findByRole('navigation', { name: 'Leagues' }));
    const link = filter.getByRole('link', { name: 'Premier League' });
    expect(link).toHaveAttribute('href', '/events?league=premier-league');
    expect(filter.getByRole('link', { name: 'All leagues' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.click(link);

    expect(props.navigate).toHaveBeenCalledWith('/events?league=premier-league');
  });

  it('a league with no events says so', async () => {
    renderEvents('?league=winter-bash');

    expect(
      await screen.findByRole('heading', { level: 2, name: 'No matches in Winter Bash yet' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'See matches in all leagues' })).toHaveAttribute(
      'href',
      '/events',
    );
  });

  it('an unknown league in the URL says so and links to every league', async () => {
    renderEvents('?league=no-such-league');

    expect(await screen.findByRole('heading', { name: 'We can’t find that league' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'See all leagues' })).toHaveAttribute(
      'href',
      '/events',
    );
  });

  it('lists every league with its logo, name and description', async () => {
    renderEvents();

    const directory = within(await screen.findByRole('region', { name: 'Leagues' }));
    expect(directory.getAllByRole('listitem')).toHaveLength(3);
    expect(directory.getByRole('img', { name: 'Winter Bash logo' })).toBeVisible();
    expect(directory.getByRole('heading', { level: 3, name: 'Premier League' })).toBeVisible();
    expect(directory.getByRole('link', { name: 'See matches in Winter Bash' })).toHaveAttribute(
      'href',
      '/events?league=winter-bash',
    );
  });

  it('shows six upcoming matches and the rest on request', async () => {
    const day = 24 * 3_600_000;
    const fixtures = Array.from({ length: 8 }, (_, n) =>
      catalogEvent(`fixture-${n}`, 'long-season', [MUMBAI, CHENNAI], Date.now() + (n + 2) * day),
    );
    leagues = [league('long-season', 'Long Season', fixtures)];
    const { user } = renderEvents();

    const upcoming = within(await screen.findByRole('region', { name: /coming up/i }));
    expect(upcoming.getAllByRole('article')).toHaveLength(6);
    const more = upcoming.getByRole('button', { name: 'Show 2 more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');

    await user.click(more);

    expect(upcoming.getAllByRole('article')).toHaveLength(8);
    expect(upcoming.getByRole('button', { name: 'Show fewer' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('says so when there are no matches at all', async () => {
    leagues = [];
    renderEvents();

    expect(await screen.findByRole('heading', { name: 'No matches right now' })).toBeVisible();
  });

  it('announces loading, then an error with Retry that loads again', async () => {
    server.handle((_request, response) =>
      sendJson(response, 503, {
        code: 'UNAVAILABLE',
        userId: null,
        message: 'Down for maintenance.',
        timeStamp: new Date().toISOString(),
      }),
    );
    const { user } = renderEvents();
    expect(screen.getByRole('status')).toHaveTextContent('Loading matches…');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We couldn’t load the matches');
    expect(alert).toHaveTextContent(
      'Crease could not load the matches just now. Please try again.',
    );

    server.handle(catalogApi(() => leagues));
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('region', { name: /live now/i })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('shows the API’s own message for a refusal', async () => {
    server.handle((_request, response) =>
      sendJson(response, 403, {
        code: 'FORBIDDEN',
        userId: null,
        message: 'Your account cannot see the catalog.',
        timeStamp: new Date().toISOString(),
      }),
    );
    renderEvents();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account cannot see the catalog. Please try again.',
    );
  });

  it('keeps live state fresh with conditional reads on the ETag', async () => {
    renderEvents('', 40);
    const live = within(await screen.findByRole('region', { name: /live now/i }));
    expect(live.getByText('In play')).toBeVisible();

    // Unchanged: the next reads send the ETag and get 304s.
    // The catalog's reads only (the page also reads the viewer's follows once).
    const reads = () => server.requests.filter((r) => r.url.startsWith('/api/v1/leagues'));
    await waitFor(() => expect(reads().length).toBeGreaterThanOrEqual(3));
    const etag = reads()[0]!.headers['if-none-match'];
    expect(etag).toBeUndefined();
    expect(reads()[1]!.headers['if-none-match']).toMatch(/^"[\w-]+"$/);
    expect(reads()[1]!.headers.authorization).toBe('Bearer viewer-token');

    // The operator moves the match to a rain delay: the page shows it at a following poll.
    const [premier] = leagues;
    leagues = [
      {
        ...premier!,
        events: premier!.events.map((event) =>
          event.eventId === 'mum-che' ? { ...event, playState: 'rain_delay' } : event,
        ),
      },
      ...leagues.slice(1),
    ];
    expect(await live.findByText('Rain delay')).toBeVisible();
    expect(live.getByText('Mumbai Monsoons batting')).toBeVisible();
  });

  it('keeps what it shows when a refresh fails, says so, and recovers', async () => {
    renderEvents('', 40);
    await screen.findByRole('region', { name: /live now/i });

    server.handle((_request, response) => {
      response.socket?.destroy();
    });
    expect(await screen.findByText(/scores may be out of date/i)).toBeVisible();
    expect(screen.getByRole('region', { name: /live now/i })).toBeVisible();

    server.handle(catalogApi(() => leagues));
    await waitFor(() => expect(screen.queryByText(/scores may be out of date/i)).toBeNull());
  });

  it('after a failed conditional read, polls without If-None-Match and still sees changes', async () => {
    renderEvents('', 40);
    const live = within(await screen.findByRole('region', { name: /live now/i }));

    // As if the API's CORS no longer allowed If-None-Match: such requests fail.
    const api = catalogApi(() => leagues);
    server.handle((request, response) =>
      request.headers['if-none-match'] ? void response.socket?.destroy() : api(request, response),
    );
    await screen.findByText(/scores may be out of date/i);
    const [premier] = leagues;
    leagues = [
      {
        ...premier!,
        events: premier!.events.map((event) =>
          event.eventId === 'mum-che' ? { ...event, playState: 'drinks' } : event,
        ),
      },
      ...leagues.slice(1),
    ];

    expect(await live.findByText('Drinks')).toBeVisible();
    await waitFor(() => expect(screen.queryByText(/scores may be out of date/i)).toBeNull());
    // It stays that way: no read sends If-None-Match again, so none fails again.
    const sent = server.requests.length;
    await waitFor(() => expect(server.requests.length).toBeGreaterThan(sent + 2));
    expect(server.requests.slice(sent).some((r) => r.headers['if-none-match'])).toBe(false);
    expect(screen.queryByText(/scores may be out of date/i)).toBeNull();
  });

  it('pauses polling while the tab is hidden and catches up when it is shown', async () => {
    const visibility = jest.spyOn(document, 'visibilityState', 'get');
    try {
      renderEvents('', 30);
      await screen.findByRole('region', { name: /live now/i });
      await waitFor(() => expect(server.requests.length).toBeGreaterThanOrEqual(2));

      visibility.mockReturnValue('hidden');
      document.dispatchEvent(new Event('visibilitychange'));
      // Let a read already in flight land, then count: ten poll intervals pass with no read.
      await new Promise((resolve) => setTimeout(resolve, 60));
      const whileHidden = server.requests.length;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(server.requests.length).toBe(whileHidden);

      visibility.mockReturnValue('visible');
      document.dispatchEvent(new Event('visibilitychange'));
      await waitFor(() => expect(server.requests.length).toBeGreaterThan(whileHidden));
    } finally {
      visibility.mockRestore();
    }
  });
});

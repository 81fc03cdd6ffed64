/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
/**
 * The match pass on the match cards (issue 34 §3): "Buy a match pass — ₹29.00" in the viewer's
 * currency from the shelf the API priced, to the pass's payment page; "Your pass plays this
 * match" on a match a pass plays; nothing on a cancelled match or for a subscriber; the season
 * pass in a league's header.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sendJson, testServerForFile } from '@crease/test-utils';
import type { League, PassShelf } from '@crease/contract';
import { catalogApi, demoLeagues } from '../testing/catalog-fixtures';
import { eventsProps, testPlatform } from '../testing/test-platform';
import { EventsScreen } from './events-screen';

const server = testServerForFile();
let leagues: League[] = [];
let shelf: PassShelf;

const SHELF: PassShelf = {
  region: 'IN',
  currency: 'INR',
  matchPrice: 29,
  seasonPrice: 399,
  planIncludesAll: false,
  owned: [],
};

function renderEvents(search = '') {
  const props = eventsProps(testPlatform(server.origin), search);
  render(<EventsScreen {...props} />);
  return { props, user: userEvent.setup() };
}

/** The first card named `name` in the section `region` (titles repeat across sections). */
const card = async (region: RegExp, name: string) =>
  within(
    within(await screen.findByRole('region', { name: region })).getAllByRole('article', {
      name,
    })[0]!,
  );

describe('Match pass on the match cards', () => {
  beforeEach(() => {
    leagues = demoLeagues(Date.now());
    shelf = SHELF;
    const catalog = catalogApi(() => leagues);
    server.handle((request, response) =>
      new URL(request.url, 'http://x').pathname === '/api/v1/billing/passes'
        ? sendJson(response, 200, shelf)
        : catalog(request, response),
    );
  });

  it('offers a match pass in the viewer’s currency and goes to its payment page', async () => {
    const { props, user } = renderEvents();
    const live = await card(/live now/i, 'Mumbai Monsoons v Chennai Cyclones');
    const buy = await live.findByRole('link', {
      name: 'Buy a match pass — ₹29.00 for Mumbai Monsoons v Chennai Cyclones',
    });
    expect(buy).toHaveAttribute('href', '/payment-process?pass=MATCH&event=mum-che');
    await user.click(buy);
    expect(props.navigate).toHaveBeenCalledWith('/payment-process?pass=MATCH&event=mum-che');
  });

  it('says a pass plays a match it owns, and offers none on a cancelled match', async () => {
    Object.assign(leagues[0]!.events[1]!, { status: 'cancelled', title: 'Called off' });
    shelf = {
      ...SHELF,
      owned: [{ scope: 'MATCH', eventId: 'mum-che', leagueId: 'premier-league', title: 'x' }],
    };
    renderEvents();
    const owned = await card(/live now/i, 'Mumbai Monsoons v Chennai Cyclones');
    expect(await owned.findByText('Your pass plays this match')).toBeVisible();
    expect(owned.queryByRole('link', { name: /Buy a match pass/ })).toBeNull();
    const cancelled = await card(/results/i, 'Called off');
    expect(cancelled.queryByRole('link', { name: /Buy a match pass/ })).toBeNull();
  });

  it('offers nothing to a subscriber, whose plan includes every match', async () => {
    shelf = { ...SHELF, planIncludesAll: true };
    renderEvents();
    await card(/live now/i, 'Mumbai Monsoons v Chennai Cyclones');
    // The shelf was asked for and its answer applied: still no offer anywhere.
    await waitFor(() =>
      expect(server.requests.some((r) => r.url.startsWith('/api/v1/billing/passes'))).toBe(true),
    );
    await act(async () => {});
    expect(screen.queryByRole('link', { name: /Buy a (match|season) pass/ })).toBeNull();
  });

  it('offers the season pass in a league’s header', async () => {
    renderEvents('?league=premier-league');
    expect(
      await screen.findByRole('link', { name: 'Buy a season pass — ₹399.00 for Premier League' }),
    ).toHaveAttribute('href', '/payment-process?pass=SEASON&league=premier-league');
  });
});

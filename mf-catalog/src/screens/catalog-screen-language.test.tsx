/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
/**
 * Issue 34 §4: /events speaks the language the shell passes in ScreenProps.language: the
 * sections, the cards' play states, batting side, toss and countdown, the Watch button's name,
 * the league filter and directory; team and league names stay as the API gives them.
 */
import { render, screen, within } from '@testing-library/react';
import { testServerForFile } from '@crease/test-utils';
import type { League, ScreenProps } from '@crease/contract';
import {
  CHENNAI,
  MUMBAI,
  catalogApi,
  catalogEvent,
  demoLeagues,
} from '../testing/catalog-fixtures';
import { eventsProps, testPlatform } from '../testing/test-platform';
import { CatalogScreen } from './catalog-screen';

const HOUR = 3_600_000;
const server = testServerForFile();
let leagues: League[] = [];

function renderIn(language: ScreenProps['language'], search = '') {
  const props = { ...eventsProps(testPlatform(server.origin), search), language };
  return { props, view: render(<CatalogScreen {...props} />) };
}

describe('/events in the viewer’s language', () => {
  beforeEach(() => {
    leagues = demoLeagues(Date.now());
    server.handle(catalogApi(() => leagues));
  });

  it('shows the sections, the live card and Watch in Hindi, and English after a switch', async () => {
    const { props, view } = renderIn('hi');

    const live = within(await screen.findByRole('region', { name: /अभी लाइव/ }));
    expect(screen.getByRole('heading', { level: 1, name: 'मैच' })).toBeVisible();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.slice(0, 4)).toEqual(['अभी लाइव 1', 'आने वाले मैच 2', 'नतीजे 2', 'लीग']);

    const card = within(live.getByRole('article', { name: 'Mumbai Monsoons v Chennai Cyclones' }));
    expect(card.getByText('खेल जारी')).toBeVisible();
    expect(card.getByText('Mumbai Monsoons की बल्लेबाज़ी')).toBeVisible();
    expect(card.getByText('बल्लेबाज़ी बाकी')).toBeVisible();
    expect(card.getByText('(15.2 ओवर)')).toBeVisible();
    expect(
      card.getByRole('link', { name: 'Mumbai Monsoons v Chennai Cyclones देखें' }),
    ).toHaveAttribute('href', '/player?event=mum-che');

    const upcoming = within(screen.getByRole('region', { name: /आने वाले मैच/ }));
    expect(upcoming.getByText(/^2 घंटे (29|30) मिनट में शुरू$/)).toBeVisible();
    const leaguesNav = within(screen.getByRole('navigation', { name: 'लीग' }));
    expect(leaguesNav.getByRole('link', { name: 'सभी लीग' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Premier League के मैच देखें' })).toBeVisible();

    view.rerender(<CatalogScreen {...props} language="en" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Live now 1' })).toBeVisible();
    expect(
      screen.getByRole('link', { name: 'Watch Mumbai Monsoons v Chennai Cyclones' }),
    ).toBeVisible();
  });

  it('names rain, the toss and a hidden replay result in Hindi', async () => {
    leagues = [
      {
        ...leagues[0]!,
        events: [
          catalogEvent('rain', 'premier-league', [MUMBAI, CHENNAI], Date.now() - HOUR, {
            status: 'live',
            playState: 'rain_delay',
            toss: { winner: 'CHE', decision: 'bowl' },
            innings: [],
            eventStatus: 'live',
          }),
          leagues[0]!.events[3]!,
        ],
      },
    ];
    renderIn('hi');
    const live = within(await screen.findByRole('region', { name: /अभी लाइव/ }));
    expect(live.getByText('बारिश से रुका खेल')).toBeVisible();
    expect(live.getByText('Chennai Cyclones ने टॉस जीतकर गेंदबाज़ी चुनी')).toBeVisible();

    const results = within(screen.getByRole('region', { name: /नतीजे/ }));
    expect(results.getByText('नतीजा छिपा है')).toBeVisible();
    expect(results.getByRole('button', { name: 'नतीजा दिखाएँ' })).toBeVisible();
    expect(
      results.getByRole('link', { name: 'Chennai Cyclones v Mumbai Monsoons का रीप्ले देखें' }),
    ).toBeVisible();
  });

  it('is English when an older shell passes no language', async () => {
    renderIn(undefined);
    expect(await screen.findByRole('region', { name: /live now/i })).toBeVisible();
  });
});

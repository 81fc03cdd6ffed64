/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
import '../../test-support/text-encoding';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { sendJson, testServerForFile } from '@crease/test-utils';
import type { Plan, Storefront } from '@crease/contract';
import { WelcomePage } from '../welcome-page';
import { storefrontSource } from './storefront-source';

const server = testServerForFile();

const plan = (
  planId: string,
  planName: string,
  price: number,
  duration: number,
  renews: boolean,
): Plan => ({
  planId,
  planName,
  description: '',
  maxDevices: 2,
  duration,
  orderNumber: 1,
  price,
  active: true,
  status: 'ACTIVE',
  trial: false,
  renews,
  created: '',
  updated: '',
});

const STOREFRONT: Storefront = {
  live: [
    {
      eventId: 'cpl-7',
      title: 'Owls v Foxes',
      league: 'Premier League',
      teams: ['Northern Owls', 'Southern Foxes'],
      crests: [
        { shortName: 'OWL', colours: { primary: '#1d3557', secondary: '#f1faee' } },
        { shortName: 'FOX', colours: { primary: '#f4a261', secondary: '#264653' } },
      ],
      startTime: '2026-03-14T09:00:00.000Z',
    },
  ],
  upcoming: [
    {
      eventId: 'cpl-8',
      title: 'Hawks v Bears',
      league: 'Premier League',
      teams: ['Hawks', 'Bears'],
      crests: [
        { shortName: 'HWK', colours: { primary: '#2a9d8f', secondary: '#e9c46a' } },
        { shortName: 'BRS', colours: { primary: '#6d2e46', secondary: '#d5b9b2' } },
      ],
      startTime: '2026-03-14T15:30:00.000Z',
    },
  ],
  plans: [
    plan('match-pass', 'Match Pass', 2.99, 1, false),
    plan('monthly', 'Monthly', 9.99, 30, true),
  ],
  trial: { days: 7, overallMinutes: 120, dailyMinutes: 30 },
};

function renderWelcome() {
  render(
    <MemoryRouter>
      <WelcomePage productName="Crease" storefront={storefrontSource(server.origin)} />
    </MemoryRouter>,
  );
}

describe('The storefront on the welcome page', () => {
  it('shows live now, the next fixtures, the plans and the trial from the public read', async () => {
    server.handle((_q, r) => sendJson(r, 200, STOREFRONT));
    renderWelcome();

    const live = await screen.findByRole('region', { name: 'Live now' });
    expect(within(live).getByRole('link', { name: 'Watch Owls v Foxes' })).toHaveAttribute(
      'href',
      `/register?returnTo=${encodeURIComponent('/player?event=cpl-7')}`,
    );
    // Each match shows both teams' crests: the short name on the team's colours (issue 36 §6).
    const crests = [...document.querySelectorAll('svg[data-crest]')];
    expect(crests.map((crest) => crest.getAttribute('data-crest'))).toEqual([
      'OWL',
      'FOX',
      'HWK',
      'BRS',
    ]);
    expect(crests[0]?.querySelector('path')).toHaveAttribute('fill', '#1d3557');
    expect(crests.every((crest) => crest.getAttribute('aria-hidden') === 'true')).toBe(true);
    const next = screen.getByRole('region', { name: 'Coming up' });
    const time = within(next).getByText(
      new Intl.DateTimeFormat(undefined, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: 'numeric',
        minute: '2-digit',
      }).format(new Date('2026-03-14T15:30:00.000Z')),
    );
    expect(time).toHaveAttribute('datetime', '2026-03-14T15:30:00.000Z');

    const plans = screen.getByRole('region', { name: 'Plans and prices' });
    expect(plans).toHaveTextContent(
      'Free trial: 7 days, up to 2 hours of live cricket (30 minutes a day)',
    );
    expect(within(plans).getByRole('link', { name: 'Choose Monthly' })).toHaveAttribute(
      'href',
      `/register?returnTo=${encodeURIComponent('/payment-process?planId=monthly')}`,
    );
    expect(plans).toHaveTextContent('$9.99');
    expect(plans).toHaveTextContent('30 days at a time, renews until you cancel');
    expect(plans).toHaveTextContent('1 day, paid once, never renews');
    // Public: no token, no cookie.
    expect(server.requests).toHaveLength(1);
    // The browser's region guess goes along (jsdom says en-US; decision 421).
    expect(server.requests[0]?.url).toBe('/api/v1/storefront?regionGuess=US');
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it("shows a region's own currency and India's GST beside the price, as the API priced it", async () => {
    server.handle((_q, r) =>
      sendJson(r, 200, {
        ...STOREFRONT,
        plans: [
          {
            ...plan('monthly', 'Monthly', 299, 30, true),
            currency: 'INR',
            region: 'IN',
            taxBreakdown: { label: 'GST', ratePercent: 18, net: 253.39, tax: 45.61 },
          },
        ],
      }),
    );
    renderWelcome();
    const plans = await screen.findByRole('region', { name: 'Plans and prices' });
    const rupees = (amount: number) =>
      new Intl.NumberFormat(undefined, { style: 'currency', currency: 'INR' }).format(amount);
    expect(plans).toHaveTextContent(rupees(299));
    expect(plans).toHaveTextContent(`Includes GST 18%: ${rupees(253.39)} + ${rupees(45.61)} GST`);
    expect(plans).not.toHaveTextContent('$');
  });

  it('says so when the read fails, and the way in stays', async () => {
    server.handle((_q, r) => sendJson(r, 503, { code: 'UNAVAILABLE' }));
    renderWelcome();

    expect(await screen.findByText('What’s on could not be loaded.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.getByRole('link', { name: 'Create your account' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('leaves out a box with nothing in it', async () => {
    server.handle((_q, r) => sendJson(r, 200, { ...STOREFRONT, live: [] }));
    renderWelcome();

    await screen.findByRole('region', { name: 'Coming up' });
    expect(screen.queryByRole('region', { name: 'Live now' })).not.toBeInTheDocument();
  });
});

/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
/**
 * /events keeps the match to itself (decisions 226, 227): a finished match is a replay with its
 * result hidden until asked, and a live match watched behind live shows the score at the
 * picture's time until the viewer asks for the live one.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testServerForFile } from '@crease/test-utils';
import type { League, MatchState, TimelineEntry } from '@crease/contract';
import { catalogApi, demoLeagues } from '../testing/catalog-fixtures';
import { eventsProps, testPlatform } from '../testing/test-platform';
import { EventsScreen } from './events-screen';
import { pictureTimeKey } from './picture-time';

const server = testServerForFile();
const MINUTE = 60_000;
let leagues: League[] = [];
let timelines: Record<string, TimelineEntry[]> = {};

function renderEvents(pollMs?: number) {
  const props = eventsProps(testPlatform(server.origin));
  render(<EventsScreen {...props} pollMs={pollMs} />);
  return { props, user: userEvent.setup() };
}

/** A card in a section ("Live now", "Results"): the same two sides may also meet again soon. */
const card = async (section: RegExp, name: string) =>
  within(
    within(await screen.findByRole('region', { name: section })).getByRole('article', { name }),
  );

/** A timeline entry of the live match (MUM batting) at `ago` before now. */
function entry(
  seq: number,
  ago: number,
  runs: number,
  wickets: number,
  overs: string,
): TimelineEntry {
  const state: MatchState = {
    status: 'live',
    playState: 'in_play',
    toss: { winner: 'CHE', decision: 'bowl' },
    innings: [{ team: 'MUM', runs, wickets, overs, declared: false }],
    scoreSummary: `MUM ${runs}/${wickets} (${overs})`,
    result: null,
    eventStatus: 'live',
  };
  return {
    seq,
    at: new Date(Date.now() - ago).toISOString(),
    state,
    commentary: null,
    moment: null,
  };
}

describe('/events without spoilers', () => {
  beforeEach(() => {
    leagues = demoLeagues(Date.now());
    timelines = {
      'mum-che': [
        entry(1, 40 * MINUTE, 96, 1, '10.4'),
        entry(2, 25 * MINUTE, 104, 2, '11.3'),
        entry(3, 5 * MINUTE, 142, 3, '15.2'),
      ],
    };
    server.handle(
      catalogApi(
        () => leagues,
        () => timelines,
      ),
    );
    window.sessionStorage.clear();
  });

  it('offers a finished match as a replay with its scores and result hidden until asked', async () => {
    const { props, user } = renderEvents();

    const replay = await card(/results/i, 'Chennai Cyclones v Mumbai Monsoons');
    const watch = replay.getByRole('link', {
      name: 'Watch replay Chennai Cyclones v Mumbai Monsoons',
    });
    expect(watch).toHaveAttribute('href', '/player?event=che-mum-old');
    expect(replay.getByText('Result hidden')).toBeVisible();
    expect(replay.queryByText(/won by/)).toBeNull();
    expect(replay.queryByText('171/6')).toBeNull();

    const show = replay.getByRole('button', { name: 'Show result' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    expect(replay.getByText('Mumbai Monsoons won by 5 wickets')).toBeVisible();
    expect(replay.getByText('171/6')).toBeVisible();
    const hide = replay.getByRole('button', { name: 'Hide result' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    await user.click(hide);
    expect(replay.queryByText(/won by/)).toBeNull();

    await user.click(watch);
    expect(props.navigate).toHaveBeenCalledWith('/player?event=che-mum-old');
  });

  it('hides the result from the moment the match ends, while its stream is still on for the wrap-up', async () => {
    const { user } = renderEvents(40);
    const live = await card(/live now/i, 'Mumbai Monsoons v Chennai Cyclones');
    expect(live.getByText('142/3')).toBeVisible();

    // The chase is won; the broadcast stays on for the presentation (the demo's 15 minutes).
    const [premier] = leagues;
    leagues = [
      {
        ...premier!,
        events: premier!.events.map((event) =>
          event.eventId === 'mum-che'
            ? {
                ...event,
                status: 'completed',
                playState: null,
                innings: [
                  { team: 'MUM', runs: 181, wickets: 6, overs: '20', declared: false },
                  { team: 'CHE', runs: 182, wickets: 4, overs: '19.2', declared: false },
                ],
                scoreSummary: 'MUM 181/6 (20) · CHE 182/4 (19.2)',
                result: 'Chennai Cyclones won by 6 wickets',
                eventStatus: 'live',
              }
            : event,
        ),
      },
      ...leagues.slice(1),
    ];
    // At the next poll it moves to the results.
    const justFinished = within(
      await within(await screen.findByRole('region', { name: /results/i })).findByRole('article', {
        name: 'Mumbai Monsoons v Chennai Cyclones',
      }),
    );
    expect(await justFinished.findByText('Result hidden')).toBeVisible();
    expect(justFinished.queryByText(/won by/)).toBeNull();
    expect(justFinished.queryByText('181/6')).toBeNull();
    expect(justFinished.queryByText('182/4')).toBeNull();
    // A replay from the start, never the plain Watch that would open at the wrap-up.
    expect(
      justFinished.getByRole('link', { name: 'Watch replay Mumbai Monsoons v Chennai Cyclones' }),
    ).toHaveAttribute('href', '/player?event=mum-che');
    expect(
      justFinished.queryByRole('link', { name: 'Watch Mumbai Monsoons v Chennai Cyclones' }),
    ).toBeNull();

    await user.click(justFinished.getByRole('button', { name: 'Show result' }));
    expect(justFinished.getByText('Chennai Cyclones won by 6 wickets')).toBeVisible();
  });

  it('has nothing to replay for a match abandoned without a ball: the result is plain', async () => {
    renderEvents();

    const abandoned = await card(/results/i, 'London Lions v Leeds Larks');
    expect(abandoned.getByText('No result')).toBeVisible();
    expect(abandoned.queryByRole('link', { name: /replay/i })).toBeNull();
    expect(abandoned.queryByRole('button', { name: /result/i })).toBeNull();
  });

  it('behind live, shows the score at the picture time until the viewer asks for live', async () => {
    window.sessionStorage.setItem(
      pictureTimeKey('mum-che'),
      new Date(Date.now() - 20 * MINUTE).toISOString(),
    );
    const { user } = renderEvents();

    const live = await card(/live now/i, 'Mumbai Monsoons v Chennai Cyclones');
    expect(await live.findByText('104/2')).toBeVisible();
    expect(live.queryByText('142/3')).toBeNull();
    expect(live.getByText(/You are watching behind live: the score as of/)).toBeVisible();

    await user.click(live.getByRole('button', { name: 'Show live score' }));
    expect(live.getByText('142/3')).toBeVisible();
    expect(live.queryByText('104/2')).toBeNull();
    await user.click(live.getByRole('button', { name: 'Hide live score' }));
    expect(live.getByText('104/2')).toBeVisible();
  });

  it('at live (no picture time, or one that is not an instant) shows the live score', async () => {
    window.sessionStorage.setItem(pictureTimeKey('mum-che'), 'yesterday-ish');
    renderEvents();

    const live = await card(/live now/i, 'Mumbai Monsoons v Chennai Cyclones');
    expect(live.getByText('142/3')).toBeVisible();
    expect(live.queryByRole('button', { name: /live score/i })).toBeNull();
  });

  it('behind live with no readable timeline, hides the score rather than spoil it', async () => {
    timelines = {};
    window.sessionStorage.setItem(
      pictureTimeKey('mum-che'),
      new Date(Date.now() - 20 * MINUTE).toISOString(),
    );
    renderEvents();

    const live = await card(/live now/i, 'Mumbai Monsoons v Chennai Cyclones');
    expect(await live.findByText(/the live score is hidden/)).toBeVisible();
    expect(live.queryByText('142/3')).toBeNull();
    expect(live.getByRole('button', { name: 'Show live score' })).toBeVisible();
  });
});

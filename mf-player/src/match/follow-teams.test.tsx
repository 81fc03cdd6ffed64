/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
import { configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sendJson, testServerForFile } from '@crease/test-utils';
import type { ViewerFollows } from '@crease/contract';
import { liveEvent } from '../testing/player-fixtures';
import { testPlatform } from '../testing/test-platform';
import { FollowTeams } from './follow-teams';

configure({ asyncUtilTimeout: 5_000 });
const server = testServerForFile();
const { teams } = liveEvent();

/** The follows API as the contract describes it, in memory; `refuse` answers writes with a 404. */
function followsApi(
  follows: ViewerFollows,
  options: { readable?: boolean; refuse?: boolean } = {},
) {
  server.handle((request, response) => {
    const parts = new URL(request.url, 'http://x').pathname
      .split('/')
      .slice(3)
      .map(decodeURIComponent);
    if (parts[0] !== 'follows') return sendJson(response, 404, {});
    if (parts.length === 1) {
      if (options.readable === false) return sendJson(response, 503, {});
      return sendJson(response, 200, follows);
    }
    if (options.refuse)
      return sendJson(response, 404, {
        code: 'TEAM_NOT_FOUND',
        userId: null,
        message: 'No match on Crease has a team by that name.',
        timeStamp: new Date().toISOString(),
      });
    const name = parts[2]!;
    follows.teams =
      request.method === 'PUT'
        ? [...new Set([...follows.teams, name])]
        : follows.teams.filter((team) => team !== name);
    return sendJson(response, 200, follows);
  });
}

const none = (): ViewerFollows => ({
  teams: [],
  leagues: [],
  reminders: [],
  remindFollowed: false,
  remindBefore: 15,
  timeZone: null,
});

describe('following a team from the match page (issue 23 §1)', () => {
  it('shows each team as a toggle once the follows are read, and following one is saved', async () => {
    const follows = { ...none(), teams: ['Chennai Cyclones'] };
    followsApi(follows);
    render(<FollowTeams http={testPlatform(server.origin).http} teams={teams} />);
    const mumbai = await screen.findByRole('button', { name: 'Follow Mumbai Monsoons' });
    expect(mumbai).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Follow Chennai Cyclones' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(mumbai);
    expect(
      await screen.findByRole('button', { name: 'Follow Mumbai Monsoons', pressed: true }),
    ).toBeVisible();
    expect(follows.teams).toEqual(['Chennai Cyclones', 'Mumbai Monsoons']);

    await userEvent.click(screen.getByRole('button', { name: 'Follow Chennai Cyclones' }));
    expect(
      await screen.findByRole('button', { name: 'Follow Chennai Cyclones', pressed: false }),
    ).toBeVisible();
    expect(follows.teams).toEqual(['Mumbai Monsoons']);
  });

  it('says why a follow failed and keeps the toggle as it was', async () => {
    followsApi(none(), { refuse: true });
    render(<FollowTeams http={testPlatform(server.origin).http} teams={teams} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Follow Mumbai Monsoons' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No match on Crease has a team by that name.',
    );
    expect(screen.getByRole('button', { name: 'Follow Mumbai Monsoons' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('shows no toggles when the follows cannot be read (it never guesses a state)', async () => {
    followsApi(none(), { readable: false });
    const { container } = render(
      <FollowTeams http={testPlatform(server.origin).http} teams={teams} />,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('button')).toBeNull();
    expect(container).toBeEmptyDOMElement();
  });
});

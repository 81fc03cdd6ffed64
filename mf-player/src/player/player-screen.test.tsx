/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testServerForFile } from '@crease/test-utils';
import { PLAYER_STORAGE_KEYS } from '@crease/contract';
import type { StreamRequest } from '@crease/contract';
import { grantFor, liveEvent, playerApi } from '../testing/player-fixtures';
import type { FakeApi } from '../testing/player-fixtures';
import { playerProps, testPlatform } from '../testing/test-platform';
import { PlayerScreen } from './player-screen';

const server = testServerForFile();
let api: FakeApi;

function renderPlayer(search = '?event=mum-v-che') {
  const props = playerProps(testPlatform(server.origin), search);
  const view = render(<PlayerScreen {...props} />);
  return { ...view, props, user: userEvent.setup() };
}

const errorBody = (code: string, message: string, extra: object = {}) => ({
  code,
  userId: 'user-1',
  message,
  timeStamp: new Date().toISOString(),
  ...extra,
});

const streamRequests = () =>
  server.requests
    .filter((r) => r.method === 'POST' && r.url === '/api/v1/streams')
    .map((r) => JSON.parse(r.body) as StreamRequest);

describe('/player', () => {
  beforeEach(() => {
    const event = liveEvent();
    api = {
      event,
      timeline: [],
      videoQuality: 'HD',
      stream: () => ({ status: 201, body: grantFor(event) }),
    };
    server.handle(playerApi(api));
  });

  it('sends the product contract Edge stream request at once: this device, Auto while no quality is chosen here', async () => {
    // The account read answers only after the stream request arrived: the request must not
    // wait for it (decision 365); with no choice on this device it asks for Auto, and the
    // account's quality becomes the engine's start level when it arrives.
    let answerAccount!: () => void;
    api.accountHeld = new Promise<void>((resolve) => {
      answerAccount = resolve;
    });
    renderPlayer();

    await waitFor(() => expect(streamRequests()).toHaveLength(1), { timeout: 5000 });
    expect(streamRequests()[0]).toEqual({
      edgeAddress: '',
      pk: 'mum-v-che',
      vidictId: 'this-device',
      videoQuality: 'AUTO',
    });
    expect(server.requests.some((r) => r.method === 'GET' && r.url === '/api/v1/account')).toBe(
      true,
    );
    answerAccount();
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Mumbai Monsoons v Chennai Cyclones' },
        { timeout: 5000 },
      ),
    ).toBeVisible();
  });

  it('a quality chosen on this device is what its stream request asks for, never saved on the account', async () => {
    localStorage.setItem(
      PLAYER_STORAGE_KEYS.playbackPreferences,
      JSON.stringify({ quality: 'SD' }),
    );
    try {
      renderPlayer();
      await waitFor(() => expect(streamRequests()).toHaveLength(1));
      expect(streamRequests()[0]).toMatchObject({ videoQuality: 'SD' });
      expect(server.requests.filter((r) => r.method === 'PATCH')).toEqual([]);
    } finally {
      localStorage.clear();
    }
  });

  it('says so when the browser can play neither hls.js (no MSE) nor native HLS', async () => {
    renderPlayer();
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'This browser cannot play live video',
    );
  });

  it("reads the match's timeline only once the picture's start is decided, never beside the stream request", async () => {
    // Decision 372: the scorecard's read waits for the first frame (here: a browser that cannot
    // play), so it does not share the API with the picture's start.
    let answerEvent!: () => void;
    api.eventHeld = new Promise<void>((resolve) => {
      answerEvent = resolve;
    });
    renderPlayer();
    await waitFor(() => expect(streamRequests()).toHaveLength(1), { timeout: 5000 });
    const timelineReads = () => server.requests.filter((r) => r.url.includes('/timeline'));
    expect(timelineReads()).toEqual([]);

    answerEvent();
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'This browser cannot play live video',
    );
    await waitFor(() => expect(timelineReads()).toHaveLength(1));
  });

  it('an unknown event (404) offers the match list', async () => {
    api.event = null;
    api.stream = () => ({
      status: 404,
      body: errorBody('EVENT_NOT_FOUND', 'There is no event "nope".'),
    });
    renderPlayer('?event=nope');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not find that match');
    expect(within(alert).getByRole('link', { name: 'Browse matches' })).toHaveAttribute(
      'href',
      '/events',
    );
    // The event read and the stream request run side by side: the 404 alert may come from either,
    // so wait for both before the next test starts counting requests.
    await waitFor(() =>
      expect(streamRequests()).toEqual([expect.objectContaining({ pk: 'nope' })]),
    );
  });

  it('a link without an event is the same designed state, with no API call', async () => {
    // Counted at fetch, not at the test server: an earlier test's late request (an account read,
    // a stream release on unmount) may still reach the server after this test began.
    const fetches = jest.spyOn(globalThis, 'fetch');
    renderPlayer('');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find that match');
    expect(fetches).not.toHaveBeenCalled();
    fetches.mockRestore();
  });

  it('a used-up trial (403 NOT_ENTITLED) goes to the plans', async () => {
    api.stream = () => ({
      status: 403,
      body: errorBody('NOT_ENTITLED', 'Your free trial time is used up.', {
        reason: 'TRIAL_TIME_USED',
      }),
    });
    const { user, props } = renderPlayer();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Your free trial is over' })).toBeVisible();
    await user.click(within(alert).getByRole('link', { name: 'Choose a plan' }));
    expect(props.navigate).toHaveBeenCalledWith('/plans');
  });

  it('all screens in use (409) names the devices playing; stopping playback there plays here', async () => {
    const event = api.event!;
    let refused = true;
    api.stream = () =>
      refused
        ? {
            status: 409,
            body: errorBody('STREAM_LIMIT_REACHED', 'Your plan allows 1 screen at a time.', {
              maxDevices: 1,
              devices: [
                {
                  vidictId: 'living-room',
                  deviceOs: 'ANDROID_TV',
                  deviceType: 'APP',
                  appVersion: '1.0.0',
                  userAgent: 'TV',
                  registered: '2026-11-01T10:00:00.000Z',
                  lastSeen: '2026-11-23T13:00:00.000Z',
                },
              ],
            }),
          }
        : { status: 201, body: grantFor(event) };
    const { user } = renderPlayer();

    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('heading', { name: "Your plan's screens are in use" }),
    ).toBeVisible();
    expect(alert).toHaveTextContent('Your plan lets 1 screen watch at a time.');
    const playing = within(alert).getByRole('list', { name: 'Playing now' });
    expect(within(playing).getByText('The Crease app on Android TV')).toBeVisible();
    refused = false;
    await user.click(
      within(playing).getByRole('button', {
        name: 'Stop playback there: The Crease app on Android TV',
      }),
    );

    await waitFor(() => expect(streamRequests()).toHaveLength(2), { timeout: 5000 });
    expect(
      server.requests.some(
        (r) =>
          r.method === 'DELETE' && r.url === '/api/v1/streams/watching/living-room?by=this-device',
      ),
    ).toBe(true);
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: "Your plan's screens are in use" })).toBeNull(),
    );
  });

  it('a browser not registered yet (the shell still registering it) asks the shell again, then plays', async () => {
    const event = api.event!;
    let registered = false;
    api.stream = () =>
      registered
        ? { status: 201, body: grantFor(event) }
        : {
            status: 400,
            body: errorBody('DEVICE_NOT_REGISTERED', 'Register this device first.'),
          };
    const { props } = renderPlayer();

    await waitFor(() => expect(streamRequests()).toHaveLength(1));
    // The shell registers at a route change: the player asks for one to the same place.
    await waitFor(() =>
      expect(props.navigate).toHaveBeenCalledWith('/player?event=mum-v-che', { replace: true }),
    );
    registered = true;
    await waitFor(() => expect(streamRequests()).toHaveLength(2), { timeout: 5000 });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a browser still not registered after asking again says so instead of looping', async () => {
    api.stream = () => ({
      status: 400,
      body: errorBody('DEVICE_NOT_REGISTERED', 'Register this device first.'),
    });
    renderPlayer();

    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Register this device first.');
    expect(streamRequests()).toHaveLength(2);
  });

  it('a stream that has not started counts down to the start', async () => {
    const start = Date.now() + (2 * 3600 + 5 * 60 + 30) * 1000;
    const event = liveEvent({
      eventStatus: 'not_started',
      status: 'scheduled',
      startTime: new Date(start).toISOString(),
    });
    api.event = event;
    api.stream = () => ({ status: 201, body: grantFor(event) });
    renderPlayer();

    const status = await screen
      .findByRole('status', { name: '' })
      .catch(() => screen.findByText('The stream has not started yet'));
    expect(status).toBeTruthy();
    expect(await screen.findByText(/^Starts in 2 h 0[45] min$/)).toBeVisible();
    // Asked for a stream, found it not live, and closed it again (no device place is held).
    await waitFor(() =>
      expect(
        server.requests.some((r) => r.method === 'DELETE' && r.url === '/api/v1/streams/stream-1'),
      ).toBe(true),
    );
  });

  it('a finished match plays as a replay from its start, not as "ended" (decision 227)', async () => {
    api.event = liveEvent({ eventStatus: 'ended', status: 'completed', result: 'MUM won' });
    renderPlayer();

    // It goes on to play: this test browser has no MSE, so the player says it cannot play here.
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'This browser cannot play live video',
    );
    expect(screen.queryByRole('heading', { name: 'This stream has ended' })).toBeNull();
    // The replay's stream is kept, not closed as an unwatched grant.
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('no answer from the API is "offline", and it tries again on its own', async () => {
    let down = true;
    const event = api.event!;
    api.stream = () =>
      down
        ? { status: 503, body: errorBody('UNAVAILABLE', 'Down for a moment.') }
        : { status: 201, body: grantFor(event) };
    renderPlayer();

    expect(await screen.findByRole('heading', { name: "You're offline" })).toBeVisible();
    down = false;
    await waitFor(
      () => expect(screen.queryByRole('heading', { name: "You're offline" })).toBeNull(),
      {
        timeout: 5000,
      },
    );
    expect(streamRequests().length).toBeGreaterThanOrEqual(2);
  });
});

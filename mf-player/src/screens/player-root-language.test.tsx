/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
/**
 * Issue 34 §4: the player speaks the language the shell passes in ScreenProps.language: its
 * controls' names, the seek bar and key moments, break notices, and the refusals (no plan, all
 * screens in use). English stays exactly as the e2e specs name it.
 */
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { testServerForFile } from '@crease/test-utils';
import type { ScreenProps, UiLanguage } from '@crease/contract';
import { MomentsList } from '../dvr/moments-list';
import { SeekBar } from '../dvr/seek-bar';
import { PlayerMessagesProvider, playerMessages } from '../messages';
import { matchPhase } from '../match/match-phase';
import { PlayerControls } from '../player/player-controls';
import { BreakStrip } from '../scorecard/break-strip';
import { LIVE_STATE, grantFor, liveEvent, playerApi } from '../testing/player-fixtures';
import type { FakeApi } from '../testing/player-fixtures';
import { playerProps, testPlatform } from '../testing/test-platform';
import { PlayerRoot } from './player-root';

const server = testServerForFile();

const problem = (code: string, message: string, extra: object = {}) => ({
  code,
  userId: 'user-1',
  message,
  timeStamp: new Date().toISOString(),
  ...extra,
});

function renderRoot(language: ScreenProps['language'], stream: FakeApi['stream']) {
  const event = liveEvent();
  server.handle(playerApi({ event, timeline: [], videoQuality: 'HD', stream }));
  const props = { ...playerProps(testPlatform(server.origin), '?event=mum-v-che'), language };
  return render(<PlayerRoot {...props} />);
}

const inLanguage = (language: UiLanguage, children: ReactNode) => (
  <PlayerMessagesProvider language={language}>{children}</PlayerMessagesProvider>
);

function controls(language: UiLanguage, behindSeconds = 125) {
  const actions = {
    togglePlay: jest.fn(),
    toggleMute: jest.fn(),
    setVolume: jest.fn(),
    goLive: jest.fn(),
  } as never;
  return inLanguage(
    language,
    <PlayerControls
      playback={{ paused: true, muted: false, volume: 1, actions }}
      modes={{ fullscreen: false, toggleFullscreen: jest.fn(), togglePictureInPicture: jest.fn() }}
      position={{ atLive: false, behindSeconds }}
      replay={false}
      onAir
      quality="AUTO"
      rendition="720p"
      onChooseQuality={jest.fn()}
      statsOpen={false}
      onToggleStats={jest.fn()}
      pipAvailable
    />,
  );
}

describe('the player in the viewer’s language', () => {
  it('names its controls in Hindi, and in English as the e2e specs know them', () => {
    const view = render(controls('hi'));
    expect(screen.getByRole('button', { name: 'चलाएँ' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'आवाज़ बंद करें' })).toBeVisible();
    expect(screen.getByRole('slider', { name: 'आवाज़' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'क्वालिटी: ऑटो · 720p' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'लाइव पर जाएँ' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('लाइव से 2 मिनट 5 सेकंड पीछे');
    expect(screen.getByRole('button', { name: 'फ़ुल स्क्रीन' })).toBeVisible();

    view.rerender(controls('en'));
    expect(screen.getByRole('button', { name: 'Play' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Quality: Auto · 720p' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Go to live' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Behind live by 2 min 5 s');
  });

  it('says the seek bar, the key moments and a rain break in Hindi', () => {
    const at = Date.parse('2026-11-29T14:00:00Z');
    const moment = { seq: 1, kind: 'wicket' as const, label: 'Wicket: Gill b Khan', at };
    render(
      inLanguage(
        'hi',
        <>
          <SeekBar
            window={{ start: 0, live: 600 }}
            currentTime={600}
            epochOffset={null}
            moments={[]}
            onSeek={jest.fn()}
            onSeekBy={jest.fn()}
            onMoment={jest.fn()}
          />
          <MomentsList moments={[moment]} hidingLater onMoment={jest.fn()} />
          <BreakStrip playState="rain_delay" />
        </>,
      ),
    );
    expect(screen.getByRole('slider', { name: 'आगे-पीछे करें' })).toHaveAttribute(
      'aria-valuetext',
      'लाइव',
    );
    const moments = screen.getByRole('region', { name: 'अहम पल' });
    // The moment's own words are the API's; the list around it is Hindi.
    expect(within(moments).getByRole('button', { name: /Wicket: Gill b Khan/ })).toBeVisible();
    expect(within(moments).getByText('स्पॉइलर-फ़्री: तस्वीर के बाद के पल छिपे हैं।')).toBeVisible();
    const strip = screen.getByTestId('break-strip');
    expect(strip).toHaveTextContent('बारिश से रुका खेल');
    expect(strip).toHaveTextContent('बारिश रुकने पर खेल फिर शुरू होगा।');
    expect(within(strip).getByRole('button', { name: 'बंद करें: बारिश से रुका खेल' })).toBeVisible();
  });

  it('names a break in Hindi even where the feed’s scorecard names it in English', () => {
    const state = {
      ...LIVE_STATE,
      playState: 'innings_break' as const,
      scorecard: { interruption: 'INNINGS BREAK' } as never,
    };
    expect(matchPhase(state, playerMessages.translator('hi')!).interruption).toBe('पारी का ब्रेक');
    expect(matchPhase(state).interruption).toBe('INNINGS BREAK');
  });

  it('refuses a used-up trial in Hindi, with the way to the plans', async () => {
    renderRoot('hi', () => ({
      status: 403,
      body: problem('NOT_ENTITLED', 'Your free trial time is used up.', {
        reason: 'TRIAL_TIME_USED',
      }),
    }));
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(
      within(alert).getByRole('heading', { name: 'आपका मुफ़्त ट्रायल ख़त्म हो गया है' }),
    ).toBeVisible();
    expect(within(alert).getByRole('link', { name: 'प्लान चुनें' })).toHaveAttribute('href', '/plans');
    expect(screen.getByRole('link', { name: '← सभी मैच' })).toBeVisible();
  });

  it('says all screens are in use in Hindi, naming the device to stop', async () => {
    renderRoot('hi', () => ({
      status: 409,
      body: problem('STREAM_LIMIT_REACHED', 'Your plan allows 2 screens at a time.', {
        maxDevices: 2,
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
    }));
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(
      within(alert).getByRole('heading', { name: 'आपके प्लान की सभी स्क्रीन इस्तेमाल में हैं' }),
    ).toBeVisible();
    expect(alert).toHaveTextContent('आपके प्लान में एक साथ 2 स्क्रीन पर देखा जा सकता है।');
    const playing = within(alert).getByRole('list', { name: 'अभी चल रहा है' });
    expect(within(playing).getByRole('button', { name: /^वहाँ प्लेबैक रोकें: / })).toBeVisible();
  });

  it('is English when an older shell passes no language', async () => {
    renderRoot(undefined, () => ({ status: 201, body: grantFor(liveEvent()) }));
    expect(await screen.findByRole('link', { name: '← All matches' })).toBeVisible();
  });
});

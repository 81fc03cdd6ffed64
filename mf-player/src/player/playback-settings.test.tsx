import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StreamTracks } from '../playback/playback-engine';
import type { DevicePreferences } from '../preferences/use-device-preferences';
import { PlaybackSettings } from './playback-settings';

function preferences(): DevicePreferences {
  return {
    latency: 'low',
    audioLanguage: undefined,
    captions: undefined,
    chooseLatency: jest.fn(),
    chooseAudioLanguage: jest.fn(),
    chooseCaptions: jest.fn(),
  };
}

const ONE_AUDIO: StreamTracks = { audio: [], subtitles: [], audioLanguage: '', captions: 'off' };
const TWO_COMMENTARIES: StreamTracks = {
  audio: [
    { language: 'en', name: 'English' },
    { language: 'hi', name: 'Hindi' },
  ],
  subtitles: [{ language: 'en', name: 'English commentary' }],
  audioLanguage: 'en',
  captions: 'off',
};

describe('the playback settings', () => {
  it('offer only latency when the stream has one audio and no subtitles', () => {
    render(<PlaybackSettings tracks={ONE_AUDIO} preferences={preferences()} />);
    expect(screen.getByRole('button', { name: 'Latency: Low latency' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Commentary/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Captions/ })).toBeNull();
  });

  it('offer the commentary languages and captions the stream has, and pass the choice on', async () => {
    const user = userEvent.setup();
    const chosen = preferences();
    render(<PlaybackSettings tracks={TWO_COMMENTARIES} preferences={chosen} />);

    await user.click(screen.getByRole('button', { name: 'Commentary: English' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Hindi' }));
    expect(chosen.chooseAudioLanguage).toHaveBeenCalledWith('hi');

    await user.click(screen.getByRole('button', { name: 'Captions: Off' }));
    expect(screen.getByRole('menuitemradio', { name: 'Off' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.click(screen.getByRole('menuitemradio', { name: 'English commentary' }));
    expect(chosen.chooseCaptions).toHaveBeenCalledWith('en');

    await user.click(screen.getByRole('button', { name: 'Latency: Low latency' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Smooth' }));
    expect(chosen.chooseLatency).toHaveBeenCalledWith('smooth');
  });

  it('say the commentary is switching until the new language is heard', () => {
    const { rerender } = render(
      <PlaybackSettings
        tracks={{ ...TWO_COMMENTARIES, audioSwitchingTo: 'hi' }}
        preferences={preferences()}
      />,
    );
    // hls.js has the Hindi track selected but plays English until a Hindi fragment plays.
    expect(screen.getByRole('button', { name: 'Commentary: Hindi (switching…)' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Commentary: Hindi' })).toBeNull();

    rerender(
      <PlaybackSettings
        tracks={{ ...TWO_COMMENTARIES, audioLanguage: 'hi', audioSwitchingTo: null }}
        preferences={preferences()}
      />,
    );
    expect(screen.getByRole('button', { name: 'Commentary: Hindi' })).toBeVisible();
  });
});

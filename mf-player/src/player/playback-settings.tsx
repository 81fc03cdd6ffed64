import type { StreamTracks } from '../playback/playback-engine';
import type { LatencyMode } from '../preferences/device-preferences';
import type { DevicePreferences } from '../preferences/use-device-preferences';
import { ChoiceMenu } from './choice-menu';
import styles from '../dvr/dvr.module.css';
import { useMessages } from '../messages';

const nameOf = (tracks: StreamTracks['audio'], language: string) =>
  tracks.find((t) => t.language === language)?.name ?? language;

/**
 * Latency, commentary language and captions, each saved on this device (decision 235). The
 * language and captions menus appear only when the stream has more than one audio rendition or
 * any subtitles.
 */
export function PlaybackSettings({
  tracks,
  preferences,
}: {
  tracks: StreamTracks;
  preferences: DevicePreferences;
}) {
  const { t: words } = useMessages();
  const latencyChoices: { value: LatencyMode; label: string }[] = [
    { value: 'low', label: words('latency.low') },
    { value: 'smooth', label: words('latency.smooth') },
  ];
  const audio = tracks.audio.filter((t) => t.language);
  const subtitles = tracks.subtitles.filter((t) => t.language);
  const captionChoices = [
    { value: 'off', label: words('captions.off') },
    ...subtitles.map((t) => ({ value: t.language, label: t.name })),
  ];
  return (
    <>
      <ChoiceMenu
        name={words('latency.name')}
        className={styles.barButton}
        summary={latencyChoices.find((c) => c.value === preferences.latency)!.label}
        choices={latencyChoices}
        value={preferences.latency}
        onChoose={preferences.chooseLatency}
      />
      {audio.length > 1 ? (
        <ChoiceMenu
          name={words('commentary.name')}
          className={styles.barButton}
          summary={
            tracks.audioSwitchingTo
              ? words('commentary.switching', {
                  language: nameOf(audio, tracks.audioSwitchingTo),
                })
              : nameOf(audio, tracks.audioLanguage)
          }
          choices={audio.map((t) => ({ value: t.language, label: t.name }))}
          value={tracks.audioSwitchingTo ?? tracks.audioLanguage}
          onChoose={preferences.chooseAudioLanguage}
        />
      ) : null}
      {subtitles.length ? (
        <ChoiceMenu
          name={words('captions.name')}
          className={styles.barButton}
          summary={
            tracks.captions === 'off' ? words('captions.off') : nameOf(subtitles, tracks.captions)
          }
          choices={captionChoices}
          value={tracks.captions}
          onChoose={preferences.chooseCaptions}
        />
      ) : null}
    </>
  );
}

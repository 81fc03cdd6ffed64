import { useCallback, useState } from 'react';
import {
  browserPreferenceStore,
  DEFAULT_LATENCY,
  readPreferences,
  savePreferences,
} from './device-preferences';
import type { DevicePlaybackPreferences, LatencyMode } from './device-preferences';

export interface DevicePreferences {
  latency: LatencyMode;
  audioLanguage: string | undefined;
  captions: string | undefined;
  chooseLatency(mode: LatencyMode): void;
  chooseAudioLanguage(language: string): void;
  chooseCaptions(language: string): void;
}

/**
 * The latency mode, audio language and captions chosen on this device (decision 235), read once
 * and saved as they change. Quality lives in the stream session: it goes into the stream request.
 */
export function useDevicePreferences(): DevicePreferences {
  const [saved, setSaved] = useState<DevicePlaybackPreferences>(() =>
    readPreferences(browserPreferenceStore()),
  );
  const save = useCallback(
    (change: DevicePlaybackPreferences) =>
      setSaved(savePreferences(browserPreferenceStore(), change)),
    [],
  );
  const chooseLatency = useCallback((latency: LatencyMode) => save({ latency }), [save]);
  const chooseAudioLanguage = useCallback(
    (audioLanguage: string) => save({ audioLanguage }),
    [save],
  );
  const chooseCaptions = useCallback((captions: string) => save({ captions }), [save]);
  return {
    latency: saved.latency ?? DEFAULT_LATENCY,
    audioLanguage: saved.audioLanguage,
    captions: saved.captions,
    chooseLatency,
    chooseAudioLanguage,
    chooseCaptions,
  };
}

import { PLAYER_STORAGE_KEYS } from '@crease/contract';
import { readPreferences, savePreferences } from './device-preferences';
import type { PreferenceStore } from './device-preferences';

function memoryStore(initial: Record<string, string> = {}): PreferenceStore & {
  values: Record<string, string>;
} {
  const values = { ...initial };
  return {
    values,
    getItem: (key) => values[key] ?? null,
    setItem: (key, value) => {
      values[key] = value;
    },
  };
}

describe('playback preferences of this device', () => {
  it('are empty until chosen, then read back as saved, one change at a time', () => {
    const store = memoryStore();
    expect(readPreferences(store)).toEqual({});
    savePreferences(store, { quality: 'SD' });
    savePreferences(store, { latency: 'smooth', audioLanguage: 'hi' });
    savePreferences(store, { captions: 'en' });
    expect(readPreferences(store)).toEqual({
      quality: 'SD',
      latency: 'smooth',
      audioLanguage: 'hi',
      captions: 'en',
    });
    expect(Object.keys(store.values)).toEqual([PLAYER_STORAGE_KEYS.playbackPreferences]);
  });

  it('read an unknown or broken entry as not chosen, keeping the values that are good', () => {
    const key = PLAYER_STORAGE_KEYS.playbackPreferences;
    expect(readPreferences(memoryStore({ [key]: '{not json' }))).toEqual({});
    expect(readPreferences(memoryStore({ [key]: '"HD"' }))).toEqual({});
    const mixed = JSON.stringify({
      quality: 'ULTRA',
      latency: 'instant',
      audioLanguage: '<script>',
      captions: 'off',
    });
    expect(readPreferences(memoryStore({ [key]: mixed }))).toEqual({ captions: 'off' });
  });

  it('without storage (refused in privacy mode) the choice still applies to the page', () => {
    expect(readPreferences(null)).toEqual({});
    expect(savePreferences(null, { quality: 'HD' })).toEqual({ quality: 'HD' });
    const full: PreferenceStore = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(savePreferences(full, { latency: 'low' })).toEqual({ latency: 'low' });
  });
});

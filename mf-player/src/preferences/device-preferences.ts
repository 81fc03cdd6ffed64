import { PLAYER_STORAGE_KEYS, VIDEO_QUALITIES } from '@crease/contract';
import type { VideoQuality } from '@crease/contract';

/** "Low latency" follows the live edge closely (LL-HLS parts); "Smooth" keeps more buffer. */
export type LatencyMode = 'low' | 'smooth';

/** The mode until this device chooses one. */
export const DEFAULT_LATENCY: LatencyMode = 'low';

/**
 * What the viewer chose in the player on THIS device (decision 235). Each is absent until
 * chosen: then the account's videoQuality is the default quality, low latency is the default
 * mode, and the stream's own default audio and no captions play.
 */
export interface DevicePlaybackPreferences {
  quality?: VideoQuality;
  latency?: LatencyMode;
  /** The audio rendition's language (BCP 47 as the playlist's LANGUAGE says it: "en", "hi"). */
  audioLanguage?: string;
  /** The captions' language, or 'off'. */
  captions?: string;
}

/** The storage calls used: the browser's localStorage, or a test's memory store. */
export type PreferenceStore = Pick<Storage, 'getItem' | 'setItem'>;

const LANGUAGE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;

/** The browser's localStorage; null where storage is refused (privacy mode): choices then last the page. */
export function browserPreferenceStore(): PreferenceStore | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The saved choices, each checked: a value this version does not know (an old or hand-edited
 * entry) reads as not chosen rather than breaking the player.
 */
export function readPreferences(store: PreferenceStore | null): DevicePlaybackPreferences {
  let raw: unknown;
  try {
    raw = JSON.parse(store?.getItem(PLAYER_STORAGE_KEYS.playbackPreferences) ?? 'null');
  } catch {
    return {};
  }
  if (!raw || typeof raw !== 'object') return {};
  const saved = raw as Record<string, unknown>;
  const read: DevicePlaybackPreferences = {};
  if ((VIDEO_QUALITIES as readonly unknown[]).includes(saved.quality)) {
    read.quality = saved.quality as VideoQuality;
  }
  if (saved.latency === 'low' || saved.latency === 'smooth') read.latency = saved.latency;
  if (typeof saved.audioLanguage === 'string' && LANGUAGE.test(saved.audioLanguage)) {
    read.audioLanguage = saved.audioLanguage;
  }
  if (
    typeof saved.captions === 'string' &&
    (saved.captions === 'off' || LANGUAGE.test(saved.captions))
  ) {
    read.captions = saved.captions;
  }
  return read;
}

/** Merges `change` into the saved choices; a store that refuses (quota, privacy) keeps none. */
export function savePreferences(
  store: PreferenceStore | null,
  change: DevicePlaybackPreferences,
): DevicePlaybackPreferences {
  const next = { ...readPreferences(store), ...change };
  try {
    store?.setItem(PLAYER_STORAGE_KEYS.playbackPreferences, JSON.stringify(next));
  } catch {
    // Not saved: the choice still applies to this page.
  }
  return next;
}

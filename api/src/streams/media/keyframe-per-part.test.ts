/** @jest-environment node */
/**
 * Every LL-HLS part of the rendered test card opens on a keyframe, and the playlist says so
 * (decision 366): a player joining live starts at the newest part instead of fetching the
 * segment's parts from its first. The flag is read from the media's own sample flags, so a
 * render that lost its keyframes would be listed without INDEPENDENT=YES, not lied about.
 */
import fs from 'node:fs';
import path from 'node:path';
import { splitFragmentedFile } from './fmp4';
import { windowAt, STREAM_EPOCH_MS } from '../origin/dvr-window';
import { mediaPlaylist, mediaTrack } from '../origin/playlists';
import { MediaLibrary } from './media-library';
import type { TrackMedia } from './media-library';
import { PARTS_PER_LOOP, PARTS_PER_SEGMENT, RENDITION_RECIPES } from './media-recipe';
import { STREAM_FILE, ensureStreamMedia } from './render-media';

const CACHE = path.resolve(__dirname, '..', '..', '..', '..', '.cache', 'stream-media');
let library: MediaLibrary;
let dir: string;

beforeAll(async () => {
  dir = (await ensureStreamMedia(CACHE)).dir;
  library = MediaLibrary.load(dir);
}, 300_000);

const tracks = (): TrackMedia[] => [...library.video.values(), ...library.audio.values()];

/** The byte offset of a fragment's first-sample flags: trun with first_sample_flags (0x4). */
function firstSampleFlagsAt(fragment: Buffer): number {
  const trun = fragment.indexOf('trun', 0, 'latin1');
  const body = trun + 4;
  const flags = fragment.readUInt32BE(body) & 0xffffff;
  if (!(flags & 0x4))
    throw new Error('expected a trun with first_sample_flags (ffmpeg writes one)');
  return body + 8 + (flags & 0x1 ? 4 : 0);
}

describe('a keyframe per part', () => {
  it('every part of every video rendition and commentary track opens on a sync sample', () => {
    expect(library.video.size).toBe(RENDITION_RECIPES.length);
    for (const track of tracks()) {
      expect(track.partIndependent).toHaveLength(PARTS_PER_LOOP);
      expect({ track: track.name, dependent: track.partIndependent.indexOf(false) }).toEqual({
        track: track.name,
        dependent: -1,
      });
    }
  });

  it('reads a fragment flagged non-sync as dependent (the check can fail)', () => {
    const file = fs.readFileSync(path.join(dir, '720p', STREAM_FILE));
    const { init, fragments } = splitFragmentedFile(file);
    const second = fragments[1];
    if (!second) throw new Error('expected fragments');
    expect(second.independent).toBe(true);
    const changed = Buffer.from(second.bytes);
    const at = firstSampleFlagsAt(changed);
    changed.writeUInt32BE(changed.readUInt32BE(at) | 0x10000, at);
    const reread = splitFragmentedFile(Buffer.concat([init, changed]));
    expect(reread.fragments.map((f) => f.independent)).toEqual([false]);
  });

  it('lists every part of a live video playlist as INDEPENDENT=YES', () => {
    const track = library.video.get('720p') as TrackMedia;
    const now = STREAM_EPOCH_MS + 1_000_000 * 2000 + 1900;
    const window = windowAt(now, 60, STREAM_EPOCH_MS + 999_000 * 2000, null);
    const playlist = mediaPlaylist(mediaTrack(track), window, { lowLatency: true, skip: false });
    const parts = playlist.split('\n').filter((line) => line.startsWith('#EXT-X-PART:'));
    // Two whole segments with parts, and the edge's four published parts.
    expect(parts.length).toBe(2 * PARTS_PER_SEGMENT + 4);
    for (const line of parts) expect(line).toMatch(/,INDEPENDENT=YES$/);
  });
});

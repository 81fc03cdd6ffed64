import { FLOOD_LOOKS, PublishGuard } from './publish-guard';

/** A 1080p publish that has sent `inBytes` so far. */
const sample = (inBytes: number) => ({
  videoCodec: 7,
  videoWidth: 1920,
  videoHeight: 1080,
  inBytes,
});
const MAX_KBPS = 20_000;
/** Bytes that 2 s at `kbps` carry. */
const twoSecondsAt = (kbps: number) => (kbps * 1000 * 2) / 8;

describe('the publish guard’s flood rule', () => {
  it('lets an honest encoder through when one look reads a starved process’s backlog', () => {
    const guard = new PublishGuard(0, MAX_KBPS);
    let bytes = 0;
    let now = 0;
    const look = (kbps: number) => {
      bytes += twoSecondsAt(kbps);
      now += 2000;
      return guard.inspect(sample(bytes), now);
    };
    expect(look(2_500)).toBeNull();
    // The process was starved: the socket's backlog arrives in one look (bench:ingest saw this).
    expect(look(25_887)).toBeNull();
    expect(look(2_500)).toBeNull();
    expect(look(22_000)).toBeNull();
    expect(look(21_000)).toBeNull();
    expect(look(2_500)).toBeNull();
  });

  it(`drops a flood once it has lasted ${FLOOD_LOOKS} looks in a row, naming each rate`, () => {
    const guard = new PublishGuard(0, MAX_KBPS);
    let bytes = 0;
    const verdicts = [1, 2, 3].map((n) => {
      bytes += twoSecondsAt(50_000);
      return guard.inspect(sample(bytes), n * 2000);
    });
    expect(verdicts.slice(0, FLOOD_LOOKS - 1)).toEqual([null, null]);
    expect(verdicts[FLOOD_LOOKS - 1]).toEqual({
      reason: 'bitrate-too-high',
      detail: '50000, 50000, 50000 kbit/s at 3 looks in a row (at most 20000)',
    });
  });

  it('still refuses a picture too large, or no video, at the first look', () => {
    const large = new PublishGuard(0, MAX_KBPS);
    expect(large.inspect({ ...sample(1000), videoWidth: 7680, videoHeight: 4320 }, 2000)).toEqual({
      reason: 'resolution-too-large',
      detail: '7680x4320',
    });
    const silent = new PublishGuard(0, MAX_KBPS);
    expect(silent.inspect({ ...sample(1000), videoCodec: 0 }, 4000)?.reason).toBe('no-video-track');
  });
});

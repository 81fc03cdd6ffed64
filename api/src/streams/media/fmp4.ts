/**
 * Just enough ISO BMFF to play a loop as endless live video: read each track's timescale and the
 * codec string from an init segment, and shift a media segment's decode times (tfdt, sidx) by
 * whole loops. The origin serves loop segment i of loop k as live sequence k·n + i with its
 * timestamps moved on by k loop lengths, so the timeline never jumps and needs no discontinuity
 * (decision 111). ffmpeg writes 64-bit (version 1) tfdt and sidx, so the shift cannot overflow.
 */

interface Box {
  type: string;
  start: number;
  /** First byte after the header. */
  body: number;
  end: number;
}

const CONTAINERS = new Set([
  'moov',
  'trak',
  'mdia',
  'minf',
  'stbl',
  'moof',
  'traf',
  'mvex',
  'edts',
]);

function* children(buf: Buffer, from: number, to: number): Generator<Box> {
  let at = from;
  while (at + 8 <= to) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header || at + size > to) throw new Error(`bad MP4 box "${type}" at ${at}`);
    yield { type, start: at, body: at + header, end: at + size };
    at += size;
  }
}

/** Every box of `type`, depth first through the container boxes. */
function findAll(buf: Buffer, type: string, from = 0, to = buf.length): Box[] {
  const found: Box[] = [];
  for (const box of children(buf, from, to)) {
    if (box.type === type) found.push(box);
    if (CONTAINERS.has(box.type)) found.push(...findAll(buf, type, box.body, box.end));
  }
  return found;
}

export interface InitInfo {
  /** track_ID → media timescale (ticks per second). */
  timescales: Map<number, number>;
  /** RFC 6381 codecs of the tracks: `avc1.4d401f,mp4a.40.2`. */
  codecs: string;
}

export function readInitSegment(init: Buffer): InitInfo {
  const timescales = new Map<number, number>();
  const codecs: string[] = [];
  for (const trak of findAll(init, 'trak')) {
    const [tkhd] = findAll(init, 'tkhd', trak.body, trak.end);
    const [mdhd] = findAll(init, 'mdhd', trak.body, trak.end);
    if (!tkhd || !mdhd) throw new Error('init segment: a track without tkhd/mdhd');
    const trackId = init.readUInt32BE(tkhd.body + (init[tkhd.body] === 1 ? 20 : 12));
    const timescale = init.readUInt32BE(mdhd.body + (init[mdhd.body] === 1 ? 20 : 12));
    timescales.set(trackId, timescale);
    const [stsd] = findAll(init, 'stsd', trak.body, trak.end);
    if (!stsd) continue;
    const entry = init.toString('latin1', stsd.body + 12, stsd.body + 16);
    if (entry === 'avc1') {
      const avcC = init.indexOf('avcC', stsd.body, 'latin1');
      if (avcC < 0) throw new Error('init segment: avc1 without avcC');
      codecs.push(`avc1.${init.subarray(avcC + 5, avcC + 8).toString('hex')}`);
    } else if (entry === 'mp4a') codecs.push('mp4a.40.2');
    else codecs.push(entry);
  }
  return { timescales, codecs: codecs.join(',') };
}

/** Each track's first decode time in a media segment (tfdt), in its own timescale. */
export function decodeTimes(segment: Buffer): Map<number, bigint> {
  const times = new Map<number, bigint>();
  for (const traf of findAll(segment, 'traf')) {
    const [tfhd] = findAll(segment, 'tfhd', traf.body, traf.end);
    const [tfdt] = findAll(segment, 'tfdt', traf.body, traf.end);
    if (!tfhd || !tfdt) continue;
    const trackId = segment.readUInt32BE(tfhd.body + 4);
    // A segment of several fragments (parts) starts at its first one's time.
    if (times.has(trackId)) continue;
    times.set(
      trackId,
      segment[tfdt.body] === 1
        ? segment.readBigUInt64BE(tfdt.body + 4)
        : BigInt(segment.readUInt32BE(tfdt.body + 4)),
    );
  }
  return times;
}

/**
 * A copy of `segment` with every track's decode time moved `loops` whole loops on:
 * `shiftTicks(trackId)` is one loop in that track's timescale.
 */
export function shiftSegment(
  segment: Buffer,
  loops: number,
  loopTicks: (trackId: number) => bigint,
): Buffer {
  const out = Buffer.from(segment);
  if (loops === 0) return out;
  const k = BigInt(loops);
  for (const traf of findAll(out, 'traf')) {
    const [tfhd] = findAll(out, 'tfhd', traf.body, traf.end);
    const [tfdt] = findAll(out, 'tfdt', traf.body, traf.end);
    if (!tfhd || !tfdt) continue;
    const shift = k * loopTicks(out.readUInt32BE(tfhd.body + 4));
    if (out[tfdt.body] !== 1) throw new Error('tfdt version 0 cannot hold live decode times');
    out.writeBigUInt64BE(out.readBigUInt64BE(tfdt.body + 4) + shift, tfdt.body + 4);
  }
  for (const sidx of findAll(out, 'sidx')) {
    // version 1: reference_ID at +4, timescale at +8, earliest_presentation_time at +12.
    if (out[sidx.body] !== 1) throw new Error('sidx version 0 cannot hold live times');
    const shift = k * loopTicks(out.readUInt32BE(sidx.body + 4));
    out.writeBigUInt64BE(out.readBigUInt64BE(sidx.body + 12) + shift, sidx.body + 12);
  }
  return out;
}

/** One movie fragment (moof + mdat) of a fragmented MP4 file, with its time on its track. */
export interface Fragment {
  /** Decode time of its first sample (tfdt), in the track's timescale. */
  start: bigint;
  /** Sum of its samples' durations, in the track's timescale. */
  duration: bigint;
  /** Its first sample is a sync sample (a keyframe): playback can start at this fragment. */
  independent: boolean;
  bytes: Buffer;
}

/** trex default_sample_duration per track (the fallback when a fragment names none). */
function trexDurations(init: Buffer): Map<number, number> {
  const defaults = new Map<number, number>();
  for (const trex of findAll(init, 'trex'))
    defaults.set(init.readUInt32BE(trex.body + 4), init.readUInt32BE(trex.body + 12));
  return defaults;
}

/** trex default_sample_flags per track (the fallback when a fragment names none). */
function trexSampleFlags(init: Buffer): Map<number, number> {
  const defaults = new Map<number, number>();
  for (const trex of findAll(init, 'trex'))
    defaults.set(init.readUInt32BE(trex.body + 4), init.readUInt32BE(trex.body + 20));
  return defaults;
}

/** ISO/IEC 14496-12 sample flags: sample_is_non_sync_sample. */
const NON_SYNC_SAMPLE = 0x10000;

/**
 * Whether every track of a fragment opens on a sync sample. The first sample's flags come from
 * the trun's first_sample_flags, else its own entry, else the tfhd's default, else the trex's.
 */
function opensOnSyncSample(buf: Buffer, moof: Box, trexFlags: Map<number, number>): boolean {
  for (const traf of findAll(buf, 'traf', moof.body, moof.end)) {
    const [tfhd] = findAll(buf, 'tfhd', traf.body, traf.end);
    const [trun] = findAll(buf, 'trun', traf.body, traf.end);
    if (!tfhd || !trun) continue;
    const tfhdFlags = buf.readUInt32BE(tfhd.body) & 0xffffff;
    let at = tfhd.body + 8 + (tfhdFlags & 0x1 ? 8 : 0) + (tfhdFlags & 0x2 ? 4 : 0);
    at += (tfhdFlags & 0x8 ? 4 : 0) + (tfhdFlags & 0x10 ? 4 : 0);
    let sampleFlags =
      tfhdFlags & 0x20
        ? buf.readUInt32BE(at)
        : (trexFlags.get(buf.readUInt32BE(tfhd.body + 4)) ?? 0);
    const flags = buf.readUInt32BE(trun.body) & 0xffffff;
    const entry = trun.body + 8 + (flags & 0x1 ? 4 : 0);
    if (flags & 0x4) sampleFlags = buf.readUInt32BE(entry);
    else if (flags & 0x400)
      sampleFlags = buf.readUInt32BE(entry + (flags & 0x100 ? 4 : 0) + (flags & 0x200 ? 4 : 0));
    if (sampleFlags & NON_SYNC_SAMPLE) return false;
  }
  return true;
}

/** A fragment's total sample duration, from its trun entries or the tfhd/trex default. */
function fragmentDuration(buf: Buffer, moof: Box, trex: Map<number, number>): bigint {
  let total = 0n;
  for (const traf of findAll(buf, 'traf', moof.body, moof.end)) {
    const [tfhd] = findAll(buf, 'tfhd', traf.body, traf.end);
    if (!tfhd) continue;
    const tfhdFlags = buf.readUInt32BE(tfhd.body) & 0xffffff;
    const trackId = buf.readUInt32BE(tfhd.body + 4);
    let at = tfhd.body + 8;
    if (tfhdFlags & 0x1) at += 8;
    if (tfhdFlags & 0x2) at += 4;
    const fallback = tfhdFlags & 0x8 ? buf.readUInt32BE(at) : (trex.get(trackId) ?? 0);
    for (const trun of findAll(buf, 'trun', traf.body, traf.end)) {
      const flags = buf.readUInt32BE(trun.body) & 0xffffff;
      const count = buf.readUInt32BE(trun.body + 4);
      let entry = trun.body + 8 + (flags & 0x1 ? 4 : 0) + (flags & 0x4 ? 4 : 0);
      const entrySize = [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f).length * 4;
      for (let i = 0; i < count; i++, entry += entrySize)
        total += BigInt(flags & 0x100 ? buf.readUInt32BE(entry) : fallback);
    }
  }
  return total;
}

/**
 * Splits a fragmented MP4 (ffmpeg `-movflags +empty_moov+default_base_moof`) into its init
 * segment (everything before the first moof) and its fragments (each moof with its mdat).
 * Trailing boxes (mfra) are not media and are dropped.
 */
export function splitFragmentedFile(file: Buffer): { init: Buffer; fragments: Fragment[] } {
  const boxes = [...children(file, 0, file.length)];
  const firstMoof = boxes.findIndex((b) => b.type === 'moof');
  if (firstMoof < 0) throw new Error('not a fragmented MP4: no moof');
  const init = file.subarray(0, boxes[firstMoof]?.start);
  const trex = trexDurations(init);
  const trexFlags = trexSampleFlags(init);
  const fragments: Fragment[] = [];
  for (let i = firstMoof; i < boxes.length; i++) {
    const moof = boxes[i] as Box;
    const mdat = boxes[i + 1];
    if (moof.type !== 'moof') continue;
    if (mdat?.type !== 'mdat') throw new Error(`moof at ${moof.start} without its mdat`);
    const times = decodeTimes(file.subarray(moof.start, moof.end));
    const start = [...times.values()][0];
    if (start === undefined) throw new Error(`moof at ${moof.start} without tfdt`);
    fragments.push({
      start,
      duration: fragmentDuration(file, moof, trex),
      independent: opensOnSyncSample(file, moof, trexFlags),
      bytes: file.subarray(moof.start, mdat.end),
    });
    i += 1;
  }
  return { init, fragments };
}

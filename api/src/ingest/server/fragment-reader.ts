/**
 * Reads a fragmented MP4 as ffmpeg writes it to a pipe (`-movflags
 * +empty_moov+default_base_moof`): first the init segment (ftyp, moov), then one movie fragment
 * (moof + mdat) at a time. Each complete piece is handed on as soon as its last byte arrives.
 */
export interface FragmentSink {
  init(bytes: Buffer): void;
  fragment(bytes: Buffer): void;
}

export class FragmentReader {
  private pending: Buffer = Buffer.alloc(0);
  private init: Buffer[] = [];
  private initDone = false;
  private moof: Buffer | null = null;

  constructor(private readonly sink: FragmentSink) {}

  push(chunk: Buffer): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    for (;;) {
      if (this.pending.length < 8) return;
      let size = this.pending.readUInt32BE(0);
      if (size === 1) {
        if (this.pending.length < 16) return;
        size = Number(this.pending.readBigUInt64BE(8));
      }
      if (size < 8) throw new Error(`bad MP4 box size ${size}`);
      if (this.pending.length < size) return;
      const box = this.pending.subarray(0, size);
      this.pending = this.pending.subarray(size);
      this.take(box.toString('latin1', 4, 8), Buffer.from(box));
    }
  }

  private take(type: string, box: Buffer): void {
    if (type === 'moof') {
      if (!this.initDone) {
        this.initDone = true;
        this.sink.init(Buffer.concat(this.init));
        this.init = [];
      }
      this.moof = box;
    } else if (type === 'mdat' && this.moof) {
      this.sink.fragment(Buffer.concat([this.moof, box]));
      this.moof = null;
    } else if (!this.initDone) this.init.push(box);
    // Anything else after the init (sidx, mfra at the end) is not media: dropped.
  }
}

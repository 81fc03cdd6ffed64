/**
 * A channel's live input, as the transcoder leaves it (issue 32 §2, decision 417): one file per
 * LL-HLS part, `<liveDir>/<channelId>/<rendition>/<N>.<p>.m4s`, its decode times already on the
 * origin's clock (seconds since STREAM_EPOCH), encoded with the test card's own settings so its
 * init segment is the test card's byte for byte. The origin serves a live part where one exists
 * and the test card's otherwise, so a channel without a feed (not started, dropped, or no key)
 * shows the card, and a segment may be live in part: there is nothing to switch.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Where part `part` of sequence `sequence` of a channel's rendition lives. */
export function livePartPath(
  liveDir: string,
  channelId: string,
  rendition: string,
  sequence: number,
  part: number,
): string {
  return path.join(liveDir, channelId, rendition, `${sequence}.${part}.m4s`);
}

/** How long the answer "this channel has no live folder" is trusted (most channels never do). */
const NO_INPUT_TTL_MS = 1000;

export class LiveParts {
  private readonly noInputUntil = new Map<string, number>();

  constructor(
    private readonly liveDir: string,
    private readonly nowMs: () => number,
  ) {}

  /** The live part's bytes, or null when the channel has none for that instant. */
  async part(
    channelId: string,
    rendition: string,
    sequence: number,
    part: number,
  ): Promise<Buffer | null> {
    const now = this.nowMs();
    if ((this.noInputUntil.get(channelId) ?? 0) > now) return null;
    try {
      return await fs.promises.readFile(
        livePartPath(this.liveDir, channelId, rendition, sequence, part),
      );
    } catch {
      if (!fs.existsSync(path.join(this.liveDir, channelId)))
        this.noInputUntil.set(channelId, now + NO_INPUT_TTL_MS);
      return null;
    }
  }
}

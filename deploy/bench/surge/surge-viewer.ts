/**
 * One simulated viewer: the browser of someone who signed in days ago and opens the player at
 * the toss. Joining is what the shell and the player do on that page load: refresh the access
 * token, read the entitlement and the event (at once, as the page does), take a stream grant,
 * load the multivariant and one media playlist through the CDN. Watching is what the player
 * keeps doing, on the intervals the API hands it (never the bench's own): the media playlist
 * reloaded every EXT-X-TARGETDURATION (the HLS reload rule; the CDN's token check is cached
 * 6 s per token, so the API sees one per first reload after that), the playback token
 * renewed at its renewAt (mf-player's renewDelayMs), trial heartbeats every heartbeatSeconds
 * when the grant has them (each may bring the next token, and the renewal then waits: decision
 * 373), and the access token refreshed when a fifth of its life is left, at
 * most 60 s (the shell's refresh-ahead, decision 198). A viewer whose call gets an unexpected
 * answer stops: the bench prints no figure over it anyway.
 */
import { HEARTBEAT_RENEWAL_GRACE_MS } from '@crease/contract';
import type { StreamToken } from '@crease/contract';
import { CALLS } from './surge-calls';
import type { TokenPair, ViewerCalls } from './surge-calls';
import type { SeededViewer } from './surge-seed';

/** When the player renews (mf-player/src/playback/token-url.ts renewDelayMs, same rule). */
export function renewDelayMs(token: StreamToken, now: number, graceMs = 0): number {
  const renewAt = Date.parse(token.renewAt);
  const expiresAt = Date.parse(token.expiresAt);
  const latest = Number.isFinite(expiresAt) ? expiresAt - 5000 : now + 30_000;
  const target = Number.isFinite(renewAt) ? Math.min(renewAt + graceMs, latest) : latest;
  return Math.max(1000, target - now);
}

/** The first variant's media playlist, its `{$token}` filled (EXT-X-DEFINE QUERYPARAM). */
export function mediaPlaylistUrl(masterUrl: string, master: string, token: string): string {
  const uri = master.split('\n').find((line) => line && !line.startsWith('#'));
  if (!uri) throw new Error('the multivariant playlist lists no variant');
  return new URL(uri.trim().replace('{$token}', encodeURIComponent(token)), masterUrl).toString();
}

const targetSeconds = (playlist: string) =>
  Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(playlist)?.[1] ?? NaN);

/** Timers whose lateness is the generator's own saturation signal. */
export interface Pacer {
  /** Resolves at `atMs` (Date.now() time); records how late it fired. */
  until(atMs: number): Promise<void>;
}

interface Playing {
  streamId: string;
  token: StreamToken;
  masterUrl: string;
  master: string;
  heartbeatSeconds: number | null;
  sequence: number;
}

export class Viewer {
  private access: TokenPair | null = null;
  private accessDueAt = Infinity;
  private playing: Playing | null = null;
  private reloadMs = 2000;
  /** One call at a time per viewer: a close never races its own stream's renewal or reload. */
  private queue: Promise<void> = Promise.resolve();
  failed = false;

  constructor(
    private readonly seeded: SeededViewer,
    private readonly calls: ViewerCalls,
    private readonly eventId: string,
    private readonly pacer: Pacer,
  ) {}

  private async refresh(): Promise<boolean> {
    const tokens = await this.calls.refresh(this.seeded.refreshToken);
    if (!tokens) return false;
    this.seeded.refreshToken = tokens.refresh_token;
    this.access = tokens;
    const ahead = Math.min(60, tokens.expires_in / 5);
    this.accessDueAt = Date.now() + (tokens.expires_in - ahead) * 1000;
    return true;
  }

  /** The page load at the toss. False (and failed) when any answer was unexpected. */
  async join(): Promise<boolean> {
    const ok = await this.joinSteps();
    if (!ok) this.failed = true;
    return ok;
  }

  private async joinSteps(): Promise<boolean> {
    if (!(await this.refresh())) return false;
    const bearer = this.access!.access_token;
    const [entitled, event] = await Promise.all([
      this.calls.entitlement(bearer, this.seeded.vidictId),
      this.calls.event(bearer, this.eventId),
    ]);
    if (!entitled || !event) return false;
    const grant = await this.calls.grant(bearer, this.eventId, this.seeded.vidictId);
    if (!grant) return false;
    const master = await this.calls.playlist(CALLS.master, grant.playlistUrl);
    if (!master) return false;
    const playing: Playing = {
      streamId: grant.streamId,
      token: grant.playback,
      masterUrl: grant.playlistUrl,
      master,
      heartbeatSeconds: grant.heartbeatSeconds,
      sequence: 0,
    };
    const media = await this.calls.playlist(CALLS.media, this.mediaUrl(playing));
    if (!media) return false;
    const target = targetSeconds(media);
    if (Number.isFinite(target) && target > 0) this.reloadMs = target * 1000;
    this.playing = playing;
    return true;
  }

  private mediaUrl(playing: Playing): string {
    return mediaPlaylistUrl(playing.masterUrl, playing.master, playing.token.token);
  }

  private exclusive(step: () => Promise<void>): Promise<void> {
    const run = this.queue.then(step);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Closes the player and opens it again (a reload or a zap back): the steady phase's joins. */
  rejoin(): Promise<void> {
    return this.exclusive(() => this.closeAndJoin());
  }

  private async closeAndJoin(): Promise<void> {
    const playing = this.playing;
    if (!playing || this.failed || !this.access) return;
    this.playing = null;
    if (!(await this.calls.close(this.access.access_token, playing.streamId))) {
      this.failed = true;
      return;
    }
    await this.join();
  }

  /** Watches until `untilMs`: playlist reloads, renewals, heartbeats, access refreshes. */
  async watch(untilMs: number): Promise<void> {
    await Promise.all([
      this.every(
        untilMs,
        () => this.reloadMs,
        () => this.reload(),
      ),
      this.renewals(untilMs),
      this.every(
        untilMs,
        () => (this.playing?.heartbeatSeconds ?? 0) * 1000,
        () => this.heartbeat(),
      ),
      this.accessRefreshes(untilMs),
    ]);
  }

  /** Runs `step` every `intervalMs()` (0: not now, look again in a second) until `untilMs`. */
  private async every(untilMs: number, intervalMs: () => number, step: () => Promise<void>) {
    let next = Date.now() + (intervalMs() || 1000);
    while (!this.failed && next < untilMs) {
      await this.pacer.until(next);
      const interval = intervalMs();
      if (interval > 0) await this.exclusive(() => (this.playing ? step() : Promise.resolve()));
      next = Math.max(next + (interval || 1000), Date.now());
    }
  }

  private async reload(): Promise<void> {
    const playing = this.playing!;
    if (!(await this.calls.playlist(CALLS.media, this.mediaUrl(playing)))) this.failed = true;
  }

  private async heartbeat(): Promise<void> {
    const playing = this.playing!;
    playing.sequence += 1;
    const beat = await this.calls.heartbeat(
      this.access!.access_token,
      playing.streamId,
      playing.sequence,
    );
    if (!beat) this.failed = true;
    // The player takes a heartbeat's token when it outlives the current one.
    else if (
      beat.playback &&
      Date.parse(beat.playback.expiresAt) > Date.parse(playing.token.expiresAt)
    )
      playing.token = beat.playback;
  }

  private async renewals(untilMs: number): Promise<void> {
    while (!this.failed) {
      const playing = this.playing;
      const token = playing?.token;
      const grace = playing?.heartbeatSeconds ? HEARTBEAT_RENEWAL_GRACE_MS : 0;
      const at = token ? Date.now() + renewDelayMs(token, Date.now(), grace) : Date.now() + 250;
      if (at >= untilMs) return;
      await this.pacer.until(at);
      await this.exclusive(async () => {
        // A heartbeat brought a newer token meanwhile: the timer starts again from it.
        if (!playing || this.playing !== playing || playing.token !== token) return;
        const renewed = await this.calls.renew(this.access!.access_token, playing.streamId);
        if (!renewed) this.failed = true;
        else playing.token = renewed;
      });
    }
  }

  private async accessRefreshes(untilMs: number): Promise<void> {
    while (!this.failed && this.accessDueAt < untilMs) {
      await this.pacer.until(this.accessDueAt);
      await this.exclusive(async () => {
        if (!this.failed && Date.now() >= this.accessDueAt && !(await this.refresh()))
          this.failed = true;
      });
    }
  }
}

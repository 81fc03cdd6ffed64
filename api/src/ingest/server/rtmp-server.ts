/**
 * The embedded ingest server (issue 32 §1, decision 416): node-media-server takes RTMP from
 * encoders (we implement no protocol), and for each publish asks the API whether that stream
 * key may publish (a PublishAuthority: the API's StreamKeys). A wrong or revoked key, or a key already publishing,
 * is dropped at once; an accepted publish is renewed every 2 s and dropped when a renewal is
 * refused (its key was revoked). Each publishing channel gets its own ffmpeg transcoder.
 * Only this machine may play a stream from it (the transcoder).
 */
import NodeMediaServer from 'node-media-server';
import type { NmsSession } from 'node-media-server';
import nmsLogger from 'node-media-server/src/core/logger.js';
import type { IngestPublishGrant } from '@crease/contract';
import type { PublishAuthority } from '../publish-authority';
import fs from 'node:fs';
import type { Socket } from 'node:net';
import path from 'node:path';
import { PART_SECONDS, RENDITION_RECIPES, STREAM_FILE, splitFragmentedFile } from '../../streams';
import { HEALTH_EVERY_MS, channelReport } from './channel-health';
import type { ChannelReport } from './channel-health';
import { ChannelSlate } from './channel-slate';
import { FeedMeter } from './feed-meter';
import { PublishGuard } from './publish-guard';
import { renderSlate } from './slate';
import type { SlateMedia } from './slate';
import { ChannelTranscoder } from './transcoder';

export const RENEW_EVERY_MS = 2000;
/** The RTMP application encoders publish to: `rtmp://host:port/live/<streamKey>`. */
export const RTMP_APP = 'live';

export interface IngestServerOptions {
  rtmpPort: number;
  /** Who says whether a key may publish (the API). */
  authority: PublishAuthority;
  liveDir: string;
  cardDir: string;
  storeDir: string;
  /** The video renditions to make (empty: every one). */
  renditions: string[];
  /** The most a publisher may send (decision 440). */
  maxKbps: number;
  nowMs: () => number;
  log: (line: string) => void;
  /** Each channel's health every 2 s (decision 448): the API keeps the last minutes. */
  report?: (reports: ChannelReport[]) => void;
}

interface Publish {
  session: NmsSession;
  grant: IngestPublishGrant;
  guard: PublishGuard;
  meter: FeedMeter;
}

/** A channel forgotten by the health report this long after its last part, with no encoder. */
const FORGET_AFTER_MS = 10 * 60 * 1000;

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;
/**
 * A connection that has not asked to publish or play by then is not an encoder (garbage bytes,
 * a port scan, a client stuck in the handshake): it is closed (decision 440).
 */
export const PUBLISH_WITHIN_MS = 5000;

export class IngestServer {
  private readonly nms: NodeMediaServer;
  private readonly publishes = new Map<string, Publish>();
  private readonly transcoders = new Map<string, ChannelTranscoder>();
  private readonly slates = new Map<string, ChannelSlate>();
  /** Connections that asked to publish or play: the rest are closed after PUBLISH_WITHIN_MS. */
  private readonly spoken = new WeakSet<Socket>();
  private slate: SlateMedia | null = null;
  private renewTimer: NodeJS.Timeout | null = null;
  private slateTimer: NodeJS.Timeout | null = null;
  private healthTimer: NodeJS.Timeout | null = null;
  /** Per channel: the role of the input its transcoder reads. */
  private readonly feeding = new Map<string, Publish>();
  /** Per channel: when its transcoder last wrote a part (ingest clock, ms). */
  private readonly lastPartMs = new Map<string, number>();
  /** Channels whose producer put the slate up by hand (decision 450). */
  private readonly held = new Set<string>();

  constructor(private readonly options: IngestServerOptions) {
    this.nms = new NodeMediaServer({
      bind: '0.0.0.0',
      rtmp: {
        port: options.rtmpPort,
        chunk_size: 60000,
        gop_cache: true,
        ping: 30,
        ping_timeout: 60,
      },
      store: { path: options.storeDir },
      webadmin: { enable: false },
    });
    nmsLogger.level = 'error';
    this.nms.on('prePublish', (session) => {
      if (session.socket) this.spoken.add(session.socket);
      void this.admit(session);
    });
    this.nms.on('prePlay', (session) => {
      if (session.socket) this.spoken.add(session.socket);
      // Only the transcoder on this machine plays from here.
      if (!LOOPBACK.test(session.ip)) session.close();
    });
  }

  async start(): Promise<void> {
    // In the background: a publish is not kept waiting (until then a drop shows the test card).
    void this.renderSlate();
    await this.nms.run();
    nmsLogger.level = 'error';
    this.nms.rtmpServer?.tcpServer?.on('connection', (socket: Socket) => this.watch(socket));
    this.renewTimer = setInterval(() => void this.renewAll(), RENEW_EVERY_MS);
    this.slateTimer = setInterval(() => this.fillSlates(), PART_SECONDS * 1000);
    this.healthTimer = setInterval(() => this.reportHealth(), HEALTH_EVERY_MS);
    this.options.log(`RTMP ingest on port ${this.options.rtmpPort}`);
  }

  async stop(): Promise<void> {
    if (this.renewTimer) clearInterval(this.renewTimer);
    if (this.slateTimer) clearInterval(this.slateTimer);
    if (this.healthTimer) clearInterval(this.healthTimer);
    for (const transcoder of this.transcoders.values()) transcoder.stop();
    for (const publish of this.publishes.values()) await this.release(publish);
    await this.nms.stop();
  }

  /** Closes a connection that is still no publisher or player after PUBLISH_WITHIN_MS. */
  private watch(socket: Socket): void {
    setTimeout(() => {
      if (this.spoken.has(socket) || socket.destroyed) return;
      this.options.log(
        `refused ${socket.remoteAddress}: no RTMP publish within ${PUBLISH_WITHIN_MS / 1000} s (garbage or a stalled handshake)`,
      );
      socket.destroy();
    }, PUBLISH_WITHIN_MS).unref();
  }

  /** Renders the slate once (decision 439); without it a dropped feed shows the test card. */
  private async renderSlate(): Promise<void> {
    const wanted = this.options.renditions;
    const recipes = RENDITION_RECIPES.filter((r) => !wanted.length || wanted.includes(r.name));
    const cardInit = (track: string) => {
      const file = path.join(this.options.cardDir, track, STREAM_FILE);
      return fs.existsSync(file) ? splitFragmentedFile(fs.readFileSync(file)).init : null;
    };
    try {
      const dir = path.join(this.options.storeDir, 'slate');
      this.slate = await renderSlate(dir, recipes, cardInit, this.options.log);
    } catch (error) {
      this.options.log(`no slate: ${(error as Error).message}`);
    }
  }

  /** The channel's slate writer, made at its first live part once the slate is rendered. */
  private slateFor(channelId: string): ChannelSlate | null {
    if (!this.slate) return null;
    let slate = this.slates.get(channelId);
    if (!slate) {
      const { liveDir, nowMs, log } = this.options;
      slate = new ChannelSlate(channelId, liveDir, this.slate, nowMs, log);
      this.slates.set(channelId, slate);
    }
    return slate;
  }

  /** Each channel that has had a feed: the slate where its feed left the timeline empty. */
  private fillSlates(): void {
    for (const [channelId, slate] of this.slates) {
      try {
        slate.tick();
      } catch (error) {
        this.options.log(`[ingest ${channelId}] slate: ${(error as Error).message}`);
      }
      if (!slate.active && !this.held.has(channelId)) this.slates.delete(channelId);
    }
  }

  private drop(session: NmsSession, why: string): void {
    this.options.log(`refused ${session.ip} on ${session.streamApp}: ${why}`);
    session.close();
    // An encoder that ignores the close is cut off.
    setTimeout(() => session.socket?.destroy(), 1000).unref();
  }

  private async admit(session: NmsSession): Promise<void> {
    if (session.streamApp !== RTMP_APP) return this.drop(session, `unknown application`);
    const answer = await this.options.authority
      .ask({ op: 'claim', streamKey: session.streamName, publisherId: session.id })
      .catch((error: Error) => ({ status: 503, code: error.message, grant: undefined }));
    const { grant } = answer;
    if (answer.status !== 201 || !grant)
      return this.drop(session, answer.code ?? `status ${answer.status}`);
    const guard = new PublishGuard(this.options.nowMs(), this.options.maxKbps);
    const meter = new FeedMeter(this.options.nowMs());
    const rtmp = session.rtmp;
    if (rtmp) {
      const forward = rtmp.onPacketCallback;
      rtmp.onPacketCallback = (packet) => {
        meter.packet(packet);
        forward(packet);
      };
    }
    const publish = { session, grant, guard, meter };
    this.publishes.set(session.id, publish);
    session.socket?.once('close', () => void this.ended(publish));
    this.options.log(`publishing: channel ${grant.channelId} (${grant.role})`);
    this.transcode(publish);
  }

  /**
   * One transcoder per channel, on the feed that is on air (decision 473): the
   * primary's when it publishes, else the backup's. A primary that comes back takes the air from
   * the backup; the slate covers the slots between the one transcoder's last part and the next's
   * first, so viewers see at most the slate, never a hole.
   */
  private transcode(publish: Publish): void {
    const { channelId, role } = publish.grant;
    const onAir = this.feeding.get(channelId);
    if (onAir) {
      if (!(role === 'primary' && onAir.grant.role === 'backup')) return;
      this.options.log(
        `[ingest ${channelId}] the primary is back: it takes the air from the backup`,
      );
      this.stopTranscoder(channelId);
    }
    const { session } = publish;
    const transcoder = new ChannelTranscoder({
      channelId,
      inputUrl: `rtmp://127.0.0.1:${this.options.rtmpPort}/${RTMP_APP}/${session.streamName}`,
      liveDir: this.options.liveDir,
      cardDir: this.options.cardDir,
      renditions: this.options.renditions,
      nowMs: this.options.nowMs,
      log: this.options.log,
      wrote: (track, slot) => {
        this.lastPartMs.set(channelId, this.options.nowMs());
        this.slateFor(channelId)?.live(track, slot);
      },
      held: () => this.held.has(channelId),
    });
    this.transcoders.set(channelId, transcoder);
    this.feeding.set(channelId, publish);
    transcoder.start();
  }

  private async ended(publish: Publish): Promise<void> {
    if (this.publishes.get(publish.session.id) !== publish) return;
    this.publishes.delete(publish.session.id);
    const { channelId } = publish.grant;
    this.inputEnded(publish);
    this.options.log(`publish ended: channel ${channelId} (${publish.grant.role})`);
    await this.release(publish);
  }

  /**
   * `gone` stopped publishing. When it was on air, its transcoder stops and the channel's other
   * input (the primary first, else the backup) goes on air, if one publishes; a standby input
   * leaving changes nothing on air.
   */
  private inputEnded(gone: Publish): void {
    const { channelId } = gone.grant;
    if (this.feeding.get(channelId) !== gone) return;
    this.stopTranscoder(channelId);
    const left = [...this.publishes.values()].filter((p) => p.grant.channelId === channelId);
    const next = left.find((p) => p.grant.role === 'primary') ?? left[0];
    if (!next) return;
    this.options.log(`[ingest ${channelId}] the ${next.grant.role} input goes on air`);
    this.transcode(next);
  }

  private stopTranscoder(channelId: string): void {
    this.transcoders.get(channelId)?.stop();
    this.transcoders.delete(channelId);
    this.feeding.delete(channelId);
  }

  /**
   * The slate up (or down) by hand (decision 450): while held, the transcoder writes no part, so
   * the channel's slate writer fills every slot from the next one on; the feed keeps publishing
   * and comes back on air when the slate is taken down.
   */
  hold(channelId: string, on: boolean): void {
    if (on) {
      this.held.add(channelId);
      this.slateFor(channelId);
    } else this.held.delete(channelId);
    this.options.log(`[ingest ${channelId}] slate ${on ? 'up' : 'down'} by hand`);
    this.reportHealth();
  }

  /** Every channel with an encoder, a slate or a recent part, looked at now. */
  private reportHealth(): void {
    const now = this.options.nowMs();
    const publishes = [...this.publishes.values()];
    const channels = new Set([
      ...publishes.map((p) => p.grant.channelId),
      ...this.slates.keys(),
      ...this.held,
      ...this.lastPartMs.keys(),
    ]);
    const reports = [...channels].map((channelId) => {
      const onAir = this.feeding.get(channelId) ?? null;
      const feeding = onAir?.grant.role ?? null;
      const mine = publishes.filter((p) => p.grant.channelId === channelId);
      const feed = onAir && mine.includes(onAir) ? onAir : null;
      const lastPartMs = this.lastPartMs.get(channelId) ?? null;
      if (!mine.length && lastPartMs !== null && now - lastPartMs > FORGET_AFTER_MS)
        this.lastPartMs.delete(channelId);
      return channelReport({
        channelId,
        nowMs: now,
        feeding,
        connected: mine.length > 0,
        slateHeld: this.held.has(channelId),
        slating: this.slates.has(channelId),
        lastPartMs,
        feed: feed ? feed.meter.sample(feed.session.inBytes, now) : null,
      });
    });
    if (reports.length) this.options.report?.(reports);
  }

  private async release({ session, grant }: Publish): Promise<void> {
    await this.options.authority
      .ask({ op: 'release', keyId: grant.keyId, publisherId: session.id })
      .catch(() => undefined);
  }

  /**
   * Renews every live publish; one whose key was revoked is dropped, and one sending what the
   * guard refuses (decision 440) too, its refusal recorded on its key through the API.
   */
  private async renewAll(): Promise<void> {
    await Promise.all(
      [...this.publishes.values()].map(async (publish) => {
        const refusal = publish.guard.inspect(publish.session, this.options.nowMs());
        if (refusal) {
          const { grant, session } = publish;
          this.drop(session, `${refusal.reason}: ${refusal.detail}`);
          if (this.publishes.get(session.id) !== publish) return;
          this.publishes.delete(session.id);
          this.inputEnded(publish);
          await this.options.authority
            .ask({ op: 'refuse', keyId: grant.keyId, publisherId: session.id, ...refusal })
            .catch(() => undefined);
          return;
        }
        const answer = await this.options.authority
          .ask({ op: 'renew', keyId: publish.grant.keyId, publisherId: publish.session.id })
          .catch(() => null);
        // The API away is not a refusal: the lease outlives a few missed renewals.
        if (answer?.status === 403) {
          this.drop(publish.session, 'the key was revoked');
          await this.ended(publish);
        }
      }),
    );
  }
}

/** @jest-environment node */
/**
 * The producer's ingest health and slate (issue 33 §2, decisions 448 and 450), on PGlite with
 * the real embedded media server (its own process, ports 19460–19489) and a real ffmpeg encoder:
 * a channel with no encoder reads empty; a publishing encoder's bitrate, frame rate (25),
 * keyframe interval (2 s: -g 50), part age and input on air appear within seconds, with the
 * viewer watching; the slate put up by hand is on air and taken down gives the feed back; the
 * encoder gone reads disconnected; a backup input takes the air when the primary drops and gives
 * it back when the primary returns (decision 473). Every call's roles: no session 401, support and scorer 403.
 * Nothing here is timed: each check polls until the ingest's own report says so.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PRODUCER_PATHS } from '@crease/contract';
import type { ChannelHealth, IngestKeyCreated } from '@crease/contract';
import { SEGMENT_MS } from '../streams/origin/dvr-window';
import { STREAM_FILE, ensureStreamMedia, mediaDirFor } from '../streams/media/render-media';
import { splitFragmentedFile } from '../streams/media/fmp4';
import { makeStaff, seedAdmin, staffBearer } from '../testing/staff-helpers';
import type { StaffLogin } from '../testing/staff-helpers';
import { ApiHost } from '../testing/test-api';
import type { CallOptions, RunningApi } from '../testing/test-api';
import { startStreamFixtures } from '../testing/stream-fixtures';
import type { StreamFixtures } from '../testing/stream-fixtures';
import { loadSlate, slatePart } from './server/slate';
import { liveSlots, portOpen, rtmpEncoder, slotFile, until } from './testing/rtmp-encoders';
import type { Encoder } from './testing/rtmp-encoders';

const RTMP_PORT = 19460 + (process.pid % 30);
const cacheRoot = path.resolve(__dirname, '..', '..', '..', '.cache', 'stream-media');
const liveDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-live-'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-ingest-data-'));

/** Whether the newest part of the 720p track is the slate's (as the ingest server rendered it). */
function newestIsSlate(channelId: string): boolean {
  const card = mediaDirFor(cacheRoot);
  const slate = loadSlate(
    path.join(dataDir, 'ingest-server', 'slate'),
    ['720p'],
    (track) => splitFragmentedFile(fs.readFileSync(path.join(card, track, STREAM_FILE))).init,
  );
  const slot = liveSlots(liveDir, channelId, '720p').at(-1);
  if (slot === undefined) return false;
  return (
    slatePart(slate, '720p', slot)?.equals(slotFile(liveDir, channelId, '720p', slot)!) ?? false
  );
}
const fill = (template: string, channelId: string) =>
  `/${template.replace(':channelId', channelId)}`;

describe('ingest health and the slate by hand [PGlite]', () => {
  let host: ApiHost;
  let f: StreamFixtures;
  let api: RunningApi;
  let producer: StaffLogin;
  const others: Partial<Record<'support' | 'scorer', StaffLogin>> = {};
  const encoders: Encoder[] = [];
  const channelId = () => `ch-${f.liveId}`;
  const health = async (as: CallOptions = staffBearer(producer.token)) => {
    const answer = await api
      .client()
      .get<ChannelHealth>(fill(PRODUCER_PATHS.health, channelId()), as);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const slate = (on: boolean, as: CallOptions = staffBearer(producer.token)) =>
    api
      .client()
      .request<ChannelHealth>(
        'PUT',
        fill(PRODUCER_PATHS.slate, channelId()),
        JSON.stringify({ on }),
        'application/json',
        as,
      );

  beforeAll(async () => {
    await ensureStreamMedia(cacheRoot);
    host = await ApiHost.launch(null);
    f = await startStreamFixtures(host, {
      start: new Date(Math.floor(Date.now() / SEGMENT_MS) * SEGMENT_MS),
      replicas: 1,
      env: {
        CREASE_DATA_DIR: dataDir,
        CREASE_INGEST_RTMP_PORT: String(RTMP_PORT),
        CREASE_INGEST_LIVE_DIR: liveDir,
        CREASE_INGEST_RTMP_URL: `rtmp://127.0.0.1:${RTMP_PORT}/live`,
        // One rendition: a loaded 2-core machine cannot encode the whole ladder in real time.
        CREASE_INGEST_RENDITIONS: '720p',
      },
      tag: `health-${process.pid}`,
    });
    [api] = f.replicas as [RunningApi];
    const client = api.client();
    const admin = await seedAdmin(host, client);
    producer = await makeStaff(client, admin, 'producer');
    for (const role of ['support', 'scorer'] as const)
      others[role] = await makeStaff(client, admin, role);
    await until('the RTMP port', () => portOpen(RTMP_PORT));
  }, 600_000);

  afterAll(async () => {
    for (const child of encoders) child.kill('SIGKILL');
    await f?.stop();
    await host?.close();
    fs.rmSync(liveDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 180_000);

  it('refuses health and slate without a session (401) and to support and scorer (403)', async () => {
    const client = api.client();
    for (const [as, status] of [
      [{ xsrf: false }, 401],
      [staffBearer(others.support!.token), 403],
      [staffBearer(others.scorer!.token), 403],
    ] as [CallOptions, number][]) {
      expect((await client.get(fill(PRODUCER_PATHS.health, channelId()), as)).status).toBe(status);
      expect((await slate(true, as)).status).toBe(status);
    }
    // Nothing was put up by the refused calls.
    expect((await health()).slateHeld).toBe(false);
  });

  it('reads empty with no encoder, then the feed’s real numbers, the slate by hand, and the encoder gone', async () => {
    expect(await health()).toEqual({
      channelId: channelId(),
      connected: false,
      slateHeld: false,
      onAir: 'none',
      samples: [],
    });
    const key = (
      await api
        .client()
        .postJson<IngestKeyCreated>(
          `/api/v1/operator/channels/${channelId()}/ingest-keys`,
          { role: 'primary' },
          staffBearer(producer.token),
        )
    ).body;
    const camera = rtmpEncoder(`rtmp://127.0.0.1:${RTMP_PORT}/live/${key.streamKey}`);
    encoders.push(camera);
    const viewer = await f.viewer('monthly');
    expect((await f.request(viewer)).status).toBe(201);

    // The encoder sends 25 frames a second with a keyframe every 50 (-g 50): 2 s.
    const live = await until('the feed measured', async () => {
      const read = await health();
      const last = read.samples.at(-1);
      return last?.onAir === 'primary' && last.keyframeSeconds !== null && last.frameRate! > 15
        ? { read, last }
        : null;
    });
    expect(live.read.connected).toBe(true);
    expect(live.last.keyframeSeconds).toBeCloseTo(2, 0);
    expect(live.last.inputKbps).toBeGreaterThan(20);
    expect(live.last.droppedFrames).toBe(0);
    expect(live.last.lastPartAgeMs).toBeLessThan(2000);
    expect(live.last.viewers).toBe(1);

    // The slate up by hand: on air at once in the answer, and in the ingest's own reports.
    const up = await slate(true);
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ slateHeld: true, onAir: 'slate' });
    expect((await slate(true)).status).toBe(200);
    await until('the ingest reporting the slate', async () =>
      (await health()).samples.at(-1)?.onAir === 'slate' ? true : null,
    );
    // The parts written from now on are the slate's, while the encoder keeps publishing.
    await until('slate parts on the channel', () => newestIsSlate(channelId()));
    expect((await health()).connected).toBe(true);
    const audit = await host.query<{ actor: string; after: unknown }>(
      'SELECT actor, after FROM staff_audit WHERE subject = $1',
      [`channel:${channelId()}`],
    );
    // The second press changed nothing: one entry.
    expect(audit).toEqual([{ actor: `staff:${producer.id}`, after: { slateHeld: true } }]);
    expect((await slate(false)).body.slateHeld).toBe(false);
    await until('the feed on air again', async () =>
      (await health()).samples.at(-1)?.onAir === 'primary' ? true : null,
    );
    await until('live parts again', () => !newestIsSlate(channelId()));

    camera.kill('SIGKILL');
    const gone = await until('the encoder gone', async () => {
      const read = await health();
      return read.connected ? null : read;
    });
    expect(gone.samples.at(-1)?.inputKbps).toBeNull();
    // The history is kept: samples from the feed are still there to chart.
    expect(gone.samples.some((s) => s.onAir === 'primary')).toBe(true);
  }, 240_000);

  it('puts the backup input on air when the primary drops, and the primary again when it returns', async () => {
    const newKey = async (role: 'primary' | 'backup') =>
      (
        await api
          .client()
          .postJson<IngestKeyCreated>(
            `/api/v1/operator/channels/${channelId()}/ingest-keys`,
            { role },
            staffBearer(producer.token),
          )
      ).body;
    const [primaryKey, backupKey] = [await newKey('primary'), await newKey('backup')];
    const encode = (key: IngestKeyCreated) => {
      const encoder = rtmpEncoder(`rtmp://127.0.0.1:${RTMP_PORT}/live/${key.streamKey}`);
      encoders.push(encoder);
      return encoder;
    };
    const onAir = (input: 'primary' | 'backup') =>
      until(`the ${input} on air with live parts`, async () => {
        const last = (await health()).samples.at(-1);
        return last?.onAir === input && last.lastPartAgeMs !== null && !newestIsSlate(channelId())
          ? true
          : null;
      });
    const primary = encode(primaryKey);
    encode(backupKey);
    await onAir('primary');

    // The primary's encoder dies: the backup, publishing beside it all along, takes the air.
    primary.kill('SIGKILL');
    await primary.exited;
    await onAir('backup');
    const backupSlots = liveSlots(liveDir, channelId(), '720p');

    // The primary is back on its key: it takes the air again, and the backup stands by.
    encode(primaryKey);
    await onAir('primary');
    const read = await health();
    expect(read.connected).toBe(true);
    // Every slot from the backup's first part on was written (live or slate): no hole.
    const slots = liveSlots(liveDir, channelId(), '720p');
    const from = backupSlots.at(-1)!;
    const written = slots.filter((slot) => slot >= from);
    expect(written).toEqual(Array.from({ length: written.at(-1)! - from + 1 }, (_, i) => from + i));
  }, 240_000);
});

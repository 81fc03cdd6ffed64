/** @jest-environment node */
/**
 * Stream keys over real HTTP, the same suite on PGlite and on PostgreSQL (issue 32 §1): an
 * operator makes a key (shown once, stored as a digest, audited), the media server's publish
 * question refuses a wrong or revoked key and a second encoder on a key already publishing, lets
 * the channel's backup key publish beside the primary, and a revoked key's publisher loses its
 * lease at the next renewal. Rotation is a new key and the old one revoked. The race of two
 * encoders connecting at once runs on PostgreSQL.
 */
import crypto from 'node:crypto';
import type { IngestKeyCreated, IngestKeySummary, IngestPublishGrant } from '@crease/contract';
import { describeEachDatabase } from '../testing/test-api';
import type { ApiClient, CallOptions, RunningApi } from '../testing/test-api';
import { describeOnPostgres } from '../testing/postgres-suite';

const OPERATOR_TOKEN = 'ingest-operator-token-0123456789';
const SERVER_SECRET = crypto.randomBytes(32).toString('base64url');
const ENV = {
  CREASE_CATALOG_OPERATOR_TOKENS: `olive:${OPERATOR_TOKEN}`,
  CREASE_INGEST_SECRET: SERVER_SECRET,
  CREASE_INGEST_RTMP_URL: 'rtmp://ingest.example.test:19350/live',
};
const operator: CallOptions = { bearer: OPERATOR_TOKEN, xsrf: false };
const server: CallOptions = { bearer: SERVER_SECRET, xsrf: false };
let channels = 0;
const newChannel = () => `ch-ingest-${process.pid}-${(channels += 1)}`;

const keysPath = (channelId: string) => `/api/v1/operator/channels/${channelId}/ingest-keys`;

async function createKey(
  client: ApiClient,
  channelId: string,
  role?: 'primary' | 'backup',
): Promise<IngestKeyCreated> {
  const { status, body } = await client.postJson<IngestKeyCreated>(
    keysPath(channelId),
    role ? { role } : {},
    operator,
  );
  expect(status).toBe(201);
  return body;
}

const publish = (client: ApiClient, streamKey: string, publisherId: string) =>
  client.postJson<IngestPublishGrant & { code?: string }>(
    '/api/v1/ingest/publishes',
    { streamKey, publisherId },
    server,
  );
const renew = (client: ApiClient, keyId: string, publisherId: string) =>
  client.request<IngestPublishGrant & { code?: string }>(
    'PUT',
    `/api/v1/ingest/publishes/${keyId}`,
    JSON.stringify({ publisherId }),
    'application/json',
    server,
  );
const leave = (client: ApiClient, keyId: string, publisherId: string) =>
  client.request(
    'DELETE',
    `/api/v1/ingest/publishes/${keyId}?publisherId=${publisherId}`,
    undefined,
    undefined,
    server,
  );
const revoke = (client: ApiClient, channelId: string, keyId: string) =>
  client.request('DELETE', `${keysPath(channelId)}/${keyId}`, undefined, undefined, operator);

describeEachDatabase('stream keys', (host) => {
  let api: RunningApi;
  let client: ApiClient;
  beforeAll(async () => {
    api = await host().start(ENV);
  });
  afterAll(async () => {
    await api?.close();
  });
  beforeEach(() => {
    client = api.client();
  });

  it('makes a key shown once, keeps only its digest, and audits it', async () => {
    const channelId = newChannel();
    const { status, headers, body } = await client.request<IngestKeyCreated>(
      'POST',
      keysPath(channelId),
      undefined,
      undefined,
      operator,
    );
    expect(status).toBe(201);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body).toEqual({
      keyId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      channelId,
      role: 'primary',
      streamKey: expect.stringMatching(/^live_[A-Za-z0-9_-]{43}$/),
      rtmpUrl: 'rtmp://ingest.example.test:19350/live',
    });
    const rows = await host().query<Record<string, unknown>>(
      'SELECT * FROM ingest_keys WHERE id = $1',
      [body.keyId],
    );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(body.streamKey);
    expect(rows[0]?.key_hash).toBe(
      crypto.createHash('sha256').update(body.streamKey).digest('base64url'),
    );
    const audit = await host().query<{ actor: string; action: string }>(
      'SELECT actor, action FROM ingest_audit WHERE key_id = $1',
      [body.keyId],
    );
    expect(audit).toEqual([{ actor: 'olive', action: 'key.create' }]);
    // The list never shows a key again.
    const list = await client.get<IngestKeySummary[]>(keysPath(channelId), operator);
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(body.streamKey);
    expect(list.body).toEqual([
      expect.objectContaining({ keyId: body.keyId, role: 'primary', revokedAt: null }),
    ]);
  });

  it('refuses callers without the right tokens and malformed requests', async () => {
    const channelId = newChannel();
    expect((await client.postJson(keysPath(channelId), {}, { xsrf: false })).status).toBe(401);
    expect(
      (await client.postJson(keysPath(channelId), {}, { bearer: 'nope', xsrf: false })).status,
    ).toBe(401);
    const badRole = await client.postJson(keysPath(channelId), { role: 'spare' }, operator);
    expect(badRole.status).toBe(400);
    expect(badRole.body.code).toBe('VALIDATION_FAILED');
    expect(
      (await client.postJson('/api/v1/operator/channels/Bad_Id/ingest-keys', {}, operator)).status,
    ).toBe(400);
    const { streamKey } = await createKey(client, channelId);
    expect((await publish(client, streamKey, 'p1')).status).toBe(201);
    const noSecret = await client.postJson(
      '/api/v1/ingest/publishes',
      { streamKey, publisherId: 'p2' },
      operator,
    );
    expect(noSecret.status).toBe(401);
    expect(noSecret.body.code).toBe('INGEST_SERVER_UNAUTHORIZED');
  });

  it('refuses a wrong key', async () => {
    const refused = await publish(
      client,
      `live_${crypto.randomBytes(32).toString('base64url')}`,
      'p',
    );
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('INGEST_KEY_REFUSED');
  });

  it('refuses a revoked key at connect and at the live publisher’s next renewal', async () => {
    const channelId = newChannel();
    const key = await createKey(client, channelId);
    const grant = await publish(client, key.streamKey, 'encoder-1');
    expect(grant.status).toBe(201);
    expect(grant.body).toEqual({ keyId: key.keyId, channelId, role: 'primary', leaseSeconds: 10 });
    expect((await renew(client, key.keyId, 'encoder-1')).status).toBe(200);

    expect((await revoke(client, channelId, key.keyId)).status).toBe(204);
    const renewal = await renew(client, key.keyId, 'encoder-1');
    expect(renewal.status).toBe(403);
    expect(renewal.body.code).toBe('INGEST_KEY_REFUSED');
    const again = await publish(client, key.streamKey, 'encoder-2');
    expect(again.status).toBe(403);
    expect(again.body.code).toBe('INGEST_KEY_REFUSED');

    // Revoking again changes nothing; an unknown key, or another channel's, is a 404.
    expect((await revoke(client, channelId, key.keyId)).status).toBe(204);
    expect((await revoke(client, newChannel(), key.keyId)).status).toBe(404);
    expect((await revoke(client, channelId, crypto.randomUUID())).status).toBe(404);
    const audit = await host().query<{ action: string }>(
      'SELECT action FROM ingest_audit WHERE key_id = $1 ORDER BY id',
      [key.keyId],
    );
    expect(audit.map((a) => a.action)).toEqual(['key.create', 'key.revoke']);
    const [listed] = (await client.get<IngestKeySummary[]>(keysPath(channelId), operator)).body;
    expect(listed?.revokedAt).not.toBeNull();
  });

  it('refuses a second encoder on a key that publishes, and lets the backup key publish beside it', async () => {
    const channelId = newChannel();
    const primary = await createKey(client, channelId);
    const backup = await createKey(client, channelId, 'backup');
    expect(backup.role).toBe('backup');

    expect((await publish(client, primary.streamKey, 'encoder-a')).status).toBe(201);
    const second = await publish(client, primary.streamKey, 'encoder-b');
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('INGEST_KEY_IN_USE');
    const onBackup = await publish(client, backup.streamKey, 'encoder-b');
    expect(onBackup.status).toBe(201);
    expect(onBackup.body).toMatchObject({ channelId, role: 'backup' });
    // The same connection asking again is not a second encoder.
    expect((await publish(client, primary.streamKey, 'encoder-a')).status).toBe(201);
    const listed = (await client.get<IngestKeySummary[]>(keysPath(channelId), operator)).body;
    expect(listed.every((k) => k.publishing)).toBe(true);

    // The encoder leaves: the key is free for the next one.
    expect((await leave(client, primary.keyId, 'encoder-a')).status).toBe(204);
    expect((await publish(client, primary.streamKey, 'encoder-c')).status).toBe(201);
    // A media server that died never renews: the lease lapses and a new encoder gets the key.
    expect((await publish(client, primary.streamKey, 'encoder-d')).status).toBe(409);
    await api.advanceClock(11);
    expect((await publish(client, primary.streamKey, 'encoder-d')).status).toBe(201);
    expect((await renew(client, primary.keyId, 'encoder-c')).status).toBe(403);
  });

  it('rotates a key: the new one publishes, the old one is refused', async () => {
    const channelId = newChannel();
    const old = await createKey(client, channelId);
    const fresh = await createKey(client, channelId);
    expect((await revoke(client, channelId, old.keyId)).status).toBe(204);
    expect((await publish(client, old.streamKey, 'x')).status).toBe(403);
    expect((await publish(client, fresh.streamKey, 'y')).status).toBe(201);
  });
});

describeOnPostgres('stream keys: encoders racing for one key', (host) => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await host().start(ENV);
  });
  afterAll(async () => {
    await api?.close();
  });

  it('gives the key to exactly one of several encoders connecting at once', async () => {
    const client = api.client();
    for (let round = 0; round < 5; round++) {
      const { streamKey } = await createKey(client, newChannel());
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => publish(api.client(), streamKey, `racer-${i}`)),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    }
  });
});

/** @jest-environment node */
/**
 * A producer manages ingest keys with a staff session (issue 33 §2, decision 399), over real
 * HTTP on PGlite and PostgreSQL: producer and admin may create, list and revoke; support and
 * scorer get 403; no session (and a password without a second factor) 401; the operator token
 * still works as a bot. The audit names the person, never the stream key.
 */
import crypto from 'node:crypto';
import type { IngestKeyCreated } from '@crease/contract';
import { makeStaff, seedAdmin, signInStaff, staffBearer } from '../testing/staff-helpers';
import type { StaffLogin } from '../testing/staff-helpers';
import { apiForSuite, describeEachDatabase } from '../testing/test-api';
import type { CallOptions } from '../testing/test-api';

const OPERATOR_TOKEN = 'producer-suite-operator-token-0123';
const ENV = {
  CREASE_CATALOG_OPERATOR_TOKENS: `encoder-bot:${OPERATOR_TOKEN}`,
  CREASE_INGEST_SECRET: crypto.randomBytes(32).toString('base64url'),
  CREASE_INGEST_RTMP_URL: 'rtmp://ingest.example.test:19350/live',
};
const keysPath = (channelId: string) => `/api/v1/operator/channels/${channelId}/ingest-keys`;
let channels = 0;
const newChannel = () => `ch-producer-${process.pid}-${(channels += 1)}`;

describeEachDatabase('ingest keys with a staff session', (host) => {
  const suite = apiForSuite(host, ENV);
  let admin: StaffLogin;
  const staff: Partial<Record<'producer' | 'support' | 'scorer', StaffLogin>> = {};
  beforeAll(async () => {
    const client = suite.api.client();
    admin = await seedAdmin(host(), client);
    for (const role of ['producer', 'support', 'scorer'] as const)
      staff[role] = await makeStaff(client, admin, role);
  }, 60_000);

  it('lets producer and admin create, list and revoke; support and scorer 403; no session 401', async () => {
    const client = suite.api.client();
    const noFactor = await signInStaff(client, staff.producer!.email, {});
    expect(noFactor.status).toBe(400);
    const who: [string, CallOptions, number | 'ok'][] = [
      ['none', { xsrf: false }, 401],
      ['support', staffBearer(staff.support!.token), 403],
      ['scorer', staffBearer(staff.scorer!.token), 403],
      ['producer', staffBearer(staff.producer!.token), 'ok'],
      ['admin', staffBearer(admin.token), 'ok'],
      ['operator token', { bearer: OPERATOR_TOKEN, xsrf: false }, 'ok'],
    ];
    for (const [role, options, expected] of who) {
      const channelId = newChannel();
      const created = await client.postJson<IngestKeyCreated>(
        keysPath(channelId),
        { role: 'primary' },
        options,
      );
      const listed = await client.get(keysPath(channelId), options);
      // Revoke a key that exists (made by the operator) so a refusal is the role's, not a 404.
      const victim = (
        await client.postJson<IngestKeyCreated>(
          keysPath(channelId),
          { role: 'backup' },
          {
            bearer: OPERATOR_TOKEN,
            xsrf: false,
          },
        )
      ).body;
      const revoked = await client.request(
        'DELETE',
        `${keysPath(channelId)}/${victim.keyId}`,
        undefined,
        undefined,
        options,
      );
      const statuses = [created.status, listed.status, revoked.status];
      const ok = (status: number) =>
        expected === 'ok' ? status >= 200 && status < 300 : status === expected;
      expect({ role, statuses, ok: statuses.every(ok) }).toEqual({ role, statuses, ok: true });
      if (expected === 'ok') expect(created.body.streamKey).toEqual(expect.any(String));
    }
  });

  it("audits a producer's key as the producer, never the stream key", async () => {
    const client = suite.api.client();
    const channelId = newChannel();
    const created = await client.postJson<IngestKeyCreated>(
      keysPath(channelId),
      {},
      staffBearer(staff.producer!.token),
    );
    expect(created.status).toBe(201);
    const rows = await host().query<{ actor: string; action: string; after: unknown }>(
      'SELECT actor, action, after FROM staff_audit WHERE subject = $1',
      [`ingest-key:${created.body.keyId}`],
    );
    expect(rows).toEqual([
      {
        actor: `staff:${staff.producer!.id}`,
        action: 'ingest.key.create',
        after: { keyId: created.body.keyId, channelId, role: 'primary' },
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain(created.body.streamKey);
    const listed = await client.get<Array<{ createdBy: string }>>(
      keysPath(channelId),
      staffBearer(staff.producer!.token),
    );
    expect(listed.body[0]?.createdBy).toBe(`staff:${staff.producer!.id}`);
  });
});

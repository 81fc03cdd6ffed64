/**
 * A channel's stream keys (issue 32 §1, decision 415): made by an operator and shown once,
 * stored as SHA-256 digests, revoked by an operator; each change audited in the same
 * transaction. The media server asks here whether an encoder may publish: a wrong or revoked key
 * is refused, and a key already publishing is refused to a second encoder (the channel's backup
 * input has a key of its own). The publish is a lease that the media server renews; a revoked key
 * fails its next renewal, so its encoder is dropped within the renewal interval.
 */
import crypto from 'node:crypto';
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type {
  IngestKeySummary,
  IngestRefusal,
  IngestRefusalReason,
  IngestRole,
} from '@crease/contract';
import type { Clock } from '../platform/clock';
import type { Db } from '../platform/db/client';
import { ApiError } from './errors';
import { ingestAudit, ingestKeys } from './tables';

/** A stream key: a prefix that says what it is, then 256 random bits. */
const KEY_PREFIX = 'live_';

export const digestKey = (streamKey: string) =>
  crypto.createHash('sha256').update(streamKey).digest('base64url');

export interface PublishLease {
  keyId: string;
  channelId: string;
  role: IngestRole;
}

export class StreamKeys {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly leaseSeconds: number,
  ) {}

  /** A new key for the channel: its id and the key itself, which is never shown again. */
  async create(
    actor: string,
    channelId: string,
    role: IngestRole,
  ): Promise<{ keyId: string; streamKey: string }> {
    const keyId = crypto.randomUUID();
    const streamKey = KEY_PREFIX + crypto.randomBytes(32).toString('base64url');
    const at = this.clock.now();
    await this.db.transaction(async (tx) => {
      await tx.insert(ingestKeys).values({
        id: keyId,
        channelId,
        role,
        keyHash: digestKey(streamKey),
        createdAt: at,
        createdBy: actor,
      });
      await tx
        .insert(ingestAudit)
        .values({ actor, at, action: 'key.create', channelId, keyId, detail: { role } });
    });
    return { keyId, streamKey };
  }

  /**
   * Revokes a key of the channel. A key already revoked stays as it was (the call is repeatable,
   * one audit entry); a key of another channel, or none, is a 404.
   */
  async revoke(actor: string, channelId: string, keyId: string): Promise<void> {
    const at = this.clock.now();
    await this.db.transaction(async (tx) => {
      const [key] = await tx
        .select({ revokedAt: ingestKeys.revokedAt })
        .from(ingestKeys)
        .where(and(eq(ingestKeys.id, keyId), eq(ingestKeys.channelId, channelId)))
        .for('update');
      if (!key) throw new ApiError('INGEST_KEY_NOT_FOUND');
      if (key.revokedAt) return;
      await tx
        .update(ingestKeys)
        .set({ revokedAt: at, revokedBy: actor })
        .where(eq(ingestKeys.id, keyId));
      await tx
        .insert(ingestAudit)
        .values({ actor, at, action: 'key.revoke', channelId, keyId, detail: {} });
    });
  }

  /** The channel's keys, newest first, without the keys themselves. */
  async list(channelId: string): Promise<IngestKeySummary[]> {
    const now = this.clock.now();
    const rows = await this.db
      .select()
      .from(ingestKeys)
      .where(eq(ingestKeys.channelId, channelId))
      .orderBy(desc(ingestKeys.createdAt));
    const refusals = await this.lastRefusals(channelId);
    return rows.map((row) => ({
      keyId: row.id,
      channelId: row.channelId,
      role: row.role,
      createdAt: row.createdAt.toISOString(),
      createdBy: row.createdBy,
      revokedAt: row.revokedAt?.toISOString() ?? null,
      publishing:
        row.publisherId !== null && (row.publisherLeaseUntil?.getTime() ?? 0) > now.getTime(),
      lastRefusal: refusals.get(row.id) ?? null,
    }));
  }

  /** The newest refusal per key of the channel, from its audit. */
  private async lastRefusals(channelId: string): Promise<Map<string, IngestRefusal>> {
    const rows = await this.db
      .select()
      .from(ingestAudit)
      .where(and(eq(ingestAudit.channelId, channelId), eq(ingestAudit.action, 'publish.refused')))
      .orderBy(desc(ingestAudit.id))
      .limit(200);
    const newest = new Map<string, IngestRefusal>();
    for (const row of rows)
      if (!newest.has(row.keyId))
        newest.set(row.keyId, {
          at: row.at.toISOString(),
          reason: row.detail.reason as IngestRefusalReason,
          detail: String(row.detail.detail),
        });
    return newest;
  }

  /**
   * The media server dropped this key's publisher for what it sent (decision 440): recorded in
   * the key's audit, and its lease ended in the same transaction so the encoder may try again.
   */
  async refuse(
    keyId: string,
    publisherId: string,
    reason: IngestRefusalReason,
    detail: string,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [key] = await tx
        .update(ingestKeys)
        .set({ publisherId: null, publisherLeaseUntil: null })
        .where(and(eq(ingestKeys.id, keyId), eq(ingestKeys.publisherId, publisherId)))
        .returning({ channelId: ingestKeys.channelId });
      if (!key) return;
      await tx.insert(ingestAudit).values({
        actor: 'ingest',
        at: this.clock.now(),
        action: 'publish.refused',
        channelId: key.channelId,
        keyId,
        detail: { reason, detail },
      });
    });
  }

  /** Whether the channel has a key not revoked: then its matches play the live input. */
  async hasLiveKey(channelId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: ingestKeys.id })
      .from(ingestKeys)
      .where(and(eq(ingestKeys.channelId, channelId), isNull(ingestKeys.revokedAt)))
      .limit(1);
    return row !== undefined;
  }

  private leaseEnd(): Date {
    return new Date(this.clock.now().getTime() + this.leaseSeconds * 1000);
  }

  /**
   * An encoder connects with `streamKey`: the key's publish lease for `publisherId`, in one
   * statement, so of two encoders connecting at once exactly one gets it. Refused: a wrong or
   * revoked key (403), a key whose lease another publisher holds (409).
   */
  async claim(streamKey: string, publisherId: string): Promise<PublishLease> {
    const now = this.clock.now();
    const keyHash = digestKey(streamKey);
    const [claimed] = await this.db
      .update(ingestKeys)
      .set({ publisherId, publisherLeaseUntil: this.leaseEnd() })
      .where(
        and(
          eq(ingestKeys.keyHash, keyHash),
          isNull(ingestKeys.revokedAt),
          or(
            isNull(ingestKeys.publisherId),
            eq(ingestKeys.publisherId, publisherId),
            lt(ingestKeys.publisherLeaseUntil, now),
          ),
        ),
      )
      .returning({ keyId: ingestKeys.id, channelId: ingestKeys.channelId, role: ingestKeys.role });
    if (claimed) return claimed;
    const [key] = await this.db
      .select({ revokedAt: ingestKeys.revokedAt })
      .from(ingestKeys)
      .where(eq(ingestKeys.keyHash, keyHash));
    if (!key || key.revokedAt) throw new ApiError('INGEST_KEY_REFUSED');
    throw new ApiError('INGEST_KEY_IN_USE');
  }

  /** The media server renews a publish it holds; a revoked key (or a lease lost) is refused. */
  async renew(keyId: string, publisherId: string): Promise<PublishLease> {
    const [renewed] = await this.db
      .update(ingestKeys)
      .set({ publisherLeaseUntil: this.leaseEnd() })
      .where(
        and(
          eq(ingestKeys.id, keyId),
          eq(ingestKeys.publisherId, publisherId),
          isNull(ingestKeys.revokedAt),
        ),
      )
      .returning({ keyId: ingestKeys.id, channelId: ingestKeys.channelId, role: ingestKeys.role });
    if (!renewed) throw new ApiError('INGEST_KEY_REFUSED');
    return renewed;
  }

  /** The encoder left: its lease ends now (only that publisher's). */
  async release(keyId: string, publisherId: string): Promise<void> {
    await this.db
      .update(ingestKeys)
      .set({ publisherId: null, publisherLeaseUntil: null })
      .where(and(eq(ingestKeys.id, keyId), eq(ingestKeys.publisherId, publisherId)));
  }
}

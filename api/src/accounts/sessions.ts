import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { TokenResponse } from '@crease/contract';
import type { Clock } from '../platform/clock';
import { systemClock } from '../platform/clock';
import type { Db, PreparedQuery } from '../platform/db/client';
import { refreshFamilies, refreshTokens, users } from './tables';
import { ApiError } from './errors';
import type { AccessTokens } from './access-tokens';
import { hashOpaqueToken, newOpaqueToken } from './opaque-tokens';
import { openSuccessor, sealSuccessor } from './refresh-retry';

export interface SessionPolicy {
  refreshIdleSeconds: number;
  refreshAbsoluteSeconds: number;
  refreshReuseGraceSeconds: number;
}

export type IssuedTokens = TokenResponse & { token_type: 'Bearer'; sid: string };

interface RefreshRow {
  family_id: string;
  user_id: string;
  used_at: Date | string | null;
  revoked_at: Date | string | null;
  issued: number;
}

/**
 * The refresh grant in one statement: look the token up, spend it if it is live, insert its
 * successor. $1 the presented token's hash, $2 now, $3 the successor's id, $4 its hash, $5 its
 * idle expiry (capped at the family's), $6 the successor sealed for a retry of this request
 * (NULL without an Idempotency-Key, decision 050). A constant text, so PostgreSQL plans it once
 * per connection (a named prepared statement, decision 018).
 */
const REFRESH_GRANT_SQL = `
  WITH cur AS (
    SELECT t.id, t.used_at, t.expires_at, f.id AS family_id, f.expires_at AS family_expires_at,
           f.revoked_at, f.user_id, u.active
    FROM refresh_tokens t
    JOIN refresh_families f ON f.id = t.family_id
    JOIN users u ON u.id = f.user_id
    WHERE t.token_hash = $1::text
  ), spent AS (
    UPDATE refresh_tokens SET used_at = $2::timestamptz, retry_sealed = $6::text
    WHERE id = (
      SELECT id FROM cur
      WHERE used_at IS NULL AND revoked_at IS NULL AND active
        AND expires_at > $2::timestamptz AND family_expires_at > $2::timestamptz
    ) AND used_at IS NULL
    RETURNING family_id
  ), issued AS (
    INSERT INTO refresh_tokens (id, family_id, token_hash, created_at, expires_at)
    SELECT $3::uuid, cur.family_id, $4::text, $2::timestamptz,
           LEAST($5::timestamptz, cur.family_expires_at)
    FROM spent JOIN cur ON cur.family_id = spent.family_id
    RETURNING id
  )
  SELECT cur.family_id, cur.user_id, cur.used_at, cur.revoked_at,
         (SELECT count(*) FROM issued)::int AS issued
  FROM cur`;

/**
 * Sign-in sessions as refresh-token families (decision 013): every refresh rotates the token,
 * a spent token replayed later revokes the whole family, and a family lives at most
 * `refreshAbsoluteSeconds` whatever happens, each token at most `refreshIdleSeconds` unused.
 */
export class Sessions {
  constructor(
    private readonly db: Db,
    private readonly accessTokens: AccessTokens,
    private readonly policy: SessionPolicy,
    private readonly prepared: PreparedQuery,
    private readonly clock: Clock = systemClock,
  ) {}

  private async issue(
    tx: Pick<Db, 'insert'>,
    userId: string,
    familyId: string,
    familyExpiresAt: Date,
    now: Date,
  ): Promise<IssuedTokens> {
    const refreshToken = newOpaqueToken();
    const idleEnd = now.getTime() + this.policy.refreshIdleSeconds * 1000;
    await tx.insert(refreshTokens).values({
      id: crypto.randomUUID(),
      familyId,
      tokenHash: hashOpaqueToken(refreshToken),
      createdAt: now,
      expiresAt: new Date(Math.min(idleEnd, familyExpiresAt.getTime())),
    });
    const accessToken = await this.accessTokens.sign({ sub: userId, sid: familyId });
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: this.accessTokens.lifetimeSeconds,
      token_type: 'Bearer',
      sid: familyId,
    };
  }

  /** A new family for a successful password grant. */
  async start(userId: string): Promise<IssuedTokens> {
    const now = this.clock.now();
    const familyId = crypto.randomUUID();
    const expiresAt = new Date(now.getTime() + this.policy.refreshAbsoluteSeconds * 1000);
    return this.db.transaction(async (tx) => {
      await tx.insert(refreshFamilies).values({ id: familyId, userId, createdAt: now, expiresAt });
      return this.issue(tx, userId, familyId, expiresAt, now);
    });
  }

  private async tokensFor(userId: string, familyId: string, refreshToken: string) {
    const accessToken = await this.accessTokens.sign({ sub: userId, sid: familyId });
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: this.accessTokens.lifetimeSeconds,
      token_type: 'Bearer' as const,
      sid: familyId,
    };
  }

  /**
   * The refresh grant. Throws INVALID_REFRESH_TOKEN for every way a token can be dead.
   * One statement does the lookup, spends the token and inserts its successor: atomic without an
   * explicit transaction, one round trip (the hot path of every open tab, decision 013).
   * With an `idempotencyKey`, a retry of this same request within the reuse grace window gets
   * the same successor back instead of `invalid_grant` (its first answer was lost, decision 050).
   */
  async refresh(refreshToken: string, idempotencyKey?: string): Promise<IssuedTokens> {
    const dead = () => new ApiError('INVALID_REFRESH_TOKEN');
    const now = this.clock.now();
    const nowIso = now.toISOString();
    const idleEnd = new Date(now.getTime() + this.policy.refreshIdleSeconds * 1000).toISOString();
    const next = newOpaqueToken();
    const sealed = idempotencyKey ? sealSuccessor(refreshToken, idempotencyKey, next) : null;
    const [row] = await this.prepared<RefreshRow>('crease_refresh_grant', REFRESH_GRANT_SQL, [
      hashOpaqueToken(refreshToken),
      nowIso,
      crypto.randomUUID(),
      hashOpaqueToken(next),
      idleEnd,
      sealed,
    ]);
    if (!row) throw dead();
    if (row.issued === 1) return this.tokensFor(row.user_id, row.family_id, next);
    if (idempotencyKey) {
      const replayed = await this.replayRetry(refreshToken, idempotencyKey, now);
      if (replayed) return replayed;
    }
    // Spent before this request read it: a replay (or, just now, a lost race). A token spent by
    // a concurrent request during this one is a lost race by definition: nothing to revoke.
    if (row.used_at && !row.revoked_at)
      await this.onSpentToken(row.family_id, new Date(row.used_at), now);
    throw dead();
  }

  /**
   * A spent token with an Idempotency-Key: the retry of the request that spent it gets that
   * request's successor, if the family is live, the retry comes within the reuse grace window
   * and the successor is still unused. Anything else (another key: a second tab or a thief) is
   * not a retry and goes on to the reuse rules. Read afresh: the spending request may have
   * committed while this one's statement ran.
   */
  private async replayRetry(
    refreshToken: string,
    idempotencyKey: string,
    now: Date,
  ): Promise<IssuedTokens | null> {
    const [spent] = await this.db
      .select({
        usedAt: refreshTokens.usedAt,
        retrySealed: refreshTokens.retrySealed,
        familyId: refreshFamilies.id,
        userId: refreshFamilies.userId,
        revokedAt: refreshFamilies.revokedAt,
        familyExpiresAt: refreshFamilies.expiresAt,
        active: users.active,
      })
      .from(refreshTokens)
      .innerJoin(refreshFamilies, eq(refreshFamilies.id, refreshTokens.familyId))
      .innerJoin(users, eq(users.id, refreshFamilies.userId))
      .where(eq(refreshTokens.tokenHash, hashOpaqueToken(refreshToken)));
    if (!spent?.usedAt || !spent.retrySealed || spent.revokedAt || !spent.active) return null;
    if (spent.familyExpiresAt <= now) return null;
    if (now.getTime() - spent.usedAt.getTime() > this.policy.refreshReuseGraceSeconds * 1000)
      return null;
    const successor = openSuccessor(refreshToken, idempotencyKey, spent.retrySealed);
    if (!successor) return null;
    const [live] = await this.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(
        and(
          eq(refreshTokens.tokenHash, hashOpaqueToken(successor)),
          isNull(refreshTokens.usedAt),
          gt(refreshTokens.expiresAt, now),
        ),
      );
    if (!live) return null;
    return this.tokensFor(spent.userId, spent.familyId, successor);
  }

  /**
   * A spent token came back. Within the grace window it is the losing side of a race between two
   * tabs (the winner's tokens are in shared storage); later it is a replay: revoke the family.
   */
  private async onSpentToken(familyId: string, usedAt: Date, now: Date): Promise<void> {
    if (now.getTime() - usedAt.getTime() <= this.policy.refreshReuseGraceSeconds * 1000) return;
    await this.revokeFamily(familyId, 'reuse');
  }

  async revokeFamily(familyId: string, reason: string): Promise<void> {
    await this.db
      .update(refreshFamilies)
      .set({ revokedAt: this.clock.now(), revokedReason: reason })
      .where(and(eq(refreshFamilies.id, familyId), isNull(refreshFamilies.revokedAt)));
  }

  /** RFC 7009 sign-out: the token's family, whatever state the token is in. Unknown: nothing. */
  async revokeByToken(refreshToken: string): Promise<void> {
    const [row] = await this.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashOpaqueToken(refreshToken)));
    if (row) await this.revokeFamily(row.familyId, 'sign-out');
  }

  /** Every session of the user, except `keepFamilyId` (the caller's own, on password change). */
  async revokeAllForUser(
    tx: Pick<Db, 'update'>,
    userId: string,
    reason: string,
    keepFamilyId?: string,
  ): Promise<void> {
    await tx
      .update(refreshFamilies)
      .set({ revokedAt: this.clock.now(), revokedReason: reason })
      .where(
        and(
          eq(refreshFamilies.userId, userId),
          isNull(refreshFamilies.revokedAt),
          keepFamilyId ? ne(refreshFamilies.id, keepFamilyId) : undefined,
        ),
      );
  }
}

import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { TokenResponse } from '@crease/contract';
import type { Db } from '../db/client';
import { refreshFamilies, refreshTokens, users } from '../db/schema';
import { ApiError } from '../errors';
import type { AccessTokens } from './access-tokens';
import { hashOpaqueToken, newOpaqueToken } from './opaque-tokens';

export interface SessionPolicy {
  refreshIdleSeconds: number;
  refreshAbsoluteSeconds: number;
  refreshReuseGraceSeconds: number;
}

export type IssuedTokens = TokenResponse & { token_type: 'Bearer'; sid: string };

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
    const now = new Date();
    const familyId = crypto.randomUUID();
    const expiresAt = new Date(now.getTime() + this.policy.refreshAbsoluteSeconds * 1000);
    return this.db.transaction(async (tx) => {
      await tx.insert(refreshFamilies).values({ id: familyId, userId, createdAt: now, expiresAt });
      return this.issue(tx, userId, familyId, expiresAt, now);
    });
  }

  /** The refresh grant. Throws INVALID_REFRESH_TOKEN for every way a token can be dead. */
  async refresh(refreshToken: string): Promise<IssuedTokens> {
    const dead = () => new ApiError('INVALID_REFRESH_TOKEN');
    const now = new Date();
    const [row] = await this.db
      .select({
        id: refreshTokens.id,
        usedAt: refreshTokens.usedAt,
        expiresAt: refreshTokens.expiresAt,
        familyId: refreshFamilies.id,
        familyExpiresAt: refreshFamilies.expiresAt,
        revokedAt: refreshFamilies.revokedAt,
        userId: refreshFamilies.userId,
        active: users.active,
      })
      .from(refreshTokens)
      .innerJoin(refreshFamilies, eq(refreshTokens.familyId, refreshFamilies.id))
      .innerJoin(users, eq(refreshFamilies.userId, users.id))
      .where(eq(refreshTokens.tokenHash, hashOpaqueToken(refreshToken)));
    if (!row || row.revokedAt || !row.active) throw dead();
    if (row.familyExpiresAt <= now || row.expiresAt <= now) throw dead();
    if (row.usedAt) {
      await this.onSpentToken(row.familyId, row.usedAt, now);
      throw dead();
    }
    const issued = await this.db.transaction(async (tx) => {
      // Exactly one of two concurrent refreshes with the same token marks it spent.
      const spent = await tx
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      if (spent.length === 0) return null;
      return this.issue(tx, row.userId, row.familyId, row.familyExpiresAt, now);
    });
    if (issued) return issued;
    // Lost the race to a concurrent refresh, just now: not theft, so the family lives on.
    throw dead();
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
      .set({ revokedAt: new Date(), revokedReason: reason })
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
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(
        and(
          eq(refreshFamilies.userId, userId),
          isNull(refreshFamilies.revokedAt),
          keepFamilyId ? ne(refreshFamilies.id, keepFamilyId) : undefined,
        ),
      );
  }
}

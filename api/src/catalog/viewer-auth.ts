/**
 * Catalog reads are for signed-in viewers: a valid access token (signature, issuer, expiry).
 * Unlike account calls, no session lookup: the catalog is the same for every viewer and holds
 * nothing personal, so a token signed out a few minutes ago (at most its 15-minute lifetime)
 * reading the schedule costs nothing, and the hot list path stays free of database work
 * (decision 071). Streams, entitlements and account data keep the full check (authenticate).
 *
 * A viewer polls with the same token every few seconds, so a token once verified is remembered
 * until its `exp` on the API clock: later requests cost a map lookup instead of an HMAC and a JWT parse. Bounded:
 * the oldest entry goes first.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors';
import type { AccessTokens } from '../accounts';
import type { Clock } from '../platform/clock';

const MAX_REMEMBERED = 10_000;

export class ViewerTokenCheck {
  /** token -> its expiry (epoch ms). */
  private readonly verified = new Map<string, number>();

  constructor(
    private readonly accessTokens: AccessTokens,
    private readonly clock: Clock,
  ) {}

  async require(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw new ApiError('UNAUTHORIZED');
    const expiresAt = this.verified.get(token);
    if (expiresAt !== undefined) {
      if (expiresAt > this.clock.now().getTime()) return;
      this.verified.delete(token);
    }
    if (!(await this.accessTokens.verify(token))) throw new ApiError('UNAUTHORIZED');
    // Verified above, so the payload is ours and well formed; jose checked `exp` is a number.
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      exp?: number;
    };
    if (typeof payload.exp !== 'number') return;
    if (this.verified.size >= MAX_REMEMBERED) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(token, payload.exp * 1000);
  }
}

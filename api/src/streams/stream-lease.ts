/**
 * What every stream operation shares: its context, and the playback token it hands out with the
 * lease that token gives the stream (decisions 112, 113). A stream holds its screen until its
 * lease ends, and its lease ends when its latest token expires.
 */
import type { StreamToken } from '@crease/contract';
import type { BillingConfig } from '../platform/billing-config';
import type { Db } from '../platform/db/client';
import type { StreamConfig } from '../platform/stream-config';
import type { StreamRow } from './metering';
import type { PlaybackTokens } from './playback-token';

export interface StreamContext {
  db: Db;
  billing: BillingConfig;
  streams: StreamConfig;
  tokens: PlaybackTokens;
  now: Date;
  /** ChannelStream.edge, ending in `/`. */
  edge: string;
  /** The requester's network block (playback-network.ts): where a token it gets may play. */
  network: string;
}

/**
 * How long before its expiry a token is renewed (its `renewAt`), at most half its life: time for
 * a failed renewal's retries (the player tries until 5 s before expiry), without renewing a
 * 120 s token every minute. Renewals are a watching viewer's most frequent signed-in call, so a
 * paid token renewed at 90 s rather than 60 s is a third fewer of them (decision 370); a 60 s
 * trial token is still renewed at half.
 */
export const RENEWAL_MARGIN_SECONDS = 30;

/** Seconds after issue at which a token that lives `tokenSeconds` is renewed. */
export function renewAfterSeconds(tokenSeconds: number): number {
  return Math.max(tokenSeconds / 2, tokenSeconds - RENEWAL_MARGIN_SECONDS);
}

/** The epoch second a token issued now expires, and with it the stream's lease. */
export function leaseEndSecond(ctx: StreamContext, metered: boolean): number {
  // Metered (trial) streams get shorter tokens: less play can pass unsettled (decision 113).
  const seconds = metered
    ? Math.min(ctx.streams.tokenSeconds, ctx.streams.heartbeatSeconds * 2)
    : ctx.streams.tokenSeconds;
  return Math.floor(ctx.now.getTime() / 1000) + seconds;
}

/**
 * The token of a stream valid from `now`; its expiry is `leaseEndSecond`'s. It plays from the
 * requester's network only, and only until the stream moves again (decision 401).
 */
export function issue(
  ctx: StreamContext,
  stream: Pick<StreamRow, 'id' | 'userId' | 'vidictId' | 'channelId' | 'metered' | 'moves'>,
): StreamToken {
  const issuedMs = ctx.now.getTime();
  const expiresAt = leaseEndSecond(ctx, stream.metered);
  const seconds = expiresAt - Math.floor(issuedMs / 1000);
  return {
    token: ctx.tokens.sign({
      streamId: stream.id,
      userId: stream.userId,
      vidictId: stream.vidictId,
      channelId: stream.channelId,
      expiresAt,
      network: ctx.network,
      moves: stream.moves,
    }),
    expiresAt: new Date(expiresAt * 1000).toISOString(),
    renewAt: new Date(issuedMs + renewAfterSeconds(seconds) * 1000).toISOString(),
  };
}

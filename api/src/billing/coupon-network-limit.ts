/**
 * A limited coupon's places per network (issue 31 §5, decision 396): at most
 * `CREASE_COUPON_HOLDS_PER_NETWORK_PER_HOUR` checkouts with a coupon that has a redemption limit
 * from one network (platform/http/client-network.ts: the IPv4 address, the IPv6 /64) in an hour,
 * whatever the accounts. Counted first (decision 055), so parallel checkouts cannot all slip in;
 * a checkout refused for another reason gives its count back.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors';
import { networkOf } from '../platform/http/client-network';
import { retryAfterSeconds } from '../accounts';
import type { AttemptStore } from '../accounts';
import type { ApiConfig } from '../platform/config';

const HOUR_SECONDS = 60 * 60;

export async function withCouponHoldBudget<T>(
  request: FastifyRequest,
  services: { attempts: AttemptStore; config: ApiConfig },
  userId: string,
  open: () => Promise<T>,
): Promise<T> {
  const { attempts, config } = services;
  const key = `coupon-hold:network:${networkOf(request.ip)}`;
  const counted = await attempts.hit(key, HOUR_SECONDS);
  if (counted.count > config.billing.couponHoldsPerNetworkPerHour) {
    await attempts.undo(key);
    throw new ApiError('COUPON_NETWORK_LIMIT_REACHED', undefined, {
      userId,
      headers: { 'retry-after': retryAfterSeconds(counted) },
    });
  }
  try {
    return await open();
  } catch (error) {
    await attempts.undo(key);
    throw error;
  }
}

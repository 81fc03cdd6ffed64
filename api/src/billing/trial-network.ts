/**
 * The free trial's per-network budget (decision 106). The per-device rule rests on a vidictId the
 * browser makes, so clearing storage makes a "new device"; this adds a limit that clearing
 * storage does not reset: so many trials per network per day, counted first (decision 055).
 * The network is platform/http/client-network.ts's: the address for IPv4, the /64 for IPv6.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors';
import { networkOf } from '../platform/http/client-network';
import { retryAfterSeconds } from '../accounts';
import type { AttemptStore } from '../accounts';
import type { ApiConfig } from '../platform/config';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Runs a trial activation within the network's daily budget: counted before it runs, so parallel
 * activations cannot all slip in; over the budget, 429 TRIAL_NETWORK_LIMIT_REACHED with
 * Retry-After. An activation that is refused for another reason (already used…) gives its count
 * back: only trials granted spend the budget.
 */
export async function withTrialNetworkBudget<T>(
  request: FastifyRequest,
  services: { attempts: AttemptStore; config: ApiConfig },
  userId: string,
  activate: () => Promise<T>,
): Promise<T> {
  const { attempts, config } = services;
  const key = `trial:network:${networkOf(request.ip)}`;
  const counted = await attempts.hit(key, DAY_SECONDS);
  if (counted.count > config.billing.trialsPerNetworkPerDay) {
    await attempts.undo(key);
    throw new ApiError('TRIAL_NETWORK_LIMIT_REACHED', undefined, {
      userId,
      headers: { 'retry-after': retryAfterSeconds(counted.resetAt) },
    });
  }
  try {
    return await activate();
  } catch (error) {
    await attempts.undo(key);
    throw error;
  }
}

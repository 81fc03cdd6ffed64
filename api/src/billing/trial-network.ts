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

const networkKey = (request: FastifyRequest) => `trial:network:${networkOf(request.ip)}`;

/**
 * Whether the caller's network has spent its trials for the day, read before the click (issue 23
 * §3) so /plans and /trial-activation never offer a trial that would be refused for it. A soft
 * read (AttemptStore.count): the activation still counts first with `hit`, so a race between
 * this read and the click is settled there.
 */
export async function trialNetworkSpent(
  request: FastifyRequest,
  services: { attempts: AttemptStore; config: ApiConfig },
): Promise<boolean> {
  const { attempts, config } = services;
  return (await attempts.count(networkKey(request))) >= config.billing.trialsPerNetworkPerDay;
}

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
  const key = networkKey(request);
  const counted = await attempts.hit(key, DAY_SECONDS);
  if (counted.count > config.billing.trialsPerNetworkPerDay) {
    await attempts.undo(key);
    throw new ApiError('TRIAL_NETWORK_LIMIT_REACHED', undefined, {
      userId,
      headers: { 'retry-after': retryAfterSeconds(counted) },
    });
  }
  try {
    return await activate();
  } catch (error) {
    await attempts.undo(key);
    throw error;
  }
}

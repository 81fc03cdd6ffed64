import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { ApiConfig } from '../config';

/** Every Crease key in a shared Redis starts with this, so the keys are easy to find and flush. */
export const RATE_LIMIT_NAMESPACE = 'crease:rate-limit:';

/**
 * `@fastify/rate-limit` for the per-route, per-IP limits (register, reset, analytics).
 * With REDIS_URL every replica counts in one Redis, so N replicas still allow the limit once
 * (decision 051); without it each process counts in its own memory (the embedded default).
 * A Redis outage lets requests through rather than failing them (`skipOnError`): these limits
 * only blunt floods, and the bot check and the database-backed lockout still hold.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  config: Pick<ApiConfig, 'redisUrl'>,
): Promise<void> {
  if (!config.redisUrl) {
    await app.register(rateLimit, { global: false });
    return;
  }
  const redis = new Redis(config.redisUrl, {
    // Fail fast: a request must not hang behind a dead Redis; skipOnError lets it through.
    connectTimeout: 1000,
    commandTimeout: 1000,
    maxRetriesPerRequest: 1,
    lazyConnect: false,
  });
  redis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit Redis unavailable'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: RATE_LIMIT_NAMESPACE,
    skipOnError: true,
  });
}

import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { AppError } from '../lib/app-error';

const SIGN_IN_WINDOW_MS = 10 * 60 * 1000;

/**
 * A per-IP limit on every route (memory store, or Redis when REDIS_URL is set so that every instance
 * counts together). Sign-in gets tighter limits of its own through `signInLimit`.
 */
export async function registerRateLimits(app: FastifyInstance, config: Config): Promise<void> {
  const redis = config.redis ? new Redis(config.redis.url, { maxRetriesPerRequest: 1, connectTimeout: 2000 }) : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.globalPerMinute,
    timeWindow: '1 minute',
    ...(redis && config.redis ? { redis, nameSpace: `${config.redis.keyPrefix}rate-limit:` } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests; try again in ${context.after}`,
    }),
  });
}

/**
 * Attempts at `login` per IP and per email address, so that neither one address guessing many accounts
 * nor many addresses guessing one account gets far; attempts at `register` per IP. A preHandler, so the
 * email is the validated, lower-cased one. Each action counts under its own keys: the memory store keeps
 * a separate count per limiter while Redis shares keys, and both must behave alike.
 */
export function signInLimit(
  app: FastifyInstance,
  limits: Config['rateLimit'],
  action: 'login' | 'register',
): preHandlerAsyncHookHandler {
  const checks = [
    app.createRateLimit({
      max: limits.loginPerIp,
      timeWindow: SIGN_IN_WINDOW_MS,
      keyGenerator: (request: FastifyRequest) => `${action}:ip:${request.ip}`,
    }),
  ];
  if (action === 'login') {
    checks.push(
      app.createRateLimit({
        max: limits.loginPerEmail,
        timeWindow: SIGN_IN_WINDOW_MS,
        keyGenerator: (request: FastifyRequest) => `login:email:${(request.body as { email: string }).email}`,
      }),
    );
  }
  return async (request, reply) => {
    for (const check of checks) {
      const limit = await check(request);
      if (!limit.isAllowed && limit.isExceeded) {
        reply.header('retry-after', limit.ttlInSeconds);
        const minutes = Math.max(1, Math.ceil(limit.ttlInSeconds / 60));
        throw new AppError(
          'RATE_LIMITED',
          `Too many sign-in attempts; try again in ${minutes} minute${minutes > 1 ? 's' : ''}`,
        );
      }
    }
  };
}

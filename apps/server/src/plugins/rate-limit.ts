import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { AppError } from '../lib/app-error';

const SIGN_IN_WINDOW_MS = 10 * 60 * 1000;
const DINER_ORDER_WINDOW_MS = 10 * 60 * 1000;

type LimitCheck = ReturnType<FastifyInstance['createRateLimit']>;

/** Runs the checks in order; the first one exceeded answers 429 with Retry-After and the message. */
async function enforce(
  checks: LimitCheck[],
  request: FastifyRequest,
  reply: FastifyReply,
  message: (minutes: number) => string,
): Promise<void> {
  for (const check of checks) {
    const limit = await check(request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', limit.ttlInSeconds);
      const minutes = Math.max(1, Math.ceil(limit.ttlInSeconds / 60));
      throw new AppError('RATE_LIMITED', message(minutes)).because('TOO_MANY_ATTEMPTS', { minutes });
    }
  }
}

const inMinutes = (minutes: number) => `${minutes} minute${minutes > 1 ? 's' : ''}`;

/**
 * A per-IP limit on every route (memory store, or Redis when REDIS_URL is set so that every instance
 * counts together): @fastify/rate-limit's global hook, keyed by the address (IPv6 by /64, the plugin's
 * default), with its X-RateLimit-* and Retry-After headers. Sign-in and table orders get tighter limits
 * of their own through `signInLimit` and `dinerOrderLimit`.
 *
 * The plugin adds its hook to each route as a route hook, so it runs after the app-wide hooks (the access
 * guard answers 401 first). Unknown paths have no route: the not-found handler counts them through
 * `app.rateLimit()`, or anyone could probe for paths, or load the SPA fallback, without limit.
 */
export async function registerRateLimits(app: FastifyInstance, config: Config): Promise<void> {
  const redis = config.redis ? new Redis(config.redis.url, { maxRetriesPerRequest: 1, connectTimeout: 2000 }) : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.globalPerMinute,
    timeWindow: 60_000,
    // The web build's hashed files are not counted: each has a route of its own only when it exists (a missing
    // one is a 404 that counts), they are cached for a year, and installing the staff app fetches all of
    // them at once (about 190), which would otherwise use up a tablet's minute, or a whole restaurant's
    // when its tablets reach the server through one address.
    allowList: (request) => request.routeOptions.url?.startsWith('/assets/') === true,
    ...(redis && config.redis ? { redis, nameSpace: `${config.redis.keyPrefix}rate-limit:` } : {}),
    // An AppError, so the error handler answers with the API's error shape; `after` is "45 seconds", "1 minute".
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests; try again in ${context.after}`),
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
  return (request, reply) =>
    enforce(checks, request, reply, (minutes) => `Too many sign-in attempts; try again in ${inMinutes(minutes)}`);
}

/**
 * A manager's approval typed on someone else's device is a password check like a sign-in, so it is limited
 * the same way, per approving email and per address: a signed-in staff member cannot use it to guess a
 * manager's password. Requests without an approval are not counted.
 */
export function approvalLimit(app: FastifyInstance, limits: Config['rateLimit']): preHandlerAsyncHookHandler {
  const emailOf = (request: FastifyRequest) => (request.body as { approval?: { email: string } }).approval?.email;
  const checks = [
    app.createRateLimit({
      max: limits.loginPerIp,
      timeWindow: SIGN_IN_WINDOW_MS,
      keyGenerator: (request: FastifyRequest) => `approval:ip:${request.ip}`,
    }),
    app.createRateLimit({
      max: limits.loginPerEmail,
      timeWindow: SIGN_IN_WINDOW_MS,
      keyGenerator: (request: FastifyRequest) => `approval:email:${emailOf(request)}`,
    }),
  ];
  return async (request, reply) => {
    if (!emailOf(request)) return;
    await enforce(
      checks,
      request,
      reply,
      (minutes) => `Too many approval attempts; try again in ${inMinutes(minutes)}`,
    );
  };
}

/**
 * Orders from table pages, per client address and per table, so one phone (or one prankster with a
 * photo of a QR code) cannot flood the kitchen. Called once the body has told which table it is.
 */
export function dinerOrderLimit(app: FastifyInstance, limits: Config['rateLimit']) {
  const tableOf = new WeakMap<FastifyRequest, number>();
  const checks = [
    app.createRateLimit({
      max: limits.dinerOrdersPerIp,
      timeWindow: DINER_ORDER_WINDOW_MS,
      keyGenerator: (request: FastifyRequest) => `diner-order:ip:${request.ip}`,
    }),
    app.createRateLimit({
      max: limits.dinerOrdersPerTable,
      timeWindow: DINER_ORDER_WINDOW_MS,
      keyGenerator: (request: FastifyRequest) => `diner-order:table:${tableOf.get(request)}`,
    }),
  ];
  return (request: FastifyRequest, reply: FastifyReply, tableNo: number) => {
    tableOf.set(request, tableNo);
    return enforce(
      checks,
      request,
      reply,
      (minutes) => `Too many orders from this table; wait ${inMinutes(minutes)} or ask the staff`,
    );
  };
}

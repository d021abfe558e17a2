import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
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
      throw new AppError('RATE_LIMITED', message(Math.max(1, Math.ceil(limit.ttlInSeconds / 60))));
    }
  }
}

const inMinutes = (minutes: number) => `${minutes} minute${minutes > 1 ? 's' : ''}`;

const GLOBAL_WINDOW_MS = 60 * 1000;
/** Addresses whose counts the memory store keeps, as @fastify/rate-limit's own store did. */
const GLOBAL_MEMORY_KEYS = 5000;

/** A key's window: its requests so far and when it started. */
interface Window {
  count: number;
  startedAt: number;
}

/**
 * Fixed windows per key in memory, as @fastify/rate-limit's memory store counts them (a window starts at
 * its key's first request), but without a promise per request. At most `capacity` keys: when full, the
 * key whose window started first is dropped. Returns the key's window with this request counted.
 */
function memoryWindows(windowMs: number, capacity: number): (key: string, now: number) => Window {
  const windows = new Map<string, Window>();
  return (key, now) => {
    let window = windows.get(key);
    if (!window || window.startedAt + windowMs <= now) {
      // Deleted and set again, so that the Map's order stays the order in which windows started.
      if (window) windows.delete(key);
      else if (windows.size >= capacity) windows.delete(windows.keys().next().value!);
      window = { count: 0, startedAt: now };
      windows.set(key, window);
    }
    window.count++;
    return window;
  };
}

/** "45 seconds", "1 minute": the wait as @fastify/rate-limit words it (from 60 s on, in minutes). */
const inWords = (seconds: number) =>
  seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : inMinutes(Math.round(seconds / 60));

/**
 * The X-RateLimit-* headers, on every response of a limited route, for the `count`-th request of a window
 * that ends in `resetInSeconds`; the error to answer with once the count is over `max`.
 */
function answer(reply: FastifyReply, max: number, count: number, resetInSeconds: number): AppError | undefined {
  reply.header('x-ratelimit-limit', max);
  reply.header('x-ratelimit-remaining', count > max ? 0 : max - count);
  reply.header('x-ratelimit-reset', resetInSeconds);
  if (count <= max) return undefined;
  reply.header('retry-after', resetInSeconds);
  return new AppError('RATE_LIMITED', `Too many requests; try again in ${inWords(resetInSeconds)}`);
}

/**
 * A per-IP limit on every route (memory store, or Redis when REDIS_URL is set so that every instance
 * counts together). Sign-in gets tighter limits of its own through `signInLimit`.
 *
 * The per-route limits come from @fastify/rate-limit. The global one is a hook of ours with the same
 * keys (the address, IPv6 by /64), windows, headers and 429: the plugin's global hook goes through
 * three promises a request, about 1 µs more than this one (of some 18 µs a cached public-menu answer
 * costs the server), and in memory nothing needs a promise. With Redis it asks the plugin's store.
 * Like the plugin's, it is added to each route as a route hook, so it runs after the app-wide hooks
 * (the access guard answers 401 first) and not for unknown paths.
 */
export async function registerRateLimits(app: FastifyInstance, config: Config): Promise<void> {
  const redis = config.redis ? new Redis(config.redis.url, { maxRetriesPerRequest: 1, connectTimeout: 2000 }) : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    ...(redis && config.redis ? { redis, nameSpace: `${config.redis.keyPrefix}rate-limit:` } : {}),
  });

  const max = config.rateLimit.globalPerMinute;
  let globalLimit: onRequestHookHandler;
  if (redis) {
    const check = app.createRateLimit({ max, timeWindow: GLOBAL_WINDOW_MS });
    globalLimit = (request, reply, done) => {
      check(request).then((limit) => {
        if (limit.isAllowed) return done();
        done(answer(reply, max, limit.isExceeded ? max + 1 : max - limit.remaining, limit.ttlInSeconds));
      }, done);
    };
  } else {
    const countIn = memoryWindows(GLOBAL_WINDOW_MS, GLOBAL_MEMORY_KEYS);
    globalLimit = (request, reply, done) => {
      // An IPv4 address is its own key (normalizeIP only lower-cases it); IPv6 ones are counted by /64.
      const ip = request.ip;
      const now = Date.now();
      const window = countIn(ip.includes(':') ? normalizeIP(ip) : ip, now);
      done(answer(reply, max, window.count, Math.ceil((window.startedAt + GLOBAL_WINDOW_MS - now) / 1000)));
    };
  }
  app.addHook('onRoute', (route) => {
    const hooks = route.onRequest ? [route.onRequest].flat() : [];
    // A HEAD route copies its GET route's options, this hook included.
    if (!hooks.includes(globalLimit)) route.onRequest = [...hooks, globalLimit];
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

import { createHash } from 'node:crypto';
import rateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { AppError } from '../lib/app-error';

const SIGN_IN_WINDOW_MS = 10 * 60 * 1000;
const DINER_ORDER_WINDOW_MS = 10 * 60 * 1000;
const BOOKING_WINDOW_MS = 60 * 60 * 1000;

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
 * The address every limit counts a request under, the global one and the tighter ones alike: IPv6 by its /64,
 * which one subscriber usually holds whole (a phone can take a new address in it at will), IPv4 as it is.
 */
export const addressKey = (request: FastifyRequest) => normalizeIP(request.ip);

/**
 * A per-IP limit on every route (memory store, or Redis when REDIS_URL is set so that every instance
 * counts together): @fastify/rate-limit's global hook, keyed by `addressKey`, with its X-RateLimit-* and
 * Retry-After headers. Sign-in, registration and table orders get tighter limits of their own through
 * `signInThrottle`, `registerLimit`, `dinerOrderLimit` and `bookingLimit`.
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
    keyGenerator: addressKey,
    ...(redis && config.redis ? { redis, nameSpace: `${config.redis.keyPrefix}rate-limit:` } : {}),
    // An AppError, so the error handler answers with the API's error shape; `after` is "45 seconds", "1 minute".
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests; try again in ${context.after}`).because('RATE_LIMITED'),
  });
}

/** Attempts at registering per address, so one address cannot fill the accounts list with requests. */
export function registerLimit(app: FastifyInstance, limits: Config['rateLimit']): preHandlerAsyncHookHandler {
  const checks = [
    app.createRateLimit({
      max: limits.loginPerIp,
      timeWindow: SIGN_IN_WINDOW_MS,
      keyGenerator: (request: FastifyRequest) => `register:ip:${addressKey(request)}`,
    }),
  ];
  return (request, reply) =>
    enforce(checks, request, reply, (minutes) => `Too many sign-in attempts; try again in ${inMinutes(minutes)}`);
}

const EMAIL_WINDOW_MS = 60 * 60 * 1000;
/** The counters of the sign-in throttle never refuse by themselves: the throttle reads their counts. */
const UNCAPPED = 1_000_000_000;

/**
 * Counts on the rate-limit store (Redis when REDIS_URL is set, so every instance of a chain counts together),
 * by key, in windows of `windowMs` that start at the same moments everywhere: the key names the window, so
 * the attempts and the successes of one window always expire together.
 */
function windowCounter(app: FastifyInstance, windowMs: number) {
  const keys = new WeakMap<FastifyRequest, string>();
  const options: RateLimitOptions = {
    max: UNCAPPED,
    timeWindow: windowMs,
    keyGenerator: (request: FastifyRequest) => keys.get(request) ?? '',
    // The memory store forgets its oldest keys beyond this; far more than one server's sign-ins in a window.
    cache: 100_000,
  };
  const limit = app.createRateLimit(options);
  const count = async (request: FastifyRequest, key: string, increment: boolean) => {
    keys.set(request, key); // read by keyGenerator before the call's first await
    const state = await limit(request, { increment });
    return state.isAllowed ? 0 : UNCAPPED - state.remaining;
  };
  return {
    /** The window `now` falls in, and the milliseconds left in it. */
    window: (now: number) => ({ index: Math.floor(now / windowMs), leftMs: windowMs - (now % windowMs) }),
    /** Adds one to `key` and answers its new count. */
    add: (request: FastifyRequest, key: string) => count(request, key, true),
    /** The count of `key`, unchanged. */
    read: (request: FastifyRequest, key: string) => count(request, key, false),
  };
}

/** Where a sign-in attempt counts, fixed when it is admitted so that its success counts in the same windows. */
interface SignInAttempt {
  pair: string;
  address: string;
  account: string;
}

export interface SignInThrottle {
  /**
   * Counts the attempt (a sign-in, or a manager's approval typed on another device) as a failure until it
   * succeeds, or refuses it with a 429: after `loginPerEmail` failures from this address on this email, or
   * `loginPerIp` from this address, in 10 minutes; or after `loginPerEmailHourly` failures on this email from
   * anywhere in the clock hour, unless `device` (the id of the browser's mark for this email, see
   * device-marks.ts) says the browser signed in to it before, and it has not failed `loginPerEmail` times itself
   * since. An approval's refusal says so (TOO_MANY_APPROVALS): the person at the counter is not signing in.
   */
  admit(
    request: FastifyRequest,
    reply: FastifyReply,
    email: string,
    device: string | null,
    attempt?: 'sign-in' | 'approval',
  ): Promise<void>;
  /** The password was right: the attempt is no failure, and this address starts again on this email. */
  succeeded(request: FastifyRequest): Promise<void>;
}

/**
 * Sign-in throttling that resists guessing without letting a stranger lock a person out (see "Sign-in
 * throttling" in docs/operations.md for the reasons, against OWASP ASVS 2.2.1). Only failures count: every attempt is
 * counted when it arrives (so a burst of parallel guesses cannot outrun its own count) and a success is counted
 * beside it and taken off, for the address and the email; for the address and email together a success starts
 * a new count. Refused attempts count only where they were refused and before, so one person's lock on their
 * own email does not spend their address's allowance. One instance serves the sign-in and the routes that take a
 * manager's approval (modules/users/approvals.ts): a password typed for an email spends one budget either way.
 */
export function signInThrottle(app: FastifyInstance, limits: Config['rateLimit']): SignInThrottle {
  const short = windowCounter(app, SIGN_IN_WINDOW_MS);
  const hourly = windowCounter(app, EMAIL_WINDOW_MS);
  const attempts = new WeakMap<FastifyRequest, SignInAttempt>();

  /** The 429 of a refused attempt, with Retry-After: the end of the window it was refused for. */
  const tooMany = (reply: FastifyReply, leftMs: number, attempt: 'sign-in' | 'approval') => {
    const seconds = Math.ceil(leftMs / 1000);
    reply.header('retry-after', seconds);
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return attempt === 'approval'
      ? new AppError(
          'RATE_LIMITED',
          `Too many approval attempts with this email; try again in ${inMinutes(minutes)}`,
        ).because('TOO_MANY_APPROVALS', { minutes })
      : new AppError('RATE_LIMITED', `Too many sign-in attempts; try again in ${inMinutes(minutes)}`).because(
          'TOO_MANY_ATTEMPTS',
          { minutes },
        );
  };

  return {
    async admit(request, reply, email, device, attempt = 'sign-in') {
      const now = Date.now();
      const ten = short.window(now);
      const hour = hourly.window(now);
      // Keys name an account by a hash of its email, so the store holds no email addresses.
      const emailHash = createHash('sha256').update(email).digest('base64url').slice(0, 22);
      const address = `login:ip:${addressKey(request)}:${ten.index}`;
      const pair = `${address}:${emailHash}`;

      // This address on this email: a success starts a new generation, so its count starts again.
      const generation = await short.read(request, `${pair}:ok`);
      const pairFailures = (await short.add(request, `${pair}:${generation}`)) - 1;
      if (pairFailures >= limits.loginPerEmail) throw tooMany(reply, ten.leftMs, attempt);

      // This address, every email: the attempts less the successes.
      const addressFailures =
        (await short.add(request, `${address}:tries`)) - 1 - (await short.read(request, `${address}:ok`));
      if (addressFailures >= limits.loginPerIp) throw tooMany(reply, ten.leftMs, attempt);

      // This email, from anywhere: beyond the hourly allowance only a browser it signed in on may try.
      const account = `login:email:${emailHash}:${hour.index}`;
      attempts.set(request, { pair, address, account });
      const emailFailures =
        (await hourly.add(request, `${account}:tries`)) - 1 - (await hourly.read(request, `${account}:ok`));
      if (emailFailures >= limits.loginPerEmailHourly) {
        if (!device) throw tooMany(reply, hour.leftMs, attempt);
        // A mark is renewed on every sign-in, so its count starts again with a success too.
        const deviceFailures = (await short.add(request, `login:device:${device}:${ten.index}`)) - 1;
        if (deviceFailures >= limits.loginPerEmail) throw tooMany(reply, ten.leftMs, attempt);
      }
    },

    async succeeded(request) {
      const attempt = attempts.get(request);
      if (!attempt) return;
      await short.add(request, `${attempt.pair}:ok`);
      await short.add(request, `${attempt.address}:ok`);
      await hourly.add(request, `${attempt.account}:ok`);
    },
  };
}

/**
 * Orders from table pages, per client address and per table of a branch, so one phone (or one prankster
 * with a photo of a QR code) cannot flood the kitchen. Called once the body has told which table it is;
 * `branch` is the branch the page belongs to (table 7 of one branch is not table 7 of another).
 */
export function dinerOrderLimit(app: FastifyInstance, limits: Config['rateLimit']) {
  const tableOf = new WeakMap<FastifyRequest, string>();
  const checks = [
    app.createRateLimit({
      max: limits.dinerOrdersPerIp,
      timeWindow: DINER_ORDER_WINDOW_MS,
      keyGenerator: (request: FastifyRequest) => `diner-order:ip:${addressKey(request)}`,
    }),
    app.createRateLimit({
      max: limits.dinerOrdersPerTable,
      timeWindow: DINER_ORDER_WINDOW_MS,
      keyGenerator: (request: FastifyRequest) => `diner-order:table:${tableOf.get(request)}`,
    }),
  ];
  return (request: FastifyRequest, reply: FastifyReply, branch: string, tableNo: number) => {
    tableOf.set(request, `${branch}:${tableNo}`);
    return enforce(
      checks,
      request,
      reply,
      (minutes) => `Too many orders from this table; wait ${inMinutes(minutes)} or ask the staff`,
    );
  };
}

/** Bookings asked for online per address and hour: a stranger cannot fill the evening's tables with requests. */
export function bookingLimit(app: FastifyInstance, limits: Config['rateLimit']): preHandlerAsyncHookHandler {
  const checks = [
    app.createRateLimit({
      max: limits.bookingsPerIp,
      timeWindow: BOOKING_WINDOW_MS,
      keyGenerator: (request: FastifyRequest) => `booking:ip:${addressKey(request)}`,
    }),
  ];
  return (request, reply) =>
    enforce(
      checks,
      request,
      reply,
      (minutes) => `Too many bookings from this connection; try again in ${inMinutes(minutes)} or call the restaurant`,
    );
}

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { newAccountInput } from './factories';
import { buildTestApp, type TestApp } from './helper';

/**
 * Sign-in throttling (plugins/rate-limit.ts, `signInThrottle`): failures count per address, per address and
 * email, and per email in the clock hour; only the last lets a browser that signed in before through.
 */

const LIMITS = {
  LOGIN_RATE_LIMIT_PER_IP: '6',
  LOGIN_RATE_LIMIT_PER_EMAIL: '3',
  LOGIN_RATE_LIMIT_PER_EMAIL_HOURLY: '20',
};
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(LIMITS);
  await t.signInAs('admin');
});
afterAll(() => t.close());

/**
 * The throttle counts in windows of the clock (10 minutes, one hour): each test runs at a minute past an hour of
 * its own (a later one each time, well within the admin's sign-in), with the clock stopped, so that no window
 * ends in the middle of it.
 */
let hoursAhead = 0;
function atAFreshHour(): void {
  hoursAhead += 1;
  vi.useFakeTimers({ toFake: ['Date'], now: (Math.floor(Date.now() / HOUR) + hoursAhead) * HOUR + MINUTE });
}
afterEach(() => void vi.useRealTimers());
const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

interface Account {
  email: string;
  password: string;
}

let registrations = 0;
/** A new account, approved by the admin so that its right password signs in. */
async function activeAccount(app: TestApp = t): Promise<Account> {
  const input = newAccountInput();
  registrations += 1;
  const registered = await app.app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: input,
    remoteAddress: `172.16.${Math.floor(registrations / 200)}.${registrations % 200}`,
  });
  expect(registered.statusCode, registered.body).toBe(201);
  const approved = await app.request({
    method: 'PATCH',
    url: `/api/user/users/${registered.json().data._id}/status`,
    payload: { status: 'active' },
    as: 'admin',
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return { email: input.email, password: input.password };
}

function signIn(
  email: string,
  password: string,
  remoteAddress: string,
  mark?: string,
  app = t.app,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email, password },
    remoteAddress,
    ...(mark ? { cookies: { quanDevice: mark } } : {}),
  });
}
const markOf = (response: LightMyRequestResponse) => response.cookies.find((c) => c.name === 'quanDevice')?.value;
const unknownEmail = () => newAccountInput().email;

describe('sign-in throttling', () => {
  it('refuses an address that keeps failing on one email, the right password too, until the window ends', async () => {
    atAFreshHour();
    const account = await activeAccount();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await signIn(account.email, 'wrong-password', '10.0.0.1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);

    const limited = await signIn(account.email, account.password, '10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('540');
    expect(limited.json()).toEqual({
      success: false,
      message: 'Too many sign-in attempts; try again in 9 minutes',
      code: 'TOO_MANY_ATTEMPTS',
      params: { minutes: 9 },
    });
    // From another address the person signs in.
    expect((await signIn(account.email, account.password, '10.0.0.2')).statusCode).toBe(200);
    // And from the first one once the window has passed.
    later(9 * MINUTE);
    expect((await signIn(account.email, account.password, '10.0.0.1')).statusCode).toBe(200);
  });

  it('refuses an address that fails on many emails; its successful sign-ins do not count', async () => {
    atAFreshHour();
    const account = await activeAccount();
    // A restaurant's tablets behind one address sign in often: more than the limit, and all are let in.
    for (let i = 0; i < 8; i++)
      expect((await signIn(account.email, account.password, '10.1.1.1')).statusCode).toBe(200);
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await signIn(unknownEmail(), 'wrong-password', '10.1.1.1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    expect((await signIn(account.email, account.password, '10.1.1.1')).statusCode).toBe(429);
    expect((await signIn(unknownEmail(), 'wrong-password', '10.1.1.2')).statusCode).toBe(401);
  });

  it('counts an address and email afresh after a success', async () => {
    atAFreshHour();
    const account = await activeAccount();
    const wrong = () => signIn(account.email, 'wrong-password', '10.2.2.2').then((r) => r.statusCode);
    expect([await wrong(), await wrong()]).toEqual([401, 401]);
    expect((await signIn(account.email, account.password, '10.2.2.2')).statusCode).toBe(200);
    expect([await wrong(), await wrong(), await wrong(), await wrong()]).toEqual([401, 401, 401, 429]);
  });

  it('counts a burst of parallel guesses: they cannot outrun their own count', async () => {
    atAFreshHour();
    const account = await activeAccount();
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => signIn(account.email, 'wrong-password', '10.3.3.3')),
    );
    const statuses = burst.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
  });

  it("lets the manager sign in from her browser after a stranger's 50 wrong guesses from other addresses", async () => {
    atAFreshHour();
    const manager = await activeAccount();
    const first = await signIn(manager.email, manager.password, '192.168.1.10');
    expect(first.statusCode).toBe(200);
    const mark = markOf(first)!;
    expect(mark).toMatch(/^[A-Za-z0-9_-]{38}$/);

    // 50 guesses from 25 addresses, two each: under every address's limit, not under the email's.
    const statuses = [];
    for (let i = 0; i < 50; i++) {
      statuses.push((await signIn(manager.email, `guess-${i}`, `203.0.113.${Math.floor(i / 2) + 1}`)).statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);

    // A guess from a browser that never signed in to her account is refused, even the right one…
    const stranger = await signIn(manager.email, manager.password, '198.51.100.7');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.headers['retry-after']).toBe('3540');
    expect(stranger.json().message).toBe('Too many sign-in attempts; try again in 59 minutes');
    // …and so is hers on a new browser: the lock this design keeps is on browsers nobody has signed in from.
    expect((await signIn(manager.email, manager.password, '192.168.1.10')).statusCode).toBe(429);

    // Her own browser signs in, from wherever she is, and gets a new mark.
    const known = await signIn(manager.email, manager.password, '192.168.1.10', mark);
    expect(known.statusCode, known.body).toBe(200);
    expect(markOf(known)).not.toBe(mark);
    expect((await signIn(manager.email, manager.password, '100.64.0.9', markOf(known))).statusCode).toBe(200);

    // With the next hour, browsers she never used may try again.
    later(HOUR);
    expect((await signIn(manager.email, 'guess-51', '203.0.113.99')).statusCode).toBe(401);
  });

  it('lets a copied mark fail only a few times, and only for the account it was made for', async () => {
    atAFreshHour();
    const manager = await activeAccount();
    const other = await activeAccount();
    const mark = markOf(await signIn(manager.email, manager.password, '192.168.2.10'))!;
    for (const account of [manager, other]) {
      for (let i = 0; i < 20; i++) {
        const response = await signIn(account.email, 'wrong-password', `203.0.114.${i + 1}`);
        expect(response.statusCode).toBe(401);
      }
    }
    // The mark is the manager's: it does not open another account, nor does a made-up one.
    expect((await signIn(other.email, other.password, '192.168.2.10', mark)).statusCode).toBe(429);
    expect((await signIn(other.email, other.password, '192.168.2.10', 'A'.repeat(38))).statusCode).toBe(429);

    // Wrong guesses with her mark, from three addresses, are checked and counted; then the mark is refused too.
    for (const address of ['198.18.0.1', '198.18.0.2', '198.18.0.3']) {
      expect((await signIn(manager.email, 'wrong-password', address, mark)).statusCode).toBe(401);
    }
    expect((await signIn(manager.email, 'wrong-password', '198.18.0.4', mark)).statusCode).toBe(429);
    expect((await signIn(manager.email, manager.password, '192.168.2.10', mark)).statusCode).toBe(429);
    later(10 * MINUTE);
    expect((await signIn(manager.email, manager.password, '192.168.2.10', mark)).statusCode).toBe(200);
  });

  it('keeps the marks of the accounts used on a shared tablet, in a cookie for the sign-in and the approvals', async () => {
    atAFreshHour();
    const cashier = await activeAccount();
    const waiter = await activeAccount();
    const first = await signIn(cashier.email, cashier.password, '192.168.3.10');
    const cookie = first.cookies.find((c) => c.name === 'quanDevice')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api', maxAge: 31_536_000 });
    const both = markOf(await signIn(waiter.email, waiter.password, '192.168.3.10', cookie.value))!;
    expect(both.split('.')).toHaveLength(2);
    for (const account of [cashier, waiter]) {
      for (let i = 0; i < 20; i++) await signIn(account.email, 'wrong-password', `203.0.115.${i + 1}`);
      expect((await signIn(account.email, account.password, '192.168.3.11')).statusCode).toBe(429);
      expect((await signIn(account.email, account.password, '192.168.3.10', both)).statusCode).toBe(200);
    }
  });

  it('does not count a right password of an account waiting for approval as a failure', async () => {
    atAFreshHour();
    const input = newAccountInput();
    expect((await t.app.inject({ method: 'POST', url: '/api/user/register', payload: input })).statusCode).toBe(201);
    for (let i = 0; i < 5; i++) {
      expect((await signIn(input.email, input.password, '10.4.4.4')).statusCode).toBe(403);
    }
  });
});

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('sign-in throttling across a chain', () => {
  it('counts on every instance together, and a mark made on one is known on the other', async () => {
    const chain = await buildTestApp(LIMITS);
    try {
      await chain.signInAs('admin');
      const other = await chain.sibling();
      atAFreshHour();
      const cashier = await activeAccount(chain);
      const manager = await activeAccount(chain);
      const instances = [chain.app, other];
      const on = (i: number) => instances[i % 2]!;

      // One address, alternating instances: refused after three failures in all.
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await signIn(cashier.email, 'wrong-password', '10.5.5.5', undefined, on(i))).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);

      // The mark comes from one instance; the stranger's guesses spread over both.
      const mark = markOf(await signIn(manager.email, manager.password, '192.168.4.10', undefined, chain.app))!;
      for (let i = 0; i < 20; i++) {
        const response = await signIn(manager.email, `guess-${i}`, `203.0.116.${i + 1}`, undefined, on(i));
        expect(response.statusCode).toBe(401);
      }
      expect((await signIn(manager.email, manager.password, '198.51.100.8', undefined, chain.app)).statusCode).toBe(
        429,
      );
      expect((await signIn(manager.email, manager.password, '198.51.100.8', undefined, other)).statusCode).toBe(429);
      expect((await signIn(manager.email, manager.password, '192.168.4.10', mark, other)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
      await chain.close();
    }
  }, 120_000);
});

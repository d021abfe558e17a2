import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccountInput } from './factories';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ LOGIN_RATE_LIMIT_PER_IP: '6', LOGIN_RATE_LIMIT_PER_EMAIL: '3' });
});
afterAll(() => t.close());

const attempt = (email: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email, password: 'wrong-password' },
    remoteAddress,
  });

describe('sign-in rate limits', () => {
  it('limits attempts on one email, whichever address they come from', async () => {
    const email = newAccountInput().email;
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt(email, `10.0.0.${i + 1}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await attempt(email, '10.0.0.9');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({
      success: false,
      message: 'Too many sign-in attempts; try again in 10 minutes',
      code: 'TOO_MANY_ATTEMPTS',
      params: { minutes: 10 },
    });
  });

  it('limits attempts from one address across many emails', async () => {
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await attempt(newAccountInput().email, '10.1.1.1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    expect((await attempt(newAccountInput().email, '10.1.1.2')).statusCode).toBe(401);
  });
});

import type { Role, User } from '@quan/contract/user';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccountInput } from './factories';
import { buildTestApp, type SignedIn, type TestApp } from './helper';

const JWT_SECRET = 'test-secret-that-is-at-least-32-characters-long';
let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await buildTestApp({ JWT_SECRET, JWT_TTL: '1h' });
  admin = await t.signInAs('admin');
});
afterAll(() => t.close());

async function register(overrides = {}) {
  const input = newAccountInput(overrides);
  const response = await t.request({ method: 'POST', url: '/api/user/register', payload: input });
  return { input, response, user: response.json().data as User };
}

function login(email: string, password: string, remoteAddress?: string) {
  return t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password }, remoteAddress });
}

async function activate(user: User) {
  const response = await t.request({
    method: 'PATCH',
    url: `/api/user/users/${user._id}/status`,
    payload: { status: 'active' },
    as: admin,
  });
  expect(response.statusCode).toBe(200);
}

async function activeAccount(overrides = {}): Promise<SignedIn & { password: string }> {
  const { input, user } = await register(overrides);
  await activate(user);
  const response = await login(input.email, input.password);
  expect(response.statusCode).toBe(200);
  return { ...(response.json().data as SignedIn), password: input.password };
}

async function setRole(account: SignedIn, role: Role) {
  const response = await t.request({
    method: 'PATCH',
    url: `/api/user/users/${account.user._id}/role`,
    payload: { role },
    as: admin,
  });
  expect(response.statusCode).toBe(200);
}

describe('registration', () => {
  it('made the very first account an active admin and says so', () => {
    expect(admin.user).toMatchObject({ role: 'admin', status: 'active' });
  });

  it('makes every later account a pending staff member, with a message that says it waits for approval', async () => {
    const { response, user } = await register({ email: 'Mixed.Case@Example.TEST' });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toMatch(/waiting for approval/);
    expect(user).toMatchObject({ role: 'staff', status: 'pending', email: 'mixed.case@example.test', avatar: '' });
    expect(user).not.toHaveProperty('passwordHash');
    expect(Object.keys(user).sort()).toEqual(
      ['_id', 'avatar', 'createdAt', 'email', 'language', 'name', 'phone', 'role', 'status', 'updatedAt'].sort(),
    );
    expect(user._id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/);
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const { input } = await register();
    const again = await t.request({
      method: 'POST',
      url: '/api/user/register',
      payload: { ...newAccountInput(), email: input.email.toUpperCase() },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      message: `An account with the email ${input.email} already exists`,
      code: 'EMAIL_TAKEN',
      params: { email: input.email },
    });
  });

  it('names every invalid and unknown field', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/user/register',
      payload: { name: 'A', email: 'not-an-email', password: 'short', role: 'admin' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(body.message).toMatch(/^Invalid request body: name: Name must be at least 2 characters \(and 4 more\)$/);
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Name must be at least 2 characters' },
        { path: 'email', message: 'Enter a valid email address' },
        { path: 'phone', message: 'This field is required' },
        { path: 'password', message: 'Password must be at least 8 characters' },
        { path: 'role', message: 'Unknown field; it cannot be set here' },
      ]),
    );
  });

  it('stores an argon2id hash, never the password', async () => {
    const { input, user } = await register();
    const row = await t.app.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, user._id) });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(input.password);
  });
});

describe('sign-in', () => {
  it('returns the user and a token with the claims of tokenClaimsSchema, and sets an httpOnly cookie', async () => {
    const { input, user } = await register();
    await activate(user);
    const response = await login(input.email.toUpperCase(), input.password);
    expect(response.statusCode).toBe(200);
    const { token, user: signedIn } = response.json().data;
    expect(signedIn._id).toBe(user._id);
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ sub: user._id, role: 'staff' });
    expect(claims.exp - claims.iat).toBe(3600);
    expect(typeof claims.jti).toBe('string');
    const cookie = response.cookies.find((c) => c.name === 'accessToken');
    expect(cookie).toMatchObject({ value: token, httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('gives the same answer for an unknown email and a wrong password', async () => {
    const { input, user } = await register();
    await activate(user);
    const wrongPassword = await login(input.email, 'not-the-password');
    const unknownEmail = await login('nobody@example.test', input.password);
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, message: 'Invalid email or password', code: 'SIGN_IN_WRONG' });
    }
  });

  it('refuses a pending account and a suspended one with their own messages', async () => {
    const { input } = await register();
    const pending = await login(input.email, input.password);
    expect(pending.statusCode).toBe(403);
    expect(pending.json().message).toBe('Your account is waiting for approval');

    const account = await activeAccount();
    await t.request({
      method: 'PATCH',
      url: `/api/user/users/${account.user._id}/status`,
      payload: { status: 'suspended' },
      as: admin,
    });
    const suspended = await login(account.user.email, account.password);
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().message).toBe('Your account has been suspended');
  });
});

describe('the session', () => {
  it('accepts the token as a Bearer header and as the cookie', async () => {
    const account = await activeAccount();
    const viaHeader = await t.request({ method: 'GET', url: '/api/user', as: account });
    const viaCookie = await t.app.inject({ method: 'GET', url: '/api/user', cookies: { accessToken: account.token } });
    expect(viaHeader.json().data._id).toBe(account.user._id);
    expect(viaCookie.json().data._id).toBe(account.user._id);
  });

  it('refuses a missing, forged, foreign-signed or expired token with 401', async () => {
    const account = await activeAccount();
    const claims = JSON.parse(Buffer.from(account.token.split('.')[1]!, 'base64url').toString());
    const now = Math.floor(Date.now() / 1000);
    const sign = (secret: string, exp: number) =>
      new SignJWT({ role: 'admin' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(account.user._id)
        .setJti(claims.jti)
        .setIssuedAt(now - 7200)
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${account.token.split('.')[1]}.`;
    const tokens = [
      undefined,
      'garbage',
      unsigned,
      await sign('another-secret-that-is-also-32-characters', now + 3600),
      await sign(JWT_SECRET, now - 60),
    ];
    for (const token of tokens) {
      const response = await t.request({ method: 'GET', url: '/api/user', as: token });
      expect(response.statusCode, `token ${token}`).toBe(401);
      expect(response.json().success).toBe(false);
    }
    // The same claims, validly signed and unexpired, are accepted: the refusals above are about the token.
    const valid = await t.request({ method: 'GET', url: '/api/user', as: await sign(JWT_SECRET, now + 60) });
    expect(valid.statusCode).toBe(200);
  });

  it('ends at sign-out: the token is revoked on the server and the cookie cleared', async () => {
    const account = await activeAccount();
    const logout = await t.request({ method: 'POST', url: '/api/user/logout', as: account });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toMatchObject({ success: true, data: null });
    expect(logout.cookies.find((c) => c.name === 'accessToken')?.value).toBe('');
    const after = await t.request({ method: 'GET', url: '/api/user', as: account });
    expect(after.statusCode).toBe(401);
  });

  it('ends at once when the account is suspended or deleted', async () => {
    const suspended = await activeAccount();
    const deleted = await activeAccount();
    // Both sessions were just checked, so the server knows them already.
    expect((await t.request({ method: 'GET', url: '/api/user', as: suspended })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/user', as: deleted })).statusCode).toBe(200);
    await t.request({
      method: 'PATCH',
      url: `/api/user/users/${suspended.user._id}/status`,
      payload: { status: 'suspended' },
      as: admin,
    });
    await t.request({ method: 'DELETE', url: `/api/user/users/${deleted.user._id}`, as: admin });
    expect((await t.request({ method: 'GET', url: '/api/user', as: suspended })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/user', as: deleted })).statusCode).toBe(401);
  });

  it('takes a role change into account on the next request, without a new token', async () => {
    const account = await activeAccount();
    expect((await t.request({ method: 'GET', url: '/api/user/users', as: account })).statusCode).toBe(403);
    await t.request({
      method: 'PATCH',
      url: `/api/user/users/${account.user._id}/role`,
      payload: { role: 'manager' },
      as: admin,
    });
    expect((await t.request({ method: 'GET', url: '/api/user/users', as: account })).statusCode).toBe(200);
  });

  it('refuses what a demoted manager may no longer do from the very next request', async () => {
    const account = await activeAccount();
    await setRole(account, 'manager');
    expect((await t.request({ method: 'GET', url: '/api/user/users', as: account })).statusCode).toBe(200);
    await setRole(account, 'staff');
    const refused = await t.request({ method: 'GET', url: '/api/user/users', as: account });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^Your role \(staff\) cannot/);
  });
});

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)(
  'sessions on a chain of two instances (PostgreSQL and Redis)',
  () => {
    /**
     * Asks `refused` every 20 ms until it says yes; how long that took, or null after `withinMs`. A poll, as
     * the other instance hears of the change through Redis and tells this test nothing when it has.
     */
    async function msUntil(refused: () => Promise<boolean>, withinMs: number): Promise<number | null> {
      const started = Date.now();
      while (Date.now() - started <= withinMs) {
        if (await refused()) return Date.now() - started;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return null;
    }

    it('refuses on the other instance within a second a session signed out, suspended or demoted on this one', async () => {
      const other = await t.sibling();
      const onOther = (account: SignedIn, url: string) =>
        other.inject({ method: 'GET', url, headers: { authorization: `Bearer ${account.token}` } });
      const signedOut = await activeAccount();
      const suspended = await activeAccount();
      const demoted = await activeAccount();
      await setRole(demoted, 'manager');
      // The other instance checks each session once and keeps the answer.
      for (const account of [signedOut, suspended]) {
        expect((await onOther(account, '/api/user')).statusCode).toBe(200);
        expect((await onOther(account, '/api/user')).statusCode).toBe(200);
      }
      expect((await onOther(demoted, '/api/user/users')).statusCode).toBe(200);

      await t.request({ method: 'POST', url: '/api/user/logout', as: signedOut });
      expect(
        await msUntil(async () => (await onOther(signedOut, '/api/user')).statusCode === 401, 1000),
      ).not.toBeNull();

      await t.request({
        method: 'PATCH',
        url: `/api/user/users/${suspended.user._id}/status`,
        payload: { status: 'suspended' },
        as: admin,
      });
      expect(
        await msUntil(async () => (await onOther(suspended, '/api/user')).statusCode === 401, 1000),
      ).not.toBeNull();

      await setRole(demoted, 'staff');
      expect(
        await msUntil(async () => (await onOther(demoted, '/api/user/users')).statusCode === 403, 1000),
      ).not.toBeNull();
    });
  },
);

describe('the profile', () => {
  it('updates name, phone and email', async () => {
    const account = await activeAccount();
    const response = await t.request({
      method: 'PUT',
      url: '/api/user',
      payload: { name: 'Trần Thị Bình', phone: '0912 345 678', email: 'binh.tran@example.test' },
      as: account,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      name: 'Trần Thị Bình',
      phone: '0912 345 678',
      email: 'binh.tran@example.test',
    });
    const me = await t.request({ method: 'GET', url: '/api/user', as: account });
    expect(me.json().data.name).toBe('Trần Thị Bình');
  });

  it('refuses an email another account has', async () => {
    const account = await activeAccount();
    const response = await t.request({
      method: 'PUT',
      url: '/api/user',
      payload: { email: admin.user.email },
      as: account,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(`An account with the email ${admin.user.email} already exists`);
  });

  it('changes the password only with the current one, and signs out the other devices', async () => {
    const account = await activeAccount();
    const otherDevice = (await login(account.user.email, account.password)).json().data as SignedIn;

    const withoutCurrent = await t.request({
      method: 'PUT',
      url: '/api/user',
      payload: { newPassword: 'brand-new-pass' },
      as: account,
    });
    expect(withoutCurrent.statusCode).toBe(400);
    expect(withoutCurrent.json().errors).toEqual([
      { path: 'currentPassword', message: 'Enter your current password to set a new one' },
    ]);

    const wrongCurrent = await t.request({
      method: 'PUT',
      url: '/api/user',
      payload: { currentPassword: 'wrong-password', newPassword: 'brand-new-pass' },
      as: account,
    });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().message).toBe('Your current password is not correct');

    const changed = await t.request({
      method: 'PUT',
      url: '/api/user',
      payload: { currentPassword: account.password, newPassword: 'brand-new-pass' },
      as: account,
    });
    expect(changed.statusCode).toBe(200);
    expect((await login(account.user.email, account.password)).statusCode).toBe(401);
    expect((await login(account.user.email, 'brand-new-pass')).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/user', as: account })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/user', as: otherDevice })).statusCode).toBe(401);
  });
});

describe('account management', () => {
  it('lets managers and admins list accounts, and not staff', async () => {
    const staff = await t.signInAs('staff');
    const manager = await t.signInAs('manager');
    expect((await t.request({ method: 'GET', url: '/api/user/users', as: staff })).statusCode).toBe(403);
    const list = await t.request({ method: 'GET', url: '/api/user/users', as: manager });
    expect(list.statusCode).toBe(200);
    const users = list.json().data as User[];
    expect(users.map((u) => u._id)).toEqual(expect.arrayContaining([admin.user._id, staff.user._id]));
    expect(JSON.stringify(users)).not.toMatch(/password|argon2/i);
  });

  it('lets a manager approve and suspend staff, but not touch an admin', async () => {
    const manager = await t.signInAs('manager');
    const { user } = await register();
    const approved = await t.request({
      method: 'PATCH',
      url: `/api/user/users/${user._id}/status`,
      payload: { status: 'active' },
      as: manager,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.status).toBe('active');
    const onAdmin = await t.request({
      method: 'PATCH',
      url: `/api/user/users/${admin.user._id}/status`,
      payload: { status: 'suspended' },
      as: manager,
    });
    expect(onAdmin.statusCode).toBe(403);
    expect(onAdmin.json().message).toBe("Only an admin can change an admin's account");
  });

  it('keeps role changes and deletion for admins', async () => {
    const manager = await t.signInAs('manager');
    const { user } = await register();
    const role = await t.request({
      method: 'PATCH',
      url: `/api/user/users/${user._id}/role`,
      payload: { role: 'manager' },
      as: manager,
    });
    const remove = await t.request({ method: 'DELETE', url: `/api/user/users/${user._id}`, as: manager });
    expect(role.statusCode).toBe(403);
    expect(remove.statusCode).toBe(403);
    const byAdmin = await t.request({ method: 'DELETE', url: `/api/user/users/${user._id}`, as: admin });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toEqual({ success: true, message: 'Account deleted', data: null });
    const again = await t.request({ method: 'DELETE', url: `/api/user/users/${user._id}`, as: admin });
    expect(again.statusCode).toBe(404);
  });

  it('stops anyone deleting, suspending or demoting their own account', async () => {
    const manager = await t.signInAs('manager');
    const cases = [
      {
        as: admin,
        method: 'DELETE' as const,
        url: `/api/user/users/${admin.user._id}`,
        message: 'You cannot delete your own account',
      },
      {
        as: manager,
        method: 'PATCH' as const,
        url: `/api/user/users/${manager.user._id}/status`,
        payload: { status: 'suspended' },
        message: 'You cannot suspend your own account',
      },
      {
        as: admin,
        method: 'PATCH' as const,
        url: `/api/user/users/${admin.user._id}/role`,
        payload: { role: 'staff' },
        message: 'You cannot change your own role',
      },
    ];
    for (const { message, ...call } of cases) {
      const response = await t.request(call);
      expect(response.statusCode, call.url).toBe(409);
      expect(response.json().message).toBe(message);
    }
  });

  it('keeps the last active admin when two admins demote each other at the same moment', async () => {
    const second = await activeAccount();
    await t.request({
      method: 'PATCH',
      url: `/api/user/users/${second.user._id}/role`,
      payload: { role: 'admin' },
      as: admin,
    });
    const [a, b] = await Promise.all([
      t.request({
        method: 'PATCH',
        url: `/api/user/users/${second.user._id}/role`,
        payload: { role: 'staff' },
        as: admin,
      }),
      t.request({
        method: 'PATCH',
        url: `/api/user/users/${admin.user._id}/role`,
        payload: { role: 'staff' },
        as: second,
      }),
    ]);
    // The loser is refused either inside its transaction (409, last admin) or, when it authenticates after
    // the winner committed, at the door (403, no longer an admin). Either way one admin remains.
    const loser = a.statusCode === 200 ? b : a;
    expect([a.statusCode, b.statusCode]).toContain(200);
    expect([403, 409]).toContain(loser.statusCode);
    if (loser.statusCode === 409)
      expect(loser.json().message).toMatch(/is the last active admin and cannot be demoted/);
    const users = (await t.request({ method: 'GET', url: '/api/user/users', as: 'manager' })).json().data as User[];
    expect(users.filter((u) => u.role === 'admin' && u.status === 'active')).toHaveLength(1);
    // Put the suite's admin back if it was the one demoted.
    if (a.statusCode !== 200) {
      await t.request({
        method: 'PATCH',
        url: `/api/user/users/${admin.user._id}/role`,
        payload: { role: 'admin' },
        as: second,
      });
    }
  });

  it('refuses a pending status, an unknown account and a malformed id clearly', async () => {
    const { user } = await register();
    const pending = await t.request({
      method: 'PATCH',
      url: `/api/user/users/${user._id}/status`,
      payload: { status: 'pending' },
      as: admin,
    });
    expect(pending.statusCode).toBe(400);
    expect(pending.json().message).toBe('An account can be set to active or suspended');
    const unknown = await t.request({
      method: 'PATCH',
      url: '/api/user/users/01900000-0000-7000-8000-000000000000/status',
      payload: { status: 'active' },
      as: admin,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.request({ method: 'DELETE', url: '/api/user/users/42', as: admin });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual([{ path: 'id', message: 'Must be a valid id' }]);
  });
});

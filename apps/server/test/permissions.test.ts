import {
  adminAccountRefusal,
  can,
  mayChangeAccount,
  permissionNames,
  refusal,
  type Permission,
} from '@quan/contract/permissions';
import { roles, type Role } from '@quan/contract/user';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccessGuard, type DeclaredAccess } from '../src/plugins/auth';
import { activeStaff } from './factories';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_MAX: '100000' });
  for (const role of roles) await t.signInAs(role);
});
afterAll(() => t.close());

const unknownId = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

/** Each guarded route once per method, sign-out last (it ends the session the other calls use). */
function guardedRoutes(): { method: string; url: string; permission: Permission }[] {
  return t.app.declaredAccess
    .flatMap(({ method, url, access }) =>
      access === 'public' ? [] : [method].flat().map((one) => ({ method: one, url, permission: access })),
    )
    .sort((a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')));
}

describe('the permission policy', () => {
  it('is declared by every API route, and every permission guards at least one', () => {
    const declared = t.app.declaredAccess;
    expect(declared.length).toBeGreaterThan(40);
    for (const { access } of declared) expect(['public', ...permissionNames]).toContain(access);
    // Permissions a service asks about one request: voiding dishes the kitchen has started, the chain's figures.
    const askedInServices: Permission[] = ['orders:void-started', 'reports:chain'];
    const used = new Set([...declared.map(({ access }) => access), ...askedInServices]);
    expect(permissionNames.filter((permission) => !used.has(permission))).toEqual([]);
  });

  // Before the walk of every route below, which ends with signing the accounts out.
  it("lets only an admin change an admin's account: the table, then the rule of the target's role", async () => {
    const targets = new Map<Role, string>();
    for (const role of roles as readonly Role[]) {
      const { user } = await activeStaff(t);
      if (role !== user.role) {
        const promoted = await t.request({
          method: 'PATCH',
          url: `/api/user/users/${user._id}/role`,
          payload: { role },
          as: 'admin',
        });
        expect(promoted.statusCode, promoted.body).toBe(200);
      }
      targets.set(role, user._id);
    }
    const mismatches: string[] = [];
    for (const actor of roles as readonly Role[]) {
      for (const [target, id] of targets) {
        // Setting an active account active changes nothing, so every pair can be tried on the same accounts.
        const response = await t.request({
          method: 'PATCH',
          url: `/api/user/users/${id}/status`,
          payload: { status: 'active' },
          as: actor,
        });
        const expected = !can(actor, 'accounts:set-status')
          ? refusal(actor, 'accounts:set-status')
          : mayChangeAccount(actor, target)
            ? null
            : adminAccountRefusal;
        const answered =
          response.statusCode === 403 ? response.json().message : response.statusCode === 200 ? null : response.body;
        if (answered !== expected) mismatches.push(`${actor} → ${target}: ${response.statusCode} ${response.body}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('answers every route for every role exactly as the table says', async () => {
    const mismatches: string[] = [];
    for (const { method, url, permission } of guardedRoutes()) {
      const path = url.replace(/:[A-Za-z]+/g, unknownId);
      const payload = ['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined;
      const anonymous = await t.app.inject({ method: method as 'GET', url: path, payload });
      if (anonymous.statusCode !== 401 && !(url === '/api/order/' || url === '/api/order')) {
        mismatches.push(`${method} ${url} without a token: ${anonymous.statusCode}`);
      }
      for (const role of roles as readonly Role[]) {
        const response = await t.request({ method: method as 'GET', url: path, payload, as: role });
        const allowed = can(role, permission);
        const refused = response.statusCode === 403 && response.json().message === refusal(role, permission);
        if (allowed === refused || response.statusCode === 401) {
          mismatches.push(`${method} ${url} as ${role} (${permission}): ${response.statusCode} ${response.body}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('refuses to start with an API route that declares no access', async () => {
    const app = Fastify();
    const declared: DeclaredAccess[] = [];
    const registered = app.register(async (api) => {
      registerAccessGuard(api, async () => Promise.reject(new Error('no sessions here')), declared);
      api.get('/api/forgotten', async () => 'open to anyone by mistake');
    });
    await expect(registered).rejects.toThrow("GET /api/forgotten declares no access ('public' or a permission)");
  });
});

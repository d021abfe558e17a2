import type { Branch, UserWithBranches } from '@quan/contract/branch';
import type { CurrentUser } from '@quan/contract/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBranch, newAccountInput, signInToBranch } from './factories';
import { buildTestApp, type SignedIn, type TestApp } from './helper';

let t: TestApp;
let admin: SignedIn;
let first: Branch;
let second: Branch;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signInAs('admin');
  first = ((await t.request({ method: 'GET', url: '/api/branches', as: admin })).json().data as Branch[])[0]!;
  second = await addBranch(t, 'Quận 3');
});
afterAll(() => t.close());

const unknownId = '01900000-0000-7000-8000-000000000000';

/** A newcomer registered and waiting for approval: the account and the password to sign in with. */
async function registered() {
  const input = newAccountInput();
  const response = await t.request({ method: 'POST', url: '/api/user/register', payload: input });
  expect(response.statusCode).toBe(201);
  return { id: response.json().data._id as string, email: input.email, password: input.password };
}

function signIn(email: string, password: string) {
  return t.request({ method: 'POST', url: '/api/user/login', payload: { email, password } });
}

function setBranches(userId: string, branches: { branchId: string; role: 'manager' | 'staff' }[]) {
  return t.request({ method: 'PUT', url: `/api/branches/members/${userId}`, payload: { branches }, as: admin });
}

describe('the branches an admin adds and edits', () => {
  it('refuses a link name another branch has, on adding and on editing, naming it', async () => {
    const taken = await t.request({
      method: 'POST',
      url: '/api/branches',
      payload: { name: 'Quận 3 bis', slug: second.slug.toUpperCase() },
      as: admin,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'BRANCH_SLUG_TAKEN', params: { slug: second.slug } });

    const renamed = await t.request({
      method: 'PUT',
      url: `/api/branches/${first._id}`,
      payload: { slug: second.slug },
      as: admin,
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().code).toBe('BRANCH_SLUG_TAKEN');
    const branches = (await t.request({ method: 'GET', url: '/api/branches', as: admin })).json().data as Branch[];
    expect(branches.map((branch) => branch.slug)).toEqual([first.slug, second.slug]);
  });

  it('answers 404 for a branch that does not exist, and keeps branches for admins', async () => {
    const missing = await t.request({
      method: 'PUT',
      url: `/api/branches/${unknownId}`,
      payload: { name: 'Nowhere' },
      as: admin,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('BRANCH_GONE');
    const byManager = await t.request({
      method: 'POST',
      url: '/api/branches',
      payload: { name: 'Quận 5', slug: 'quan-5' },
      as: 'manager',
    });
    expect(byManager.statusCode).toBe(403);
  });
});

describe('who works where', () => {
  it('refuses a role in a branch that does not exist, naming it, and changes nothing', async () => {
    const person = await signInToBranch(t, first._id, 'staff');
    const response = await setBranches(person.user._id, [
      { branchId: second._id, role: 'manager' },
      { branchId: unknownId, role: 'staff' },
    ]);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'BRANCH_GONE', params: { branchId: unknownId } });
    expect(response.json().message).toContain(unknownId);
    const kept = await t.request({ method: 'GET', url: `/api/branches/members/${person.user._id}`, as: admin });
    expect(kept.json().data).toEqual([{ branchId: first._id, role: 'staff' }]);
  });

  it('refuses branches for an admin, who holds every one', async () => {
    const response = await setBranches(admin.user._id, [{ branchId: second._id, role: 'staff' }]);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('ADMIN_IN_EVERY_BRANCH');
  });

  it('refuses a branch listed twice', async () => {
    const person = await signInToBranch(t, first._id, 'staff');
    const response = await setBranches(person.user._id, [
      { branchId: second._id, role: 'manager' },
      { branchId: second._id, role: 'staff' },
    ]);
    expect(response.statusCode).toBe(400);
  });
});

describe('the branch switcher', () => {
  it('moves the session to another of the person’s branches, with their role there', async () => {
    const person = await signInToBranch(t, first._id, 'staff');
    expect(
      (
        await setBranches(person.user._id, [
          { branchId: first._id, role: 'staff' },
          { branchId: second._id, role: 'manager' },
        ])
      ).statusCode,
    ).toBe(200);
    const mine = await t.request({ method: 'GET', url: '/api/branches', as: person });
    expect((mine.json().data as Branch[]).map((branch) => branch._id)).toEqual([first._id, second._id]);

    const switched = await t.request({
      method: 'PUT',
      url: '/api/branches/current',
      payload: { branchId: second._id },
      as: person,
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().data).toMatchObject({ _id: person.user._id, branchId: second._id, role: 'manager' });

    const me = (await t.request({ method: 'GET', url: '/api/user', as: person })).json().data as CurrentUser;
    expect(me).toMatchObject({ branchId: second._id, role: 'manager' });
    // A manager there now: the accounts of the branch are theirs to see.
    expect((await t.request({ method: 'GET', url: '/api/user/users', as: person })).statusCode).toBe(200);
  });

  it('tells someone who works in one branch of a chain how many branches the chain has', async () => {
    const person = await signInToBranch(t, second._id, 'staff');
    const chain = (await t.request({ method: 'GET', url: '/api/branches', as: admin })).json();
    expect(chain.data.length).toBeGreaterThan(1);

    const mine = await t.request({ method: 'GET', url: '/api/branches', as: person });
    expect(mine.statusCode).toBe(200);
    expect((mine.json().data as Branch[]).map((branch) => branch._id)).toEqual([second._id]);
    expect(mine.json().chainSize).toBe(chain.data.length);
    expect(chain.chainSize).toBe(chain.data.length);
  });

  it('answers 404 for a branch the person does not work in, and stays where it was', async () => {
    const person = await signInToBranch(t, first._id, 'staff');
    for (const branchId of [second._id, unknownId]) {
      const response = await t.request({
        method: 'PUT',
        url: '/api/branches/current',
        payload: { branchId },
        as: person,
      });
      expect(response.statusCode, branchId).toBe(404);
      expect(response.json().code).toBe('BRANCH_GONE');
    }
    const me = (await t.request({ method: 'GET', url: '/api/user', as: person })).json().data as CurrentUser;
    expect(me).toMatchObject({ branchId: first._id, role: 'staff' });
  });

  it('lets an admin work in any branch', async () => {
    const session = await t.newSession('admin');
    const switched = await t.request({
      method: 'PUT',
      url: '/api/branches/current',
      payload: { branchId: second._id },
      as: session,
    });
    expect(switched.json().data).toMatchObject({ branchId: second._id, role: 'admin' });
  });
});

describe('sessions and branches', () => {
  it('ends a session in a branch the person was taken out of, from the next call', async () => {
    const person = await signInToBranch(t, second._id, 'staff');
    expect((await t.request({ method: 'GET', url: '/api/user', as: person })).statusCode).toBe(200);
    expect((await setBranches(person.user._id, [{ branchId: first._id, role: 'staff' }])).statusCode).toBe(200);

    const next = await t.request({ method: 'GET', url: '/api/user', as: person });
    expect(next.statusCode).toBe(401);
    expect(next.json().code).toBe('BRANCH_LEFT');
  });

  it('refuses to sign in someone who works in no branch', async () => {
    const account = await registered();
    const approved = await t.request({
      method: 'PATCH',
      url: `/api/user/users/${account.id}/status`,
      payload: { status: 'active' },
      as: admin,
    });
    expect(approved.statusCode).toBe(200);
    expect((await setBranches(account.id, [])).statusCode).toBe(200);

    const refused = await signIn(account.email, account.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('NO_BRANCH');

    expect((await setBranches(account.id, [{ branchId: second._id, role: 'staff' }])).statusCode).toBe(200);
    const welcomed = await signIn(account.email, account.password);
    expect(welcomed.statusCode).toBe(200);
    expect(welcomed.json().data.user).toMatchObject({ branchId: second._id, role: 'staff' });
  });
});

describe('the accounts of a branch', () => {
  it('shows an admin every account with its branches', async () => {
    const there = await signInToBranch(t, second._id, 'manager');
    const users = (await t.request({ method: 'GET', url: '/api/user/users', as: admin })).json()
      .data as UserWithBranches[];
    expect(users.find((user) => user._id === there.user._id)?.branches).toEqual([
      { branchId: second._id, role: 'manager' },
    ]);
    expect(users.find((user) => user._id === admin.user._id)?.branches).toEqual([]);
  });

  it('shows a manager the people of their branch, the admins and the newcomers, and no one else', async () => {
    const manager = await signInToBranch(t, second._id, 'manager');
    const colleague = await signInToBranch(t, second._id, 'staff');
    const elsewhere = await signInToBranch(t, first._id, 'staff');
    const newcomer = await registered();

    const users = (await t.request({ method: 'GET', url: '/api/user/users', as: manager })).json()
      .data as UserWithBranches[];
    const ids = users.map((user) => user._id);
    expect(ids).toEqual(expect.arrayContaining([manager.user._id, colleague.user._id, admin.user._id, newcomer.id]));
    expect(ids).not.toContain(elsewhere.user._id);
    expect(users.find((user) => user._id === colleague.user._id)).toMatchObject({
      role: 'staff',
      branches: [{ branchId: second._id, role: 'staff' }],
    });
  });

  it('lets a manager approve a newcomer into their branch, and answers 404 for someone of another branch', async () => {
    const manager = await signInToBranch(t, second._id, 'manager');
    const elsewhere = await signInToBranch(t, first._id, 'staff');
    const suspend = await t.request({
      method: 'PATCH',
      url: `/api/user/users/${elsewhere.user._id}/status`,
      payload: { status: 'suspended' },
      as: manager,
    });
    expect(suspend.statusCode).toBe(404);
    expect(suspend.json().code).toBe('ACCOUNT_NOT_FOUND');
    expect((await t.request({ method: 'GET', url: '/api/user', as: elsewhere })).statusCode).toBe(200);

    const newcomer = await registered();
    const approved = await t.request({
      method: 'PATCH',
      url: `/api/user/users/${newcomer.id}/status`,
      payload: { status: 'active' },
      as: manager,
    });
    expect(approved.statusCode).toBe(200);
    const signedIn = await signIn(newcomer.email, newcomer.password);
    expect(signedIn.json().data.user).toMatchObject({ branchId: second._id, role: 'staff' });
  });
});

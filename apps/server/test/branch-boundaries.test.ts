import type { Branch } from '@quan/contract/branch';
import type { ClientToServerEvents, ServerToClientEvents } from '@quan/contract/realtime';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBranch, signInToBranch } from './factories';
import { buildTestApp, type TestApp } from './helper';

/** What one branch's people cannot do to another branch through what the chain shares. */

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
let t: TestApp;
let url: string;
let branchB: Branch;

beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
  branchB = await addBranch(t, 'Quận 3');
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

describe('between branches', () => {
  it("keeps an ingredient in the chain's catalogue while another branch still holds some", async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/ingredient',
      payload: { name: 'Thịt bò', unit: 'kg', quantity: 0, lowStockThreshold: 0, costPerUnit: 250_000 },
      as: 'manager',
    });
    expect(created.statusCode, created.body).toBe(201);
    const beef = created.json().data._id as string;
    const managerB = await signInToBranch(t, branchB._id, 'manager');
    const restocked = await t.request({
      method: 'PUT',
      url: `/api/ingredient/${beef}`,
      payload: { change: 5, reason: 'restock' },
      as: managerB,
    });
    expect(restocked.statusCode, restocked.body).toBe(200);

    const removed = await t.request({ method: 'DELETE', url: `/api/ingredient/${beef}`, as: 'manager' });
    expect(removed.statusCode, removed.body).toBe(409);
    expect(removed.json()).toMatchObject({
      code: 'INGREDIENT_HELD_ELSEWHERE',
      params: { ingredient: 'Thịt bò', branch: 'Quận 3' },
    });
    const stillThere = await t.request({ method: 'GET', url: '/api/ingredient', as: managerB });
    expect(stillThere.json().data.find((one: { _id: string }) => one._id === beef)).toMatchObject({ quantity: 5 });
  });

  it('gives each branch its own bank account, so a transfer pays the branch it reached', async () => {
    const bank = { bin: '970436', accountNumber: '0011004455667', accountName: 'QUAN PHO BAC' };
    const first = await t.request({ method: 'PUT', url: '/api/settings', payload: { bank }, as: 'admin' });
    expect(first.statusCode, first.body).toBe(200);
    const adminInB = await signInToBranch(t, branchB._id, 'admin');
    const same = await t.request({ method: 'PUT', url: '/api/settings', payload: { bank }, as: adminInB });
    expect(same.statusCode, same.body).toBe(409);
    expect(same.json()).toMatchObject({ code: 'BANK_ACCOUNT_OF_OTHER_BRANCH' });
    const own = await t.request({
      method: 'PUT',
      url: '/api/settings',
      payload: { bank: { ...bank, accountNumber: '0011009988776' } },
      as: adminInB,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.bank).toMatchObject({ accountNumber: '0011009988776' });
  });

  it("stops a person's live screen hearing a branch as soon as they no longer work there", async () => {
    const staffB = await signInToBranch(t, branchB._id, 'staff');
    const socket: ClientSocket = connect(url, { auth: { token: staffB.token }, transports: ['websocket'] });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      // Moved to the first branch only: the open connection leaves B's room (it reconnects, and is refused).
      const refused = new Promise<string>((resolve) => socket.once('connect_error', (error) => resolve(error.message)));
      const moved = await t.request({
        method: 'PUT',
        url: `/api/branches/members/${staffB.user._id}`,
        payload: { branches: [{ branchId: (await t.app.services.branches.first()).id, role: 'staff' }] },
        as: 'admin',
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await refused).toMatch(/no longer work in this branch/);
    } finally {
      socket.disconnect();
    }
  });
});

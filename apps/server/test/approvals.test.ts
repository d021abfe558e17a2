import type { AuditEntry } from '@quan/contract/audit';
import { formatVnd } from '@quan/contract/money';
import type { Order } from '@quan/contract/order';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMenu, newAccountInput } from './factories';
import { buildTestApp, type SignedIn, type TestApp } from './helper';

/**
 * A manager's approval typed on a staff member's device (modules/users/approvals.ts) is a password check
 * counted by the sign-in throttle, in one budget with the sign-ins, asked only once the rest of the request has
 * passed, and written to the audit trail when it is refused.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let t: TestApp;
let staff: SignedIn;
/** The manager's email and password, and her name; she is not signed in here. */
let manager: { email: string; password: string };
let managerName: string;
let dishId: string;

beforeAll(async () => {
  // The limits as they ship (the other suites raise them): 10 failures per address and email in 10 minutes,
  // 30 per address, 50 per email in a clock hour.
  t = await buildTestApp({
    LOGIN_RATE_LIMIT_PER_IP: '30',
    LOGIN_RATE_LIMIT_PER_EMAIL: '10',
    LOGIN_RATE_LIMIT_PER_EMAIL_HOURLY: '50',
  });
  await t.signInAs('admin');
  staff = await t.signInAs('staff');
  const input = newAccountInput({ name: 'Quản lý Lan' });
  const { data: user } = (await t.request({ method: 'POST', url: '/api/user/register', payload: input })).json();
  for (const [url, payload] of [
    [`/api/user/users/${user._id}/status`, { status: 'active' }],
    [`/api/user/users/${user._id}/role`, { role: 'manager' }],
  ] as const) {
    expect((await t.request({ method: 'PATCH', url, payload, as: 'admin' })).statusCode).toBe(200);
  }
  manager = { email: input.email, password: input.password };
  managerName = input.name;
  dishId = (await createMenu(t, [{ name: 'Phở bò', price: 65_000 }])).items[0]!._id;
});
afterAll(() => t.close());

/**
 * The throttle counts in windows of the clock: each test runs a minute past an hour of its own, with the clock
 * stopped, so that no window ends in the middle of it (well within the staff member's sign-in).
 */
let hoursAhead = 0;
function atAFreshHour(): void {
  hoursAhead += 1;
  vi.useFakeTimers({ toFake: ['Date'], now: (Math.floor(Date.now() / HOUR) + hoursAhead) * HOUR + MINUTE });
}
afterEach(() => void vi.useRealTimers());

/** An order the staff member placed: the kitchen has started it, so voiding its dish needs a manager. */
async function startedOrder(): Promise<Order> {
  const response = await t.request({
    method: 'POST',
    url: '/api/order',
    payload: { customerDetails: { name: 'Bàn 4', guests: 2 }, items: [{ itemId: dishId, quantity: 2 }] },
    as: 'staff',
  });
  expect(response.statusCode, response.body).toBe(201);
  const order: Order = response.json().data;
  const started = { method: 'POST', url: `/api/order/${order._id}/rounds/1/start`, payload: {}, as: 'staff' } as const;
  return (await t.request(started)).json().data;
}

/** The staff member voids one dish of `order` from `remoteAddress`, with a manager's approval typed there. */
function voidWithApproval(
  order: Order,
  approval: { email: string; password: string },
  remoteAddress: string,
  body: Record<string, unknown> = {},
  mark?: string,
): Promise<LightMyRequestResponse> {
  return t.request({
    method: 'POST',
    url: `/api/order/${order._id}/voids`,
    payload: { lines: [{ position: 0, quantity: 1 }], reason: 'wrong_dish', approval, ...body },
    as: staff,
    remoteAddress,
    ...(mark ? { cookies: { quanDevice: mark } } : {}),
  });
}

function signIn(email: string, password: string, remoteAddress: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password }, remoteAddress });
}

/** A colleague's guess at the manager's password. */
const wrong = () => ({ email: manager.email, password: 'guess-1234' });

async function auditEntries(query: string): Promise<AuditEntry[]> {
  const response = await t.request({ method: 'GET', url: `/api/audit${query}`, as: 'admin' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe("a manager's approval on a staff member's device", () => {
  it("is not locked for the manager by a colleague's wrong guesses from another address", async () => {
    atAFreshHour();
    const order = await startedOrder();
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await voidWithApproval(order, wrong(), '127.0.0.2')).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(403), 429]);
    // The colleague's address is refused even the right password until the window ends…
    expect((await voidWithApproval(order, manager, '127.0.0.2')).statusCode).toBe(429);

    // …and the counter tablet's is not: the manager approves there.
    const approved = await voidWithApproval(order, manager, '127.0.0.3');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.items[0]).toMatchObject({ voidedQuantity: 1 });
    const [entry] = await auditEntries('?kind=void');
    expect(entry).toMatchObject({ order: { _id: order._id }, approvedBy: { name: managerName } });
  });

  it('shares one budget with the sign-ins for an address and email', async () => {
    atAFreshHour();
    const order = await startedOrder();
    for (let i = 0; i < 6; i++) expect((await signIn(manager.email, `guess-${i}`, '127.0.0.4')).statusCode).toBe(401);
    for (let i = 0; i < 4; i++) expect((await voidWithApproval(order, wrong(), '127.0.0.4')).statusCode).toBe(403);
    // The eleventh attempt is refused, whichever kind it is, the right password too.
    const approval = await voidWithApproval(order, manager, '127.0.0.4');
    expect(approval.statusCode).toBe(429);
    expect(approval.json()).toMatchObject({ code: 'TOO_MANY_APPROVALS', params: { minutes: 9 } });
    expect((await signIn(manager.email, manager.password, '127.0.0.4')).statusCode).toBe(429);

    // A right approval is a success for its address and email: that address starts its count again.
    expect((await voidWithApproval(order, manager, '127.0.0.5')).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await signIn(manager.email, `guess-${i}`, '127.0.0.5')).statusCode).toBe(401);
    expect((await signIn(manager.email, manager.password, '127.0.0.5')).statusCode).toBe(429);
  });

  it('answers a request bound to fail the same for a right password as for a wrong one', async () => {
    atAFreshHour();
    const order = await startedOrder();
    const doomed: [Record<string, unknown>, number][] = [
      [{ expectedVersion: order.version + 1 }, 409],
      [{ lines: [{ position: 9, quantity: 1 }] }, 400],
      [{ lines: [{ position: 0, quantity: 3 }] }, 400],
    ];
    for (const [body, status] of doomed) {
      const right = await voidWithApproval(order, manager, '127.0.0.6', body);
      const guess = await voidWithApproval(order, wrong(), '127.0.0.6', body);
      expect(right.statusCode, JSON.stringify(body)).toBe(status);
      expect(guess.statusCode, JSON.stringify(body)).toBe(status);
      expect(guess.json()).toEqual(right.json());
    }
    const missing = { ...order, _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b' };
    const [right, guess] = [
      await voidWithApproval(missing, manager, '127.0.0.6'),
      await voidWithApproval(missing, wrong(), '127.0.0.6'),
    ];
    expect([right.statusCode, guess.statusCode]).toEqual([404, 404]);
    expect(guess.json()).toEqual(right.json());
    // Nothing was checked, so nothing was counted or written.
    expect(await auditEntries(`?kind=approval-refused&userId=${staff.user._id}`)).not.toContainEqual(
      expect.objectContaining({ order: expect.objectContaining({ _id: order._id }) }),
    );
    const unchanged: Order = (await t.request({ method: 'GET', url: `/api/order/${order._id}`, as: 'staff' })).json()
      .data;
    expect(unchanged.items[0]!.voidedQuantity).toBe(0);
  });

  it('writes a refused approval to the audit trail: who asked, for which email and what, without the password', async () => {
    atAFreshHour();
    const order = await startedOrder();
    const typed = { email: manager.email, password: 'Sai-mat-khau-99' };
    const refused = await voidWithApproval(order, typed, '127.0.0.7', { note: 'khách đổi ý', reason: 'other' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: "That email and password are not a manager's who can void dishes the kitchen has started or served",
      code: 'APPROVAL_REFUSED',
    });

    const [entry] = await auditEntries('?kind=approval-refused');
    expect(entry).toMatchObject({
      kind: 'approval-refused',
      order: { _id: order._id, orderNo: order.orderNo },
      actor: { _id: staff.user._id },
      approvedBy: null,
      summary: `Refused the approval typed as ${manager.email} to void 1 × Phở bò on order ${order.orderNo} (other: khách đổi ý): ${formatVnd(65_000)}`,
      details: { action: 'void', email: manager.email, reason: 'other', amount: 65_000 },
    });
    expect(JSON.stringify(entry)).not.toContain(typed.password);
    // The void itself was not made.
    expect(await auditEntries(`?kind=void&userId=${staff.user._id}`)).not.toContainEqual(
      expect.objectContaining({ order: expect.objectContaining({ _id: order._id }) }),
    );
  });

  it("takes the manager's approval on a tablet she signed in on, after others used up her email's hour", async () => {
    atAFreshHour();
    const order = await startedOrder();
    const signedIn = await signIn(manager.email, manager.password, '127.0.0.8');
    const mark = signedIn.cookies.find((cookie) => cookie.name === 'quanDevice')!;
    expect(mark.path).toBe('/api');
    // 50 failures from five addresses, ten each: under every address's limit, not under the email's.
    for (let i = 0; i < 50; i++) {
      expect((await signIn(manager.email, `guess-${i}`, `127.0.1.${Math.floor(i / 10) + 1}`)).statusCode).toBe(401);
    }
    expect((await voidWithApproval(order, manager, '127.0.0.8')).statusCode).toBe(429);
    const approved = await voidWithApproval(order, manager, '127.0.0.8', {}, mark.value);
    expect(approved.statusCode, approved.body).toBe(200);
  });
});

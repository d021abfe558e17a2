import type { Branch } from '@quan/contract/branch';
import type { Order } from '@quan/contract/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBranch, createMenu, createTable, signInToBranch } from './factories';
import { buildTestApp, type SignedIn, type TestApp } from './helper';

/**
 * The branch walk: as the permission test walks every route for every role, this one walks every route that
 * names a place (an order, a table, a shift, a reservation, a stock transfer) as the people of branch B,
 * with the ids of branch A. Each must answer as if the id did not exist (404) or refuse (403), and A's
 * records must read the same afterwards; and no list B's people read holds an id of A.
 */

let t: TestApp;
let branchB: Branch;
let peopleOfB: { who: string; as: SignedIn }[];
const ofA: Record<string, string> = {};
/** A dish of the chain's menu: sold in both branches, so not one of A's places. */
let dish: string;

/** The routes whose ids are a branch's own places; everything under them is walked. */
const placePrefixes = [
  '/api/order',
  '/api/table',
  '/api/shifts',
  '/api/reservations',
  '/api/stock-transfers',
  '/api/printers',
];

/** Bodies a route would accept, so that its refusal is about the id and not about the body. */
const bodies: Record<string, unknown> = {
  'PUT /api/order/:id': { status: 'served' },
  'POST /api/order/:id/rounds': { items: [{ itemId: '<dish>', quantity: 1 }] },
  'PUT /api/order/:id/rounds/:roundNo': { status: 'ready' },
  'POST /api/order/:id/rounds/:roundNo/start': {},
  'PUT /api/order/:id/rounds/:roundNo/stations/:stationId': { ready: true },
  'POST /api/order/:id/rounds/:roundNo/tickets': {},
  'POST /api/order/:id/prints': { kind: 'bill' },
  'POST /api/order/:id/payments': { method: 'card', amount: 1000 },
  'POST /api/order/:id/payments/:paymentId/refunds': { amount: 1000, reason: 'Khách trả lại món' },
  'POST /api/order/:id/voids': { lines: [{ position: 1, quantity: 1 }], reason: 'wrong_dish' },
  'POST /api/order/:id/split': { by: 'guests', guests: 2 },
  'POST /api/order/:id/parts/:partNo/pay': { paymentMethod: 'card' },
  'PUT /api/table/:tableId': { seats: 6 },
  'POST /api/shifts/:id/cash-movements': { kind: 'in', amount: 1000, reason: 'Thêm tiền lẻ' },
  'POST /api/shifts/:id/close': { countedCash: 0 },
  'POST /api/shifts/:id/reopen': { reason: 'Đếm lại két' },
  'PUT /api/reservations/:id/status': { status: 'cancelled' },
  'PATCH /api/reservations/:id': { note: 'Đổi giờ' },
  'PUT /api/printers/:id': { name: 'Máy in B' },
};

function idFor(url: string, param: string): string {
  if (param === 'roundNo' || param === 'partNo') return '1';
  if (param === 'tableId') return ofA.table!;
  if (param === 'stationId' || param === 'paymentId') return '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
  if (param === 'transactionId') return 'walk-unknown-transaction';
  if (url.startsWith('/api/order')) return ofA.order!;
  if (url.startsWith('/api/shifts')) return ofA.shift!;
  if (url.startsWith('/api/reservations')) return ofA.reservation!;
  if (url.startsWith('/api/printers')) return ofA.printer!;
  if (url.startsWith('/api/stock-transfers')) return ofA.transfer ?? '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
  return ofA.order!;
}

/** A's places as A's own staff read them: the same before and after the walk. */
async function placesOfA(): Promise<string> {
  const read = async (url: string) => {
    const response = await t.request({ method: 'GET', url, as: 'manager' });
    return `${url} ${response.statusCode} ${JSON.stringify(response.json().data)}`;
  };
  return (
    await Promise.all([
      read(`/api/order/${ofA.order}`),
      read('/api/table'),
      read(`/api/shifts/${ofA.shift}`),
      read(`/api/reservations/${ofA.reservation}`),
      read('/api/printers'),
    ])
  ).join('\n');
}

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_MAX: '100000' });
  await t.signInAs('admin');
  const menu = await createMenu(t, [{ price: 50_000 }]);
  dish = menu.items[0]!._id;
  const table = await createTable(t);
  ofA.table = table._id;
  const placed = await t.request({
    method: 'POST',
    url: '/api/order',
    payload: {
      customerDetails: { name: 'Khách A', guests: 2 },
      tableId: table._id,
      items: [{ itemId: menu.items[0]!._id, quantity: 2 }],
    },
    as: 'staff',
  });
  expect(placed.statusCode, placed.body).toBe(201);
  ofA.order = (placed.json().data as Order)._id;
  const shift = await t.request({
    method: 'POST',
    url: '/api/shifts',
    payload: { deviceId: 'walk-counter-a', deviceName: 'Quầy A', openingFloat: 500_000 },
    as: 'staff',
  });
  expect(shift.statusCode, shift.body).toBe(201);
  ofA.shift = shift.json().data._id;
  const startsAt = new Date(Date.now() + 2 * 24 * 3600_000);
  startsAt.setUTCHours(12, 0, 0, 0);
  const reservation = await t.request({
    method: 'POST',
    url: '/api/reservations',
    payload: { name: 'Chị Lan', phone: '0912345678', partySize: 2, startsAt: startsAt.toISOString() },
    as: 'staff',
  });
  expect(reservation.statusCode, reservation.body).toBe(201);
  ofA.reservation = reservation.json().data._id;
  // A printer nobody connects to: every call B's people make stops at its id.
  const printer = await t.request({
    method: 'POST',
    url: '/api/printers',
    payload: { name: 'Bếp A', host: '127.0.0.1', port: 9, hasDrawer: true },
    as: 'manager',
  });
  expect(printer.statusCode, printer.body).toBe(201);
  ofA.printer = printer.json().data._id;

  branchB = await addBranch(t, 'Quận 3');
  peopleOfB = [
    { who: "B's manager", as: await signInToBranch(t, branchB._id, 'manager') },
    { who: "B's staff", as: await signInToBranch(t, branchB._id, 'staff') },
    { who: 'the admin working in B', as: await signInToBranch(t, branchB._id, 'admin') },
  ];
});
afterAll(() => t.close());

describe('a branch never reaches another branch’s places', () => {
  it("answers every route that names A's place to B's people as if it did not exist, and A's places stay as they were", async () => {
    const before = await placesOfA();
    const walked = t.app.declaredAccess.flatMap(({ method, url, access }) =>
      access !== 'public' && url.includes(':') && placePrefixes.some((prefix) => url.startsWith(prefix))
        ? [method].flat().map((one) => ({ method: one, url }))
        : [],
    );
    expect(walked.length).toBeGreaterThan(25);
    const leaks: string[] = [];
    for (const { method, url } of walked) {
      const path = url.replace(/:([A-Za-z]+)/g, (_match, param: string) => idFor(url, param));
      const key = `${method} ${url}`;
      const body = JSON.stringify(bodies[key] ?? {}).replace('<dish>', dish);
      const payload = ['POST', 'PUT', 'PATCH'].includes(method) ? JSON.parse(body) : undefined;
      for (const { who, as } of peopleOfB) {
        const response = await t.request({ method: method as 'GET', url: path, payload, as });
        // A body the route refuses before it looks the id up (400) is allowed only where no real body is given.
        const refusedAsUnknown = response.statusCode === 404 || response.statusCode === 403;
        const validationOnly = response.statusCode === 400 && !(key in bodies);
        if (!refusedAsUnknown && !validationOnly)
          leaks.push(`${key} as ${who}: ${response.statusCode} ${response.body}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(await placesOfA()).toBe(before);
  });

  it("shows B's people no id of A's places in any list they can read", async () => {
    const lists = t.app.declaredAccess.flatMap(({ method, url, access }) =>
      access !== 'public' && !url.includes(':') && [method].flat().includes('GET') ? [url] : [],
    );
    expect(lists.length).toBeGreaterThan(15);
    const seen: string[] = [];
    for (const url of lists) {
      for (const { who, as } of peopleOfB) {
        const response = await t.request({ method: 'GET', url, as });
        if (response.statusCode !== 200) continue;
        for (const [kind, id] of Object.entries(ofA)) {
          if (response.body.includes(id)) seen.push(`${url} as ${who} shows A's ${kind}`);
        }
      }
    }
    expect(seen).toEqual([]);
  });
});

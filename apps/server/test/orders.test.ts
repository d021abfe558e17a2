import { formatVnd } from '@quan/contract/money';
import { orderStatuses, allowedOrderMoves, type Order, type OrderStatus } from '@quan/contract/order';
import { eq, like } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items as itemsTable } from '../src/db/schema/menu';
import {
  orderIdempotencyKeys as idempotencyKeysTable,
  orderRounds as orderRoundsTable,
  orders as ordersTable,
} from '../src/db/schema/orders';
import { createMenu, createTable } from './factories';
import { buildTestApp, type TestApp } from './helper';
import { statusInWords } from '../src/modules/orders/status-words';

let t: TestApp;
type Dish = { _id: string; name: string; price: number };
let pho: Dish;
let banhMi: Dish;
let oddPrice: Dish;
let soldOut: Dish;

beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
  const menu = await createMenu(t, [
    { name: 'Phở bò', price: 65_000 },
    { name: 'Bánh mì', price: 25_000 },
    { name: 'Chè', price: 12_345 },
    { name: 'Bún chả', price: 55_000, isAvailable: false },
  ]);
  [pho, banhMi, oddPrice, soldOut] = menu.items as [Dish, Dish, Dish, Dish];
});
afterAll(() => t.close());

const guest = { name: 'Anh Tuấn', guests: 2 };

function place(body: Record<string, unknown>, options: { key?: string; as?: 'staff' | 'manager' } = {}) {
  return t.request({
    method: 'POST',
    url: '/api/order',
    payload: { customerDetails: guest, ...body },
    headers: options.key ? { 'idempotency-key': options.key } : {},
    as: options.as ?? 'staff',
  });
}

async function placeOk(body: Record<string, unknown> = {}): Promise<Order> {
  const response = await place({ items: [{ itemId: pho._id, quantity: 1 }], ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const move = (id: string, body: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: `/api/order/${id}`, payload: body, as: 'staff' });

async function countOrders(): Promise<number> {
  return (await t.request({ method: 'GET', url: '/api/order?limit=1', as: 'staff' })).json().pagination.totalItems;
}

describe('placing an order', () => {
  it('prices every line from the menu and shows the 8 % VAT the prices hold, rounded to whole VND', async () => {
    const response = await place({
      items: [
        { itemId: pho._id, quantity: 3, note: 'ít hành' },
        { itemId: banhMi._id, quantity: 1 },
        { itemId: oddPrice._id, quantity: 1 },
      ],
      note: 'Window seat',
    });
    expect(response.statusCode).toBe(201);
    const order: Order = response.json().data;
    // A kitchen without stations: lines go to none, and none is done yet; dishes without options carry none; a
    // dish with no VAT rate of its own nor from its category is at the restaurant's default, 8 %.
    const firstRound = {
      roundNo: 1,
      voidedQuantity: 0,
      options: [],
      vatRate: 8,
      stationId: null,
      startedAt: null,
      readyAt: null,
    };
    expect(order.items).toEqual([
      {
        itemId: pho._id,
        name: 'Phở bò',
        price: 65_000,
        quantity: 3,
        note: 'ít hành',
        total: 195_000,
        position: 0,
        ...firstRound,
      },
      {
        itemId: banhMi._id,
        name: 'Bánh mì',
        price: 25_000,
        quantity: 1,
        note: '',
        total: 25_000,
        position: 1,
        ...firstRound,
      },
      {
        itemId: oddPrice._id,
        name: 'Chè',
        price: 12_345,
        quantity: 1,
        note: '',
        total: 12_345,
        position: 2,
        ...firstRound,
      },
    ]);
    expect(order.rounds).toEqual([
      { no: 1, status: 'in_progress', source: 'pos', sentAt: order.createdAt, sentBy: order.createdBy },
    ]);
    // A new restaurant's prices hold the VAT: 232,345 × 8 / 108 = 17,210.7 → 17,211, and the guest pays the menu prices.
    expect(order.bills).toEqual({
      subtotal: 232_345,
      discount: 0,
      serviceRate: 0,
      serviceCharge: 0,
      taxes: [{ vatRate: 8, taxable: 232_345 - 17_211, tax: 17_211 }],
      serviceVatRate: 8,
      pricesIncludeTax: true,
      tax: 17_211,
      total: 232_345,
    });
    expect(order).toMatchObject({
      status: 'in_progress',
      source: 'pos',
      paymentStatus: 'unpaid',
      customerDetails: { name: 'Anh Tuấn', phone: '', guests: 2 },
      table: null,
      coupon: null,
      note: 'Window seat',
      createdBy: { name: 'Test staff' },
    });
    expect(order.orderNo).toBeGreaterThanOrEqual(1001);
    const next = await placeOk();
    expect(next.orderNo).toBe(order.orderNo + 1);
  });

  it('bills each line at the default rate of its ordering and the order in the VAT mode of its placing', async () => {
    const settings = { method: 'PUT', url: '/api/settings', as: 'admin' } as const;
    await t.request({ ...settings, payload: { taxRate: 10, pricesIncludeTax: false } });
    const order = await placeOk({ items: [{ itemId: oddPrice._id, quantity: 2 }] });
    // VAT added on top: 24,690 × 10 % = 2,469.
    const added = { subtotal: 24_690, discount: 0, pricesIncludeTax: false, tax: 2_469, total: 27_159 };
    expect(order.bills).toMatchObject({ ...added, taxes: [{ vatRate: 10, taxable: 24_690, tax: 2_469 }] });
    await t.request({ ...settings, payload: { taxRate: 8, pricesIncludeTax: true } });
    // The order keeps its VAT mode and its first lines their 10 % when its bill is worked out again; the second
    // round's line is at the default rate of now, 8 %.
    const round = await t.request({
      method: 'POST',
      url: `/api/order/${order._id}/rounds`,
      payload: { items: [{ itemId: oddPrice._id, quantity: 1 }] },
      as: 'staff',
    });
    expect(round.statusCode, round.body).toBe(201);
    expect(round.json().data.bills).toMatchObject({
      subtotal: 37_035,
      taxes: [
        { vatRate: 8, taxable: 12_345, tax: 988 }, // 987,6 ₫
        { vatRate: 10, taxable: 24_690, tax: 2_469 },
      ],
      pricesIncludeTax: false,
      tax: 988 + 2_469,
      total: 37_035 + 988 + 2_469,
    });
  });

  it('charges a new price, and refuses a dish made unavailable or deleted, from the very next order', async () => {
    const { items } = await createMenu(t, [{ name: 'Cơm gà', price: 40_000 }]);
    const dish = items[0]!;
    const line = { items: [{ itemId: dish._id, quantity: 2 }] };
    const changeDish = (payload: Record<string, unknown>) =>
      t.request({ method: 'PUT', url: `/api/item/${dish._id}`, payload, as: 'manager' });
    expect((await placeOk(line)).items[0]).toMatchObject({ price: 40_000, total: 80_000 });

    await changeDish({ price: 45_000 });
    expect((await placeOk(line)).items[0]).toMatchObject({ price: 45_000, total: 90_000 });

    await changeDish({ isAvailable: false });
    const unavailable = await place(line);
    expect(unavailable.statusCode).toBe(409);
    expect(unavailable.json()).toMatchObject({
      code: 'DISH_UNAVAILABLE',
      message: 'Cơm gà is not available right now',
    });

    await changeDish({ isAvailable: true });
    expect((await place(line)).statusCode).toBe(201);
    await t.request({ method: 'DELETE', url: `/api/item/${dish._id}`, as: 'manager' });
    const deleted = await place(line);
    expect(deleted.statusCode).toBe(400);
    expect(deleted.json().code).toBe('DISH_NOT_ON_MENU');
  });

  it('asks to send again, not a 500, when a dish left the database before the menu in memory heard of it', async () => {
    const { items } = await createMenu(t, [{ name: 'Bò kho', price: 60_000 }]);
    const line = { items: [{ itemId: items[0]!._id, quantity: 1 }] };
    expect((await place(line)).statusCode).toBe(201);
    // Deleted behind the app's back: no event, as when the message from another instance is lost.
    await t.app.database.db.delete(itemsTable).where(eq(itemsTable.id, items[0]!._id));
    const refused = await place(line);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('MENU_CHANGED');
  });

  it('answers the order placed exactly as it reads back', async () => {
    const table = await createTable(t);
    const placed = await placeOk({
      tableId: table._id,
      note: 'Không cay',
      items: [
        { itemId: pho._id, quantity: 2, note: 'ít hành' },
        { itemId: oddPrice._id, quantity: 1 },
      ],
    });
    const read = await t.request({ method: 'GET', url: `/api/order/${placed._id}`, as: 'staff' });
    expect(read.json().data).toEqual(placed);
    expect(placed).toMatchObject({
      table: { _id: table._id, tableNo: table.tableNo },
      rounds: [{ no: 1, status: 'in_progress', sentAt: placed.createdAt, sentBy: placed.createdBy }],
    });
    await move(placed._id, { status: 'cancelled' });
  });

  it('refuses a price sent by the client', async () => {
    const response = await place({ items: [{ itemId: pho._id, quantity: 1, price: 1 }] });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'items.0.price', message: 'Unknown field; it cannot be set here' },
    ]);
  });

  it('refuses a sold-out dish by name, an unknown dish by position, and bad quantities, writing nothing', async () => {
    const before = await countOrders();
    const unavailable = await place({
      items: [
        { itemId: pho._id, quantity: 1 },
        { itemId: soldOut._id, quantity: 1 },
      ],
    });
    expect(unavailable.statusCode).toBe(409);
    expect(unavailable.json().message).toBe('Bún chả is not available right now');
    const unknown = await place({ items: [{ itemId: '01900000-0000-7000-8000-000000000000', quantity: 1 }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ path: 'items.0.itemId', message: 'This dish is not on the menu' }]);
    for (const quantity of [0, 100, 1.5, 2 ** 40]) {
      const response = await place({ items: [{ itemId: pho._id, quantity }] });
      expect(response.statusCode, String(quantity)).toBe(400);
      expect(response.json().errors[0].path).toBe('items.0.quantity');
    }
    expect((await place({ items: [] })).json().errors).toEqual([{ path: 'items', message: 'Add at least one dish' }]);
    expect(await countOrders()).toBe(before);
  });

  it('refuses any coupon code while there are no coupons', async () => {
    const response = await place({ items: [{ itemId: pho._id, quantity: 1 }], couponCode: 'tet2026' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('There is no coupon TET2026');
  });
});

describe('tables and orders', () => {
  it('books the table, refuses a second open order on it, and frees it when the bill is paid', async () => {
    const table = await createTable(t);
    const first = await placeOk({ tableId: table._id });
    expect(first.table).toEqual({ _id: table._id, tableNo: table.tableNo });
    const booked = (await t.request({ method: 'GET', url: '/api/table', as: 'staff' }))
      .json()
      .data.find((x: { _id: string }) => x._id === table._id);
    expect(booked).toMatchObject({
      status: 'booked',
      currentOrder: { _id: first._id, orderNo: first.orderNo, customerName: 'Anh Tuấn', status: 'in_progress' },
    });

    const before = await countOrders();
    const second = await place({ tableId: table._id, items: [{ itemId: pho._id, quantity: 1 }] });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(`Table ${table.tableNo} already has an open order (${first.orderNo})`);
    expect(await countOrders()).toBe(before);

    const freeWhileOpen = await t.request({
      method: 'PUT',
      url: `/api/table/${table._id}`,
      payload: { status: 'available' },
      as: 'staff',
    });
    expect(freeWhileOpen.statusCode).toBe(409);
    expect(freeWhileOpen.json().message).toBe(
      `Table ${table.tableNo} has open order ${first.orderNo}; complete or cancel it first`,
    );

    expect((await move(first._id, { status: 'ready' })).statusCode).toBe(200);
    const completed = await move(first._id, { status: 'completed', paymentMethod: 'cash' });
    expect(completed.json().data).toMatchObject({ status: 'completed', paymentStatus: 'paid', paymentMethod: 'cash' });
    expect(completed.json().data.completedAt).toEqual(expect.any(String));
    const freed = (await t.request({ method: 'GET', url: '/api/table', as: 'staff' }))
      .json()
      .data.find((x: { _id: string }) => x._id === table._id);
    expect(freed).toMatchObject({ status: 'available', currentOrder: null });
    expect((await place({ tableId: table._id, items: [{ itemId: pho._id, quantity: 1 }] })).statusCode).toBe(201);
  });

  it('starts a table order from the table alone, for one unnamed guest; a takeaway needs the guest', async () => {
    const table = await createTable(t);
    const dishes = [{ itemId: pho._id, quantity: 1 }];

    const takeaway = await place({ customerDetails: undefined, items: dishes });
    expect(takeaway.statusCode).toBe(400);
    expect(takeaway.json().errors).toEqual([{ path: 'customerDetails.name', message: 'Enter the guest name' }]);

    const order = await placeOk({ customerDetails: undefined, tableId: table._id });
    expect(order.customerDetails).toEqual({ name: '', phone: '', guests: 1 });
    expect(order.table).toEqual({ _id: table._id, tableNo: table.tableNo });
  });

  it('frees the table when the order is cancelled, and moves an open order to another table', async () => {
    const [a, b] = [await createTable(t), await createTable(t)];
    const order = await placeOk({ tableId: a._id });
    const moved = await t.request({
      method: 'PUT',
      url: `/api/table/${b._id}`,
      payload: { orderId: order._id },
      as: 'staff',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ status: 'booked', currentOrder: { _id: order._id } });
    expect((await t.request({ method: 'GET', url: `/api/order/${order._id}`, as: 'staff' })).json().data.table).toEqual(
      { _id: b._id, tableNo: b.tableNo },
    );
    const tables = (await t.request({ method: 'GET', url: '/api/table', as: 'staff' })).json().data;
    expect(tables.find((x: { _id: string }) => x._id === a._id)).toMatchObject({
      status: 'available',
      currentOrder: null,
    });

    await move(order._id, { status: 'cancelled' });
    const after = (await t.request({ method: 'GET', url: '/api/table', as: 'staff' })).json().data;
    expect(after.find((x: { _id: string }) => x._id === b._id)).toMatchObject({
      status: 'available',
      currentOrder: null,
    });
  });
});

describe('the status machine', () => {
  /** An order in `status`, driven there through the API (pending is only reachable by diners, so set directly). */
  async function orderIn(status: OrderStatus): Promise<Order> {
    const order = await placeOk();
    const path: Record<OrderStatus, Record<string, unknown>[]> = {
      pending: [],
      in_progress: [],
      ready: [{ status: 'ready' }],
      served: [{ status: 'ready' }, { status: 'served' }],
      completed: [{ status: 'ready' }, { status: 'completed', paymentMethod: 'card' }],
      cancelled: [{ status: 'cancelled' }],
    };
    if (status === 'pending') {
      await t.app.database.db.update(ordersTable).set({ status: 'pending' }).where(eq(ordersTable.id, order._id));
      await t.app.database.db
        .update(orderRoundsTable)
        .set({ status: 'pending' })
        .where(eq(orderRoundsTable.orderId, order._id));
    }
    for (const step of path[status]) expect((await move(order._id, step)).statusCode).toBe(200);
    return { ...order, status };
  }

  for (const from of orderStatuses) {
    for (const to of orderStatuses.filter((s) => s !== from)) {
      const allowed = allowedOrderMoves[from].includes(to);
      it(`${allowed ? 'allows' : 'refuses'} ${from} → ${to}`, async () => {
        const order = await orderIn(from);
        const response = await move(order._id, { status: to, paymentMethod: 'transfer' });
        if (allowed) {
          expect(response.statusCode, response.body).toBe(200);
          expect(response.json().data.status).toBe(to);
        } else {
          expect(response.statusCode).toBe(409);
          expect(response.json()).toMatchObject({
            message: `Cannot move order ${order.orderNo} from "${statusInWords(from)}" to "${statusInWords(to)}"`,
            code: 'ORDER_MOVE_REFUSED',
            params: { orderNo: order.orderNo, from, to },
          });
        }
      });
    }
  }

  it('needs a payment method to complete, and keeps a finished order as it is', async () => {
    const order = await orderIn('served');
    const unpaid = await move(order._id, { status: 'completed' });
    expect(unpaid.statusCode).toBe(400);
    expect(unpaid.json()).toMatchObject({
      message: `Order ${order.orderNo} still has ${formatVnd(order.bills.total)} to pay`,
      errors: [{ path: 'paymentMethod', message: 'Choose how the rest was paid' }],
    });
    expect((await move(order._id, { paymentMethod: 'ewallet' })).statusCode).toBe(200);
    expect((await move(order._id, { status: 'completed' })).json().data).toMatchObject({
      paymentMethod: 'ewallet',
      paymentStatus: 'paid',
    });
    const edit = await move(order._id, { note: 'late edit' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(`Order ${order.orderNo} is completed and can no longer be changed`);
  });
});

describe('idempotency', () => {
  const body = () => ({ items: [{ itemId: banhMi._id, quantity: 2 }] });

  it('returns the first order for a repeat with the same key and body, and refuses another body', async () => {
    const key = `pos-${Date.now()}`;
    const first = await place(body(), { key });
    expect(first.statusCode).toBe(201);
    const before = await countOrders();
    const again = await place(body(), { key });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data._id).toBe(first.json().data._id);
    expect(await countOrders()).toBe(before);

    const different = await place({ items: [{ itemId: banhMi._id, quantity: 3 }] }, { key });
    expect(different.statusCode).toBe(409);
    expect(different.json().message).toBe('This Idempotency-Key was already used for a different order');
    expect(await countOrders()).toBe(before);
  });

  it('creates one order for two simultaneous requests with one key', async () => {
    const key = `pos-race-${Date.now()}`;
    const before = await countOrders();
    const [a, b] = await Promise.all([place(body(), { key }), place(body(), { key })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().data._id).toBe(b.json().data._id);
    expect(await countOrders()).toBe(before + 1);
  });

  it('takes a key older than 24 hours as new, for another body too', async () => {
    const key = `pos-old-${Date.now()}`;
    const first = await place(body(), { key });
    expect(first.statusCode).toBe(201);
    const overADayAgo = new Date(Date.now() - 25 * 3_600_000);
    await t.app.database.db
      .update(idempotencyKeysTable)
      .set({ createdAt: overADayAgo })
      .where(like(idempotencyKeysTable.scopedKey, `%:${key}`));
    const later = await place({ items: [{ itemId: banhMi._id, quantity: 3 }] }, { key });
    expect(later.statusCode, later.body).toBe(201);
    expect(later.json().data._id).not.toBe(first.json().data._id);
    // The key now stands for the later order, for another day.
    const again = await place({ items: [{ itemId: banhMi._id, quantity: 3 }] }, { key });
    expect(again.statusCode).toBe(200);
    expect(again.json().data._id).toBe(later.json().data._id);
  });

  it('keeps the keys of different people apart', async () => {
    const key = `shared-${Date.now()}`;
    const staff = await place(body(), { key, as: 'staff' });
    const manager = await place(body(), { key, as: 'manager' });
    expect(staff.statusCode).toBe(201);
    expect(manager.statusCode).toBe(201);
    expect(staff.json().data._id).not.toBe(manager.json().data._id);
  });
});

describe('listing orders', () => {
  it('filters by status, table and date, newest first, with pagination', async () => {
    const table = await createTable(t);
    const mine = [await placeOk({ tableId: table._id })];
    await move(mine[0]!._id, { status: 'cancelled' });
    mine.push(await placeOk({ tableId: table._id }));
    const byTable = await t.request({ method: 'GET', url: `/api/order?tableId=${table._id}`, as: 'staff' });
    expect(byTable.json().data.map((o: Order) => o._id)).toEqual([mine[1]!._id, mine[0]!._id]);

    const cancelled = await t.request({
      method: 'GET',
      url: `/api/order?tableId=${table._id}&status=cancelled`,
      as: 'staff',
    });
    expect(cancelled.json().data.map((o: Order) => o._id)).toEqual([mine[0]!._id]);
    const several = await t.request({
      method: 'GET',
      url: `/api/order?tableId=${table._id}&status=cancelled,in_progress`,
      as: 'staff',
    });
    expect(several.json().data).toHaveLength(2);

    const future = new Date(Date.now() + 3_600_000).toISOString();
    const none = await t.request({
      method: 'GET',
      url: `/api/order?startDate=${encodeURIComponent(future)}`,
      as: 'staff',
    });
    expect(none.json()).toMatchObject({ data: [], pagination: { totalItems: 0, totalPages: 1 } });

    const total = await countOrders();
    const page2 = await t.request({ method: 'GET', url: '/api/order?page=2&limit=3', as: 'staff' });
    expect(page2.json().pagination).toEqual({
      currentPage: 2,
      totalPages: Math.ceil(total / 3),
      totalItems: total,
      itemsPerPage: 3,
    });
    expect(page2.json().data).toHaveLength(3);
  });

  it('explains bad filters', async () => {
    const cases: [string, string][] = [
      ['limit=500', 'limit'],
      ['status=eaten', 'status.0'],
      ['startDate=yesterday', 'startDate'],
      ['startDate=2026-11-02T00:00:00Z&endDate=2026-11-01T00:00:00Z', 'endDate'],
    ];
    for (const [query, path] of cases) {
      const response = await t.request({ method: 'GET', url: `/api/order?${query}`, as: 'staff' });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors[0].path, query).toBe(path);
    }
  });
});

describe('live events', () => {
  it('tells staff about an order and its table only after the order committed', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const staff = await t.signInAs('staff');
    const socket = connect(address, { auth: { token: staff.token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const created: Order[] = [];
    const tablesHeard: { _id: string; status: string }[] = [];
    socket.on('order:created', (order) => created.push(order));
    socket.on('table:updated', (table) => tablesHeard.push(table));

    const table = await createTable(t);
    const refused = await place({ tableId: table._id, items: [{ itemId: soldOut._id, quantity: 1 }] });
    expect(refused.statusCode).toBe(409);
    const order = await placeOk({ tableId: table._id });
    await expect.poll(() => created.map((o) => o._id)).toEqual([order._id]);
    await expect
      .poll(() => tablesHeard.filter((x) => x._id === table._id).map((x) => x.status))
      .toEqual(['available', 'booked']);
    socket.disconnect();
  });
});

import type { ClientToServerEvents, ServerToClientEvents } from '@quan/contract/realtime';
import type { DinerOrderResult } from '@quan/contract/public';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMenu, createTable } from './factories';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
let table: { _id: string; tableNo: number; qrKey: string };
let dishes: { _id: string; name: string; price: number }[];

beforeAll(async () => {
  t = await buildTestApp({ DINER_ORDER_RATE_LIMIT_PER_TABLE: '1000', DINER_ORDER_RATE_LIMIT_PER_IP: '1000' });
  await t.signInAs('admin');
  dishes = (
    await createMenu(t, [
      { name: 'Phở gà', price: 60_000 },
      { name: 'Gỏi cuốn', price: 35_000 },
      { name: 'Bánh xèo', price: 70_000, isAvailable: false },
    ])
  ).items;
  table = await createTable(t);
});
afterAll(() => t.close());

const dinerOrder = (body: Record<string, unknown>, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url: '/api/order', payload: body, headers, remoteAddress });
const validBody = () => ({
  tableNo: table.tableNo,
  tableKey: table.qrKey,
  customerDetails: { name: 'Minh' },
  items: [{ itemId: dishes[0]!._id, quantity: 2, note: 'không hành' }],
});

describe('the public menu', () => {
  it('lists available dishes by category with the restaurant name, and nothing internal', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/public-menu' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=10, must-revalidate');
    const { data } = response.json();
    // Online booking is off in a new restaurant.
    expect(data.restaurant).toEqual({ name: 'Quán Ngon', booking: false });
    const names = data.categories.flatMap((c: { items: { name: string }[] }) => c.items.map((i) => i.name));
    expect(names).toEqual(expect.arrayContaining(['Phở gà', 'Gỏi cuốn']));
    expect(names).not.toContain('Bánh xèo');
    expect(Object.keys(data.categories[0].items[0]).sort()).toEqual([
      '_id',
      'description',
      'descriptionEn',
      'imageUrl',
      'name',
      'nameEn',
      'optionGroups',
      'price',
    ]);
    expect(response.body).not.toMatch(/recipe|qrKey|isAvailable|cost/);
  });

  it('answers 304 to a matching If-None-Match, and changes its ETag when the menu or the name changes', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/public-menu' });
    const etag = String(first.headers.etag);
    const notModified = await t.app.inject({
      method: 'GET',
      url: '/api/public-menu',
      headers: { 'if-none-match': etag },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');

    await t.request({
      method: 'PUT',
      url: `/api/item/${dishes[1]!._id}`,
      payload: { isAvailable: false },
      as: 'manager',
    });
    const afterMenu = await t.app.inject({
      method: 'GET',
      url: '/api/public-menu',
      headers: { 'if-none-match': etag },
    });
    expect(afterMenu.statusCode).toBe(200);
    expect(afterMenu.body).not.toContain('Gỏi cuốn');
    await t.request({
      method: 'PUT',
      url: `/api/item/${dishes[1]!._id}`,
      payload: { isAvailable: true },
      as: 'manager',
    });

    await t.request({ method: 'PUT', url: '/api/settings', payload: { restaurantName: 'Bếp Nhà Minh' }, as: 'admin' });
    const afterName = await t.app.inject({ method: 'GET', url: '/api/public-menu' });
    expect(afterName.json().data.restaurant.name).toBe('Bếp Nhà Minh');
    expect(afterName.headers.etag).not.toBe(etag);
  });

  it("carries each dish's English name and description, null when not set, as soon as they are saved", async () => {
    type PublicDish = { _id: string; name: string; nameEn: string | null; descriptionEn: string | null };
    const dishesOf = async () =>
      (
        (await t.app.inject({ method: 'GET', url: '/api/public-menu' })).json().data.categories as {
          items: PublicDish[];
        }[]
      ).flatMap((category) => category.items);
    // Built and cached before the change, so the answer below shows the cache was dropped.
    expect((await dishesOf()).find((dish) => dish._id === dishes[0]!._id)).toMatchObject({ nameEn: null });

    const saved = await t.request({
      method: 'PUT',
      url: `/api/item/${dishes[0]!._id}`,
      payload: { nameEn: 'Chicken pho', descriptionEn: 'Rice noodle soup with chicken' },
      as: 'manager',
    });
    expect(saved.statusCode).toBe(200);
    const menu = await dishesOf();
    expect(menu.find((dish) => dish._id === dishes[0]!._id)).toMatchObject({
      name: 'Phở gà',
      nameEn: 'Chicken pho',
      descriptionEn: 'Rice noodle soup with chicken',
    });
    expect(menu.find((dish) => dish._id === dishes[1]!._id)).toMatchObject({
      name: 'Gỏi cuốn',
      nameEn: null,
      descriptionEn: null,
    });
  });
});

describe('public table lookup', () => {
  it('tells a table number and its seats, and names a missing table', async () => {
    const found = await t.app.inject({ method: 'GET', url: `/api/public/tables/${table.tableNo}` });
    expect(found.json().data).toEqual({ tableNo: table.tableNo, seats: 4 });
    const missing = await t.app.inject({ method: 'GET', url: '/api/public/tables/99' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      message: 'There is no table 99',
      code: 'TABLE_NOT_FOUND',
      params: { tableNo: 99 },
    });
  });

  it('checks the QR key when the page sends it, so a wrong one is told before ordering', async () => {
    const right = await t.app.inject({ method: 'GET', url: `/api/public/tables/${table.tableNo}?key=${table.qrKey}` });
    expect(right.statusCode).toBe(200);
    const wrong = await t.app.inject({ method: 'GET', url: `/api/public/tables/${table.tableNo}?key=guessed-key` });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({
      message: 'Scan the QR code on your table to order',
      code: 'TABLE_KEY_INVALID',
    });
  });
});

describe('ordering from the table', () => {
  it('refuses a missing or wrong key with the scan message, and an unknown table with 404', async () => {
    for (const tableKey of [undefined, '', 'guessed-key']) {
      const response = await dinerOrder({ ...validBody(), tableKey });
      expect(response.statusCode, String(tableKey)).toBe(403);
      expect(response.json().message).toBe('Scan the QR code on your table to order');
    }
    const noTable = await dinerOrder({ ...validBody(), tableNo: 99 });
    expect(noTable.statusCode).toBe(404);
    expect(noTable.json().message).toBe('There is no table 99');
  });

  it('accepts only the diner fields, at most 30 lines and 20 of one dish', async () => {
    for (const extra of [{ tableId: table._id }, { couponCode: 'FREE' }, { paymentMethod: 'cash' }]) {
      const response = await dinerOrder({ ...validBody(), ...extra });
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json().errors).toEqual([
        { path: Object.keys(extra)[0], message: 'Unknown field; it cannot be set here' },
      ]);
    }
    const priced = await dinerOrder({ ...validBody(), items: [{ itemId: dishes[0]!._id, quantity: 1, price: 1 }] });
    expect(priced.json().errors).toEqual([{ path: 'items.0.price', message: 'Unknown field; it cannot be set here' }]);
    const tooManyLines = await dinerOrder({
      ...validBody(),
      items: Array.from({ length: 31 }, () => ({ itemId: dishes[0]!._id, quantity: 1 })),
    });
    expect(tooManyLines.json().errors).toEqual([
      { path: 'items', message: 'An order from the table has at most 30 lines' },
    ]);
    const tooManyOfOne = await dinerOrder({
      ...validBody(),
      items: [
        { itemId: dishes[0]!._id, quantity: 15 },
        { itemId: dishes[0]!._id, quantity: 6, note: 'cay' },
      ],
    });
    expect(tooManyOfOne.json().errors).toEqual([
      { path: 'items', message: 'At most 20 of one dish per order; ask the staff for more' },
    ]);
    const soldOut = await dinerOrder({ ...validBody(), items: [{ itemId: dishes[2]!._id, quantity: 1 }] });
    expect(soldOut.statusCode).toBe(409);
    // The code and its values let the diner's phone say it in its own language.
    expect(soldOut.json()).toMatchObject({
      message: 'Bánh xèo is not available right now',
      code: 'DISH_UNAVAILABLE',
      params: { dish: 'Bánh xèo' },
    });
  });

  it('sends a pending order from the table, with a tracking token, that staff accept', async () => {
    const response = await dinerOrder(validBody());
    expect(response.statusCode).toBe(201);
    const order: DinerOrderResult = response.json().data;
    expect(order).toMatchObject({
      status: 'pending',
      items: [{ name: 'Phở gà', quantity: 2, price: 60_000, note: 'không hành' }],
    });
    // The menu's prices hold the VAT: 120.000 × 8 / 108 = 8.889 ₫ of it.
    expect(order.bills).toMatchObject({ subtotal: 120_000, tax: 8_889, total: 120_000, pricesIncludeTax: true });
    expect(Buffer.from(order.trackingToken, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(Object.keys(order).sort()).toEqual([
      '_id',
      'bills',
      'items',
      'orderNo',
      'rounds',
      'status',
      'trackingToken',
    ]);

    const asStaff = (await t.request({ method: 'GET', url: `/api/order/${order._id}`, as: 'staff' })).json().data;
    expect(asStaff).toMatchObject({
      source: 'table',
      status: 'pending',
      createdBy: null,
      customerDetails: { name: 'Minh', guests: 1 },
      table: { _id: table._id },
    });
    expect(JSON.stringify(asStaff)).not.toContain(order.trackingToken);

    const accepted = await t.request({
      method: 'PUT',
      url: `/api/order/${order._id}`,
      payload: { status: 'in_progress' },
      as: 'staff',
    });
    expect(accepted.json().data.status).toBe('in_progress');
    const followed = await t.app.inject({
      method: 'GET',
      url: `/api/public/orders/${order._id}?token=${order.trackingToken}`,
    });
    expect(followed.json().data).toMatchObject({ _id: order._id, status: 'in_progress' });
    const wrong = await t.app.inject({ method: 'GET', url: `/api/public/orders/${order._id}?token=not-the-token` });
    expect(wrong.statusCode).toBe(404);
  });

  it("names a waiter's unnamed table order after the first diner who types a name, for staff to see", async () => {
    const own = await createTable(t);
    const atTable = { ...validBody(), tableNo: own.tableNo, tableKey: own.qrKey };
    const started = await t.request({
      method: 'POST',
      url: '/api/order',
      payload: { tableId: own._id, items: [{ itemId: dishes[1]!._id, quantity: 1 }] },
      as: 'staff',
    });
    const orderId: string = started.json().data._id;
    const nameOnCard = async () =>
      (await t.request({ method: 'GET', url: `/api/order/${orderId}`, as: 'staff' })).json().data.customerDetails.name;
    expect(await nameOnCard()).toBe('');

    expect((await dinerOrder({ ...atTable, customerDetails: undefined })).json().data._id).toBe(orderId);
    expect(await nameOnCard()).toBe('');
    expect((await dinerOrder({ ...atTable, customerDetails: { name: 'Minh' } })).json().data._id).toBe(orderId);
    expect(await nameOnCard()).toBe('Minh');
    await dinerOrder({ ...atTable, customerDetails: { name: 'Lan' } });
    expect(await nameOnCard()).toBe('Minh');
  });

  it('returns the same order and token for a repeat with the same Idempotency-Key', async () => {
    const headers = { 'idempotency-key': `phone-${Date.now()}` };
    const first = await dinerOrder(validBody(), headers);
    const again = await dinerOrder(validBody(), headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
  });

  it('lets the phone that ordered follow the order live, and nobody else', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    // A table of its own: at a table that already has an open order, the dishes would join it as a round.
    const own = await createTable(t);
    const order: DinerOrderResult = (
      await dinerOrder({ ...validBody(), tableNo: own.tableNo, tableKey: own.qrKey })
    ).json().data;
    const phone: Socket<ServerToClientEvents, ClientToServerEvents> = connect(address, {
      transports: ['websocket'],
      reconnection: false,
    });
    const stranger: Socket<ServerToClientEvents, ClientToServerEvents> = connect(address, {
      transports: ['websocket'],
      reconnection: false,
    });
    const heard: unknown[] = [];
    const strangerHeard: unknown[] = [];
    phone.on('order:updated', (update) => heard.push(update));
    stranger.on('order:updated', (update) => strangerHeard.push(update));
    expect(await phone.emitWithAck('track-order', { orderId: order._id, token: order.trackingToken })).toEqual({
      ok: true,
    });
    expect(await stranger.emitWithAck('track-order', { orderId: order._id, token: 'guess' })).toEqual({
      ok: false,
      message: 'This order cannot be followed with that token',
    });

    await t.request({ method: 'PUT', url: `/api/order/${order._id}`, payload: { status: 'in_progress' }, as: 'staff' });
    await expect
      .poll(() => heard)
      .toEqual([
        {
          _id: order._id,
          orderNo: order.orderNo,
          status: 'in_progress',
          rounds: [{ no: 1, status: 'in_progress', source: 'table', sentAt: expect.any(String) }],
        },
      ]);
    expect(strangerHeard).toEqual([]);
    phone.disconnect();
    stranger.disconnect();
  });
});

describe('diner rate limits', () => {
  it('limits orders per table and per address, with Retry-After', async () => {
    const limited = await buildTestApp({ DINER_ORDER_RATE_LIMIT_PER_TABLE: '2', DINER_ORDER_RATE_LIMIT_PER_IP: '2' });
    try {
      await limited.signInAs('admin');
      const { items } = await createMenu(limited, [{ price: 10_000 }]);
      const [a, b, c, d] = [
        await createTable(limited),
        await createTable(limited),
        await createTable(limited),
        await createTable(limited),
      ];
      const order = (tb: typeof a, ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/order',
          remoteAddress: ip,
          payload: { tableNo: tb.tableNo, tableKey: tb.qrKey, items: [{ itemId: items[0]!._id, quantity: 1 }] },
        });
      const perTable = [await order(a, '10.0.0.1'), await order(a, '10.0.0.2'), await order(a, '10.0.0.3')];
      expect(perTable.map((r) => r.statusCode)).toEqual([201, 201, 429]);
      expect(perTable[2]!.json().message).toBe('Too many orders from this table; wait 10 minutes or ask the staff');
      expect(Number(perTable[2]!.headers['retry-after'])).toBeGreaterThan(0);

      // One address over three fresh tables: only the per-address limit can refuse the third.
      const perIp = [await order(b, '10.9.9.9'), await order(c, '10.9.9.9'), await order(d, '10.9.9.9')];
      expect(perIp.map((r) => r.statusCode)).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });

  it('counts the IPv6 addresses of one /64 as one address', async () => {
    const limited = await buildTestApp({ DINER_ORDER_RATE_LIMIT_PER_TABLE: '100', DINER_ORDER_RATE_LIMIT_PER_IP: '2' });
    try {
      await limited.signInAs('admin');
      const { items } = await createMenu(limited, [{ price: 10_000 }]);
      const tb = await createTable(limited);
      const order = (ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/order',
          remoteAddress: ip,
          payload: { tableNo: tb.tableNo, tableKey: tb.qrKey, items: [{ itemId: items[0]!._id, quantity: 1 }] },
        });
      // A phone can take a new address in its network's /64 for every request.
      const sameNetwork = [
        await order('2001:db8:1:2::1'),
        await order('2001:db8:1:2:a:b:c:d'),
        await order('2001:db8:1:2:ffff:ffff:ffff:ffff'),
      ];
      expect(sameNetwork.map((r) => r.statusCode)).toEqual([201, 201, 429]);
      // The next /64 is someone else.
      expect((await order('2001:db8:1:3::1')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

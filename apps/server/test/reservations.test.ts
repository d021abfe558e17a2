import type { Ingredient } from '@quan/contract/ingredient';
import type { Order } from '@quan/contract/order';
import type { Reservation } from '@quan/contract/reservations';
import type { Role } from '@quan/contract/user';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../src/db/schema/customers';
import { orders } from '../src/db/schema/orders';
import { createTransact } from '../src/events/transact';
import { localDay } from '../src/lib/local-day';
import { createReservationsService } from '../src/modules/reservations/service';
import { createMenu, createTable } from './factories';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
type Dish = { _id: string; name: string; price: number };
let hotpot: Dish;
let tea: Dish;
const ZONE = 'Asia/Ho_Chi_Minh';

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_MAX: '100000' });
  await t.signInAs('admin');
  [hotpot, tea] = (
    await createMenu(t, [
      { name: 'Lẩu thái', price: 250_000 },
      { name: 'Trà đá', price: 10_000 },
    ])
  ).items as [Dish, Dish];
});
afterAll(() => t.close());

let dayOffset = 2;
/** A restaurant day of its own for each test, days ahead. */
function nextDay(): string {
  dayOffset += 1;
  return localDay(ZONE, new Date(Date.now() + dayOffset * 86_400_000));
}
/** That day's local time as an instant with the restaurant's offset (+07:00). */
const at = (day: string, time: string) => `${day}T${time}:00+07:00`;
const minutesFrom = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

const book = (payload: Record<string, unknown>, as: Role = 'staff') =>
  t.request({ method: 'POST', url: '/api/reservations', payload, as });
const patch = (id: string, payload: Record<string, unknown>, as: Role = 'staff') =>
  t.request({ method: 'PATCH', url: `/api/reservations/${id}`, payload, as });
const move = (id: string, status: string, as: Role = 'staff') =>
  t.request({ method: 'PUT', url: `/api/reservations/${id}/status`, payload: { status }, as });

async function booked(payload: Record<string, unknown>): Promise<Reservation> {
  const response = await book(payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function moved(id: string, status: string): Promise<Reservation> {
  const response = await move(id, status);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const ordersAt = (tableId: string) => t.app.database.db.select().from(orders).where(eq(orders.tableId, tableId));

async function orderOf(id: string): Promise<Order> {
  const response = await t.request({ method: 'GET', url: `/api/order/${id}`, as: 'staff' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** The scheduler's tick, as the app runs it every 30 s, at a chosen moment. */
function tick(now: Date): Promise<number> {
  const db = t.app.database.db;
  const { settings, menu, orders: ordersService, ingredients, customers: customersService, branches } = t.app.services;
  return createReservationsService({
    db,
    transact: createTransact(db, t.app.events),
    settings,
    menu,
    orders: ordersService,
    stock: ingredients,
    customers: customersService,
    branches,
    log: t.app.log,
  }).fireDue(now);
}

describe('booking', () => {
  it('books a table with a pre-order priced from the menu, and finds or creates the customer by phone', async () => {
    const table = await createTable(t, 6);
    const day = nextDay();
    const reservation = await booked({
      name: 'Chị Lan',
      phone: '+84 912 345 678',
      partySize: 6,
      startsAt: at(day, '19:00'),
      tableIds: [table._id],
      note: 'Sinh nhật',
      preorder: [
        { itemId: hotpot._id, quantity: 1 },
        { itemId: tea._id, quantity: 6, note: 'ít đá' },
      ],
    });
    expect(reservation).toMatchObject({
      status: 'booked',
      source: 'phone',
      phone: '0912345678',
      partySize: 6,
      durationMinutes: 90,
      startsAt: new Date(at(day, '19:00')).toISOString(),
      endsAt: new Date(at(day, '20:30')).toISOString(),
      tables: [{ _id: table._id, tableNo: table.tableNo, seats: 6 }],
      preorder: [
        { itemId: hotpot._id, name: 'Lẩu thái', price: 250_000, quantity: 1, total: 250_000, options: [] },
        { itemId: tea._id, name: 'Trà đá', price: 10_000, quantity: 6, note: 'ít đá', total: 60_000 },
      ],
      preorderTotal: 310_000,
      fireAt: null,
      orderId: null,
      version: 1,
    });
    expect(reservation.createdBy?.name).toBe('Test staff');
    expect(reservation.customerId).not.toBeNull();
    const [customer] = await t.app.database.db.select().from(customers).where(eq(customers.phone, '0912345678'));
    expect(customer).toMatchObject({ id: reservation.customerId, name: 'Chị Lan' });

    // The same phone, typed another way, is the same customer.
    const again = await booked({ name: 'Lan', phone: '0912 345 678', partySize: 2, startsAt: at(day, '12:00') });
    expect(again.customerId).toBe(reservation.customerId);

    // Booked is not in the kitchen: no order, the table stays free.
    expect(await ordersAt(table._id)).toHaveLength(0);
    const got = await t.request({ method: 'GET', url: `/api/reservations/${reservation._id}`, as: 'staff' });
    expect(got.json().data).toEqual(reservation);
  });

  it('refuses a time in the past, a firing time after the booking or in the past, each naming the problem', async () => {
    const past = await book({ name: 'A', partySize: 2, startsAt: new Date(Date.now() - 10 * 60_000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: 'The booking time is in the past', code: 'RESERVATION_IN_PAST' });
    // A walk-in written down a moment late is not in the past.
    const justNow = await book({ name: 'B', partySize: 2, startsAt: new Date(Date.now() - 60_000).toISOString() });
    expect(justNow.statusCode, justNow.body).toBe(201);

    const day = nextDay();
    const late = await book({ name: 'C', partySize: 2, startsAt: at(day, '19:00'), fireAt: at(day, '19:10') });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('FIRE_AFTER_START');
    expect(late.json().message).toMatch(/before the booking starts/);
    const gone = await book({
      name: 'D',
      partySize: 2,
      startsAt: at(day, '19:00'),
      fireAt: new Date(Date.now() - 10 * 60_000).toISOString(),
    });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().code).toBe('FIRE_IN_PAST');
  });

  it('refuses an unknown table, and a party larger than the seats of its tables', async () => {
    const day = nextDay();
    const unknown = await book({
      name: 'A',
      partySize: 2,
      startsAt: at(day, '19:00'),
      tableIds: ['0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b'],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('RESERVATION_TABLE_NOT_FOUND');

    const [small, other] = [await createTable(t, 2), await createTable(t, 4)];
    const tooMany = await book({
      name: 'B',
      partySize: 8,
      startsAt: at(day, '19:00'),
      tableIds: [small._id, other._id],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      message: `Tables ${small.tableNo}, ${other.tableNo} seat 6; the party is 8: add a table or choose a larger one`,
      code: 'PARTY_TOO_LARGE',
      params: { seats: 6, partySize: 8 },
    });
    const fits = await book({ name: 'B', partySize: 6, startsAt: at(day, '19:00'), tableIds: [small._id, other._id] });
    expect(fits.statusCode, fits.body).toBe(201);
  });

  it('refuses a dish not on the menu or unavailable, and a pre-order the stock cannot cover (taking none)', async () => {
    const day = nextDay();
    const { items } = await createMenu(t, [{ name: 'Hết món', price: 30_000, isAvailable: false }]);
    const unavailable = await book({
      name: 'A',
      partySize: 2,
      startsAt: at(day, '19:00'),
      preorder: [{ itemId: items[0]!._id, quantity: 1 }],
    });
    expect(unavailable.statusCode).toBe(409);
    expect(unavailable.json()).toMatchObject({
      message: 'Hết món is not available right now',
      code: 'DISH_UNAVAILABLE',
    });
    const unknown = await book({
      name: 'A',
      partySize: 2,
      startsAt: at(day, '19:00'),
      preorder: [{ itemId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', quantity: 1 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('DISH_NOT_ON_MENU');
    expect(unknown.json().errors).toEqual([{ path: 'preorder.0.itemId', message: 'This dish is not on the menu' }]);

    const beef = await t.request({
      method: 'POST',
      url: '/api/ingredient',
      payload: { name: 'Bò Úc', unit: 'kg', quantity: 1 },
      as: 'manager',
    });
    expect(beef.statusCode, beef.body).toBe(201);
    const beefId = (beef.json().data as Ingredient)._id;
    const { items: steaks } = await createMenu(t, [{ name: 'Bò bít tết', price: 180_000 }]);
    const recipe = await t.request({
      method: 'PUT',
      url: `/api/item/${steaks[0]!._id}`,
      payload: { recipe: [{ ingredientId: beefId, quantity: 0.4 }] },
      as: 'manager',
    });
    expect(recipe.statusCode, recipe.body).toBe(200);
    const short = await book({
      name: 'A',
      partySize: 2,
      startsAt: at(day, '19:00'),
      preorder: [{ itemId: steaks[0]!._id, quantity: 3 }],
    });
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ code: 'INGREDIENT_SHORT', params: { ingredient: 'Bò Úc' } });
    expect(short.json().message).toMatch(/^Not enough Bò Úc for the pre-order: need 1\.20 kg, 1\.00 kg left$/);

    const table = await createTable(t, 2);
    const two = await booked({
      name: 'A',
      partySize: 2,
      startsAt: at(day, '19:00'),
      tableIds: [table._id],
      preorder: [{ itemId: steaks[0]!._id, quantity: 2 }],
    });
    const stock = async () =>
      ((await t.request({ method: 'GET', url: '/api/ingredient', as: 'staff' })).json().data as Ingredient[]).find(
        (ingredient) => ingredient._id === beefId,
      )!.quantity;
    expect(await stock()).toBe(1);
    await moved(two._id, 'arrived');
    expect(await stock()).toBeCloseTo(0.2);
  });
});

describe('holding a table', () => {
  it('refuses an overlapping booking naming the other reservation and the table; back-to-back is fine', async () => {
    const table = await createTable(t, 4);
    const day = nextDay();
    await booked({ name: 'Anh Minh', partySize: 4, startsAt: at(day, '19:00'), tableIds: [table._id] });
    const overlap = await book({
      name: 'Chị Hoa',
      partySize: 2,
      startsAt: at(day, '20:00'),
      durationMinutes: 60,
      tableIds: [table._id],
    });
    expect(overlap.statusCode).toBe(409);
    const [, month, date] = day.split('-');
    expect(overlap.json()).toMatchObject({
      message: `Table ${table.tableNo} is already booked for Anh Minh at 19:00 on ${date}/${month}/${day.slice(0, 4)} (until 20:30)`,
      code: 'RESERVATION_OVERLAP',
      params: { tableNo: table.tableNo, guest: 'Anh Minh' },
    });
    const before = await book({ name: 'X', partySize: 2, startsAt: at(day, '18:00'), tableIds: [table._id] });
    expect(before.statusCode).toBe(409);

    // Ending as the other starts, or starting as it ends, holds no common moment.
    const earlier = await book({
      name: 'Sớm',
      partySize: 2,
      startsAt: at(day, '17:30'),
      durationMinutes: 90,
      tableIds: [table._id],
    });
    expect(earlier.statusCode, earlier.body).toBe(201);
    const later = await book({ name: 'Muộn', partySize: 2, startsAt: at(day, '20:30'), tableIds: [table._id] });
    expect(later.statusCode, later.body).toBe(201);

    // A cancelled reservation holds nothing.
    await moved(later.json().data._id, 'cancelled');
    const instead = await book({ name: 'Thay', partySize: 2, startsAt: at(day, '20:45'), tableIds: [table._id] });
    expect(instead.statusCode, instead.body).toBe(201);
  });

  it('lets exactly one of 20 concurrent bookings of the same table and slot win', async () => {
    const table = await createTable(t, 4);
    const day = nextDay();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        book({ name: `Khách ${n}`, partySize: 2, startsAt: at(day, '19:00'), tableIds: [table._id] }),
      ),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    const list = await t.request({ method: 'GET', url: `/api/reservations?date=${day}`, as: 'staff' });
    expect(list.json().data).toHaveLength(1);
  });

  it('changes a booked reservation, checking the tables again and refusing a stale version', async () => {
    const [a, b] = [await createTable(t, 4), await createTable(t, 4)];
    const day = nextDay();
    await booked({ name: 'Giữ bàn', partySize: 2, startsAt: at(day, '19:00'), tableIds: [b._id] });
    const reservation = await booked({ name: 'Đổi', partySize: 2, startsAt: at(day, '19:00'), tableIds: [a._id] });

    const onB = await patch(reservation._id, { tableIds: [b._id], expectedVersion: 1 });
    expect(onB.statusCode).toBe(409);
    expect(onB.json().code).toBe('RESERVATION_OVERLAP');
    const bigger = await patch(reservation._id, { partySize: 5 });
    expect(bigger.statusCode).toBe(400);
    expect(bigger.json().code).toBe('PARTY_TOO_LARGE');

    const changed = await patch(reservation._id, {
      startsAt: at(day, '20:00'),
      note: 'Gần cửa sổ',
      preorder: [{ itemId: tea._id, quantity: 2 }],
      expectedVersion: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({
      version: 2,
      note: 'Gần cửa sổ',
      startsAt: new Date(at(day, '20:00')).toISOString(),
      preorder: [{ itemId: tea._id, quantity: 2, total: 20_000 }],
    });
    // Its own old slot never overlaps with itself.
    const again = await patch(reservation._id, { durationMinutes: 120, expectedVersion: 2 });
    expect(again.statusCode, again.body).toBe(200);

    const stale = await patch(reservation._id, { note: 'cũ', expectedVersion: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('RESERVATION_STALE');

    await moved(reservation._id, 'cancelled');
    const closed = await patch(reservation._id, { note: 'sau khi huỷ' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({
      message: 'Only a booked reservation can be changed; the one for Đổi is cancelled',
      code: 'RESERVATION_NOT_BOOKED',
    });
  });
});

describe('the moves', () => {
  it('fires the pre-order once on arrival, as the first round of an order with the menu prices', async () => {
    const table = await createTable(t, 6);
    const day = nextDay();
    const reservation = await booked({
      name: 'Chị Lan',
      phone: '0987654321',
      partySize: 6,
      startsAt: at(day, '19:00'),
      tableIds: [table._id],
      preorder: [
        { itemId: hotpot._id, quantity: 1 },
        { itemId: tea._id, quantity: 6 },
      ],
    });
    const arrived = await moved(reservation._id, 'arrived');
    expect(arrived).toMatchObject({ status: 'arrived', version: 2 });
    expect(arrived.orderId).not.toBeNull();
    const order = await orderOf(arrived.orderId!);
    expect(order).toMatchObject({
      isPreorder: true,
      status: 'in_progress',
      customerDetails: { name: 'Chị Lan', phone: '0987654321', guests: 6 },
      customerId: reservation.customerId,
      table: { _id: table._id, tableNo: table.tableNo },
    });
    expect(order.rounds).toHaveLength(1);
    expect(order.items.map(({ itemId, price, quantity, roundNo }) => ({ itemId, price, quantity, roundNo }))).toEqual([
      { itemId: hotpot._id, price: 250_000, quantity: 1, roundNo: 1 },
      { itemId: tea._id, price: 10_000, quantity: 6, roundNo: 1 },
    ]);

    const twice = await move(reservation._id, 'arrived');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('RESERVATION_MOVE_REFUSED');
    expect(await ordersAt(table._id)).toHaveLength(1);
    const done = await moved(reservation._id, 'done');
    expect(done.version).toBe(3);
  });

  it('needs a table to arrive; without a pre-order, arriving places no order', async () => {
    const day = nextDay();
    const tableless = await booked({ name: 'Chưa bàn', partySize: 2, startsAt: at(day, '19:00') });
    const refused = await move(tableless._id, 'arrived');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'Assign a table first', code: 'RESERVATION_NO_TABLE' });

    const table = await createTable(t, 2);
    const seated = await patch(tableless._id, { tableIds: [table._id] });
    expect(seated.statusCode, seated.body).toBe(200);
    const arrived = await moved(tableless._id, 'arrived');
    expect(arrived.orderId).toBeNull();
    expect(await ordersAt(table._id)).toHaveLength(0);
  });

  it('adds the pre-order as a round when the table is still eating', async () => {
    const table = await createTable(t, 4);
    const placed = await t.request({
      method: 'POST',
      url: '/api/order',
      payload: {
        customerDetails: { name: 'Walk-in', guests: 2 },
        tableId: table._id,
        items: [{ itemId: tea._id, quantity: 1 }],
      },
      as: 'staff',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const reservation = await booked({
      name: 'Khách đặt',
      partySize: 2,
      startsAt: new Date(Date.now() + 30 * 60_000).toISOString(),
      tableIds: [table._id],
      preorder: [{ itemId: hotpot._id, quantity: 1 }],
    });
    const arrived = await moved(reservation._id, 'arrived');
    expect(arrived.orderId).toBe(placed.json().data._id);
    const order = await orderOf(arrived.orderId!);
    expect(order.rounds.map((round) => round.no)).toEqual([1, 2]);
    expect(order.items.filter((line) => line.roundNo === 2).map((line) => line.itemId)).toEqual([hotpot._id]);
  });

  it('fires the pre-order at its time through the tick, once, and arriving afterwards places nothing more', async () => {
    const table = await createTable(t, 4);
    const day = nextDay();
    const reservation = await booked({
      name: 'Đúng giờ',
      partySize: 4,
      startsAt: at(day, '19:00'),
      fireAt: at(day, '18:45'),
      tableIds: [table._id],
      preorder: [{ itemId: hotpot._id, quantity: 2 }],
    });
    expect(await tick(new Date(minutesFrom(at(day, '18:44'), 0)))).toBe(0);
    expect(await ordersAt(table._id)).toHaveLength(0);

    expect(await tick(new Date(at(day, '18:45')))).toBeGreaterThanOrEqual(1);
    const fired = (await t.request({ method: 'GET', url: `/api/reservations/${reservation._id}`, as: 'staff' })).json()
      .data as Reservation;
    expect(fired).toMatchObject({ status: 'booked', version: 2 });
    const order = await orderOf(fired.orderId!);
    expect(order).toMatchObject({ isPreorder: true, status: 'in_progress' });
    expect(order.rounds[0]!.sentBy?.name).toBe('Test staff');

    await tick(new Date(at(day, '18:50')));
    const arrived = await moved(reservation._id, 'arrived');
    expect(arrived.orderId).toBe(fired.orderId);
    expect(await ordersAt(table._id)).toHaveLength(1);

    // Once fired, the pre-order and the tables belong to the order.
    const other = await booked({ name: 'Khác', partySize: 2, startsAt: at(day, '12:00'), fireAt: at(day, '11:30') });
    await patch(other._id, { tableIds: [(await createTable(t, 2))._id], preorder: [{ itemId: tea._id, quantity: 1 }] });
    await tick(new Date(at(day, '11:31')));
    const lateChange = await patch(other._id, { preorder: [{ itemId: tea._id, quantity: 3 }] });
    expect(lateChange.statusCode).toBe(409);
    expect(lateChange.json().code).toBe('PREORDER_FIRED');
  });

  it('fires exactly one order when the arrival and the tick race', async () => {
    const day = nextDay();
    for (let round = 0; round < 5; round++) {
      const table = await createTable(t, 4);
      const reservation = await booked({
        name: `Đua ${round}`,
        partySize: 2,
        startsAt: at(day, '19:00'),
        fireAt: at(day, '18:30'),
        tableIds: [table._id],
        preorder: [{ itemId: tea._id, quantity: 2 }],
      });
      const [arrival] = await Promise.all([move(reservation._id, 'arrived'), tick(new Date(at(day, '18:31')))]);
      expect(arrival.statusCode, arrival.body).toBe(200);
      const placed = await ordersAt(table._id);
      expect(placed).toHaveLength(1);
      expect(arrival.json().data.orderId).toBe(placed[0]!.id);
    }
  });

  it('never sends a cancelled reservation to the kitchen, and refuses to cancel one that fired', async () => {
    const table = await createTable(t, 4);
    const day = nextDay();
    const cancelled = await booked({
      name: 'Huỷ',
      partySize: 2,
      startsAt: at(day, '19:00'),
      fireAt: at(day, '18:30'),
      tableIds: [table._id],
      preorder: [{ itemId: hotpot._id, quantity: 1 }],
    });
    await moved(cancelled._id, 'cancelled');
    await tick(new Date(at(day, '18:35')));
    expect(await ordersAt(table._id)).toHaveLength(0);
    const revive = await move(cancelled._id, 'arrived');
    expect(revive.statusCode).toBe(409);
    expect(revive.json().message).toBe('A reservation that is cancelled cannot be marked arrived');
    expect(await ordersAt(table._id)).toHaveLength(0);

    const fired = await booked({
      name: 'Đã nấu',
      partySize: 2,
      startsAt: at(day, '20:30'),
      fireAt: at(day, '20:15'),
      tableIds: [table._id],
      preorder: [{ itemId: hotpot._id, quantity: 1 }],
    });
    await tick(new Date(at(day, '20:16')));
    const { orderId } = (await t.request({ method: 'GET', url: `/api/reservations/${fired._id}`, as: 'staff' })).json()
      .data as Reservation;
    expect(orderId).not.toBeNull();
    const refused = await move(fired._id, 'cancelled');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PREORDER_FIRED');
    expect(refused.json().message).toMatch(
      /^The pre-order already went to the kitchen as order \d+; cancel that order/,
    );

    // Once its order is cancelled, so can the reservation be.
    const cancelOrder = await t.request({
      method: 'PUT',
      url: `/api/order/${orderId}`,
      payload: { status: 'cancelled' },
      as: 'manager',
    });
    expect(cancelOrder.statusCode, cancelOrder.body).toBe(200);
    expect((await moved(fired._id, 'cancelled')).status).toBe('cancelled');
  });

  it('counts a no-show against the customer', async () => {
    const day = nextDay();
    const reservation = await booked({ name: 'Vắng', phone: '0933000111', partySize: 2, startsAt: at(day, '19:00') });
    const noShow = await moved(reservation._id, 'no_show');
    expect(noShow).toMatchObject({ status: 'no_show', version: 2 });
    const [customer] = await t.app.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, reservation.customerId!));
    expect(customer!.noShowCount).toBe(1);
    const done = await move(reservation._id, 'done');
    expect(done.statusCode).toBe(409);
  });
});

describe("the day's book", () => {
  it("lists the reservations of one restaurant day by time, in the restaurant's time zone", async () => {
    const day = nextDay();
    const following = nextDay();
    // 23:30 and 00:30 local are the same UTC date: only the first is this restaurant day.
    const late = await booked({ name: 'Khuya', partySize: 2, startsAt: at(day, '23:30') });
    const early = await booked({ name: 'Sớm', partySize: 2, startsAt: at(day, '07:00') });
    const nextMorning = await booked({ name: 'Hôm sau', partySize: 2, startsAt: at(following, '00:30') });
    const list = await t.request({ method: 'GET', url: `/api/reservations?date=${day}`, as: 'staff' });
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json().data as Reservation[]).map((r) => r._id)).toEqual([early._id, late._id]);
    const next = await t.request({ method: 'GET', url: `/api/reservations?date=${following}`, as: 'staff' });
    expect((next.json().data as Reservation[]).map((r) => r._id)).toEqual([nextMorning._id]);

    const bad = await t.request({ method: 'GET', url: '/api/reservations?date=tomorrow', as: 'staff' });
    expect(bad.statusCode).toBe(400);
  });

  it('is shown in the API docs under Reservations', async () => {
    const spec = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const paths = spec.json().paths as Record<string, Record<string, { tags?: string[] }>>;
    expect(paths['/api/reservations/{id}/status']?.put?.tags).toEqual(['Reservations']);
  });
});

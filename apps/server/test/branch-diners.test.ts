import type { Branch } from '@quan/contract/branch';
import type { PublicMenu } from '@quan/contract/public';
import {
  defaultReservationSettings,
  weekdayIndex,
  type OpeningHours,
  type PublicBookingDay,
  type Reservation,
} from '@quan/contract/reservations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '../src/lib/local-day';
import { addBranch, createMenu, createTable, signInToBranch } from './factories';
import { buildTestApp, type SignedIn, type TestApp } from './helper';

/**
 * Each branch's diner pages and reservations: /b/<slug>/… is that branch's menu, tables and hours; the
 * original calls stay the first branch's; a reservation of one branch does not exist for another's staff.
 */
let t: TestApp;
let second: Branch;
let secondManager: SignedIn;
let secondStaff: SignedIn;
let secondAdmin: SignedIn;
const ZONE = 'Asia/Ho_Chi_Minh';
const evenings: OpeningHours = Array.from({ length: 7 }, () => [{ from: '17:00', to: '22:00' }]);
const mornings: OpeningHours = Array.from({ length: 7 }, () => [{ from: '07:00', to: '11:00' }]);

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_MAX: '100000', BOOKING_RATE_LIMIT_PER_IP: '1000' });
  await t.signInAs('admin');
  second = await addBranch(t, 'Quận 3');
  [secondManager, secondStaff, secondAdmin] = await Promise.all([
    signInToBranch(t, second._id, 'manager'),
    signInToBranch(t, second._id, 'staff'),
    signInToBranch(t, second._id, 'admin'),
  ]);
});
afterAll(() => t.close());

const menuAt = async (url: string): Promise<PublicMenu> => {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const priceOf = (menu: PublicMenu, itemId: string) =>
  menu.categories.flatMap((category) => category.items).find((item) => item._id === itemId)?.price;

/** A day three days or more ahead, as the restaurant's calendar names it. */
const dayAhead = (days: number) => localDay(ZONE, new Date(Date.now() + days * 86_400_000));

describe("a branch's public pages", () => {
  it("shows the branch's price at /b/<slug>/, and the first branch's at the original address", async () => {
    const { items } = await createMenu(t, [{ price: 50_000 }, { price: 30_000 }]);
    const [dish, notSold] = items;
    const priced = await t.request({
      method: 'PUT',
      url: `/api/item/${dish!._id}/branch`,
      payload: { price: 55_000 },
      as: secondManager,
    });
    expect(priced.statusCode, priced.body).toBe(200);
    const dropped = await t.request({
      method: 'PUT',
      url: `/api/item/${notSold!._id}/branch`,
      payload: { isSold: false },
      as: secondManager,
    });
    expect(dropped.statusCode, dropped.body).toBe(200);

    const branchMenu = await menuAt(`/api/public/b/${second.slug}/menu`);
    expect(priceOf(branchMenu, dish!._id)).toBe(55_000);
    expect(priceOf(branchMenu, notSold!._id)).toBeUndefined();
    expect(branchMenu.restaurant.branch).toMatchObject({ name: 'Quận 3', slug: second.slug });

    const firstMenu = await menuAt('/api/public-menu');
    expect(priceOf(firstMenu, dish!._id)).toBe(50_000);
    expect(priceOf(firstMenu, notSold!._id)).toBe(30_000);
    // The landing page lists the branches once there are several.
    expect(firstMenu.restaurant.branches?.map((branch) => branch.slug)).toContain(second.slug);
    expect(firstMenu.restaurant.branches?.length).toBeGreaterThanOrEqual(2);
  });

  it('answers 404 naming a branch the restaurant does not have', async () => {
    for (const url of [
      '/api/public/b/no-such-branch/menu',
      '/api/public/b/no-such-branch/tables/1',
      `/api/public/b/no-such-branch/booking?date=${dayAhead(3)}&partySize=2`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 'BRANCH_LINK_UNKNOWN', params: { slug: 'no-such-branch' } });
      expect(response.json().message).toContain('no-such-branch');
    }
  });

  it("opens a table of the branch by its own QR key, and sends the diner's order to that branch", async () => {
    const { items } = await createMenu(t, [{ price: 40_000 }]);
    const dish = items[0]!;
    await t.request({
      method: 'PUT',
      url: `/api/item/${dish._id}/branch`,
      payload: { price: 44_000 },
      as: secondManager,
    });
    const created = await t.request({
      method: 'POST',
      url: '/api/table',
      payload: { tableNo: 7, seats: 4 },
      as: secondManager,
    });
    expect(created.statusCode, created.body).toBe(201);
    const table = created.json().data as { tableNo: number; qrKey: string };

    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/public/b/${second.slug}/tables/7?key=${encodeURIComponent(table.qrKey)}`,
    });
    expect(seen.statusCode, seen.body).toBe(200);
    // The original address is the first branch's: the second branch's key opens nothing there.
    const original = await t.app.inject({
      method: 'GET',
      url: `/api/public/tables/7?key=${encodeURIComponent(table.qrKey)}`,
    });
    expect([403, 404]).toContain(original.statusCode);

    const ordered = await t.app.inject({
      method: 'POST',
      url: `/api/public/b/${second.slug}/orders`,
      payload: { tableNo: 7, tableKey: table.qrKey, items: [{ itemId: dish._id, quantity: 2 }] },
    });
    expect(ordered.statusCode, ordered.body).toBe(201);
    const order = ordered.json().data as { _id: string; items: { price: number }[]; bills: { subtotal: number } };
    // The branch's price, as its menu shows it.
    expect(order.items[0]?.price).toBe(44_000);
    expect(order.bills.subtotal).toBe(88_000);

    const inSecond = await t.request({ method: 'GET', url: `/api/order/${order._id}`, as: secondStaff });
    expect(inSecond.statusCode, inSecond.body).toBe(200);
    const inFirst = await t.request({ method: 'GET', url: `/api/order/${order._id}`, as: 'staff' });
    expect(inFirst.statusCode).toBe(404);
  });
});

describe("a branch's reservations", () => {
  it("keeps a reservation of the first branch out of the second branch's book", async () => {
    const table = await createTable(t, 4);
    const day = dayAhead(4);
    const made = await t.request({
      method: 'POST',
      url: '/api/reservations',
      payload: { name: 'Chị Lan', partySize: 2, startsAt: `${day}T19:00:00+07:00`, tableIds: [table._id] },
      as: 'staff',
    });
    expect(made.statusCode, made.body).toBe(201);
    const reservation = made.json().data as Reservation;

    const own = await t.request({ method: 'GET', url: `/api/reservations/${reservation._id}`, as: 'staff' });
    expect(own.statusCode).toBe(200);
    const other = await t.request({ method: 'GET', url: `/api/reservations/${reservation._id}`, as: secondStaff });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('RESERVATION_NOT_FOUND');
    for (const call of [
      { method: 'PATCH' as const, url: `/api/reservations/${reservation._id}`, payload: { note: 'x' } },
      { method: 'PUT' as const, url: `/api/reservations/${reservation._id}/status`, payload: { status: 'cancelled' } },
    ]) {
      const refused = await t.request({ ...call, as: secondManager });
      expect(refused.statusCode, call.url).toBe(404);
    }
    const list = await t.request({ method: 'GET', url: `/api/reservations?date=${day}`, as: secondStaff });
    expect(list.statusCode).toBe(200);
    expect((list.json().data as Reservation[]).map((one) => one._id)).not.toContain(reservation._id);
    const firstList = await t.request({ method: 'GET', url: `/api/reservations?date=${day}`, as: 'staff' });
    expect((firstList.json().data as Reservation[]).map((one) => one._id)).toContain(reservation._id);

    // Nor may the second branch book the first branch's table.
    const borrowed = await t.request({
      method: 'POST',
      url: '/api/reservations',
      payload: { name: 'Anh Tú', partySize: 2, startsAt: `${day}T12:00:00+07:00`, tableIds: [table._id] },
      as: secondStaff,
    });
    expect(borrowed.statusCode).toBe(404);
    expect(borrowed.json().code).toBe('RESERVATION_TABLE_NOT_FOUND');
  });

  it("fires a branch's pre-order at its time into that branch's kitchen, at the branch's price", async () => {
    const { items } = await createMenu(t, [{ price: 60_000 }]);
    const dish = items[0]!;
    await t.request({
      method: 'PUT',
      url: `/api/item/${dish._id}/branch`,
      payload: { price: 66_000 },
      as: secondManager,
    });
    const created = await t.request({
      method: 'POST',
      url: '/api/table',
      payload: { tableNo: 9, seats: 4 },
      as: secondManager,
    });
    expect(created.statusCode, created.body).toBe(201);
    const day = dayAhead(6);
    const made = await t.request({
      method: 'POST',
      url: '/api/reservations',
      payload: {
        name: 'Cô Hạnh',
        partySize: 3,
        startsAt: `${day}T19:00:00+07:00`,
        fireAt: `${day}T18:45:00+07:00`,
        tableIds: [created.json().data._id],
        preorder: [{ itemId: dish._id, quantity: 1 }],
      },
      as: secondStaff,
    });
    expect(made.statusCode, made.body).toBe(201);
    const reservation = made.json().data as Reservation;
    expect(reservation.preorder[0]?.price).toBe(66_000);

    // The scheduler goes over every branch.
    expect(await t.app.services.reservations.fireDue(new Date(`${day}T18:46:00+07:00`))).toBeGreaterThanOrEqual(1);
    const fired = await t.request({ method: 'GET', url: `/api/reservations/${reservation._id}`, as: secondStaff });
    const orderId = (fired.json().data as Reservation).orderId;
    expect(orderId).toBeTruthy();
    const inSecond = await t.request({ method: 'GET', url: `/api/order/${orderId}`, as: secondStaff });
    expect(inSecond.statusCode, inSecond.body).toBe(200);
    expect(inSecond.json().data).toMatchObject({
      isPreorder: true,
      items: [expect.objectContaining({ price: 66_000 })],
    });
    const inFirst = await t.request({ method: 'GET', url: `/api/order/${orderId}`, as: 'staff' });
    expect(inFirst.statusCode).toBe(404);
  });

  it('offers online the hours and tables of the branch the link names', async () => {
    const setHours = async (as: 'admin' | SignedIn, openingHours: OpeningHours) => {
      const response = await t.request({
        method: 'PUT',
        url: '/api/settings',
        payload: { reservations: { ...defaultReservationSettings, publicBooking: true, openingHours } },
        as,
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await setHours('admin', evenings);
    await setHours(secondAdmin, mornings);
    const table = await t.request({
      method: 'POST',
      url: '/api/table',
      payload: { tableNo: 8, seats: 6 },
      as: secondManager,
    });
    expect(table.statusCode, table.body).toBe(201);

    const date = dayAhead(5);
    const dayAt = async (url: string): Promise<PublicBookingDay> => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    const firstDay = await dayAt(`/api/public/booking?date=${date}&partySize=2`);
    const secondDay = await dayAt(`/api/public/b/${second.slug}/booking?date=${date}&partySize=6`);
    expect(firstDay.hours).toEqual(evenings[weekdayIndex(date)]);
    expect(secondDay.hours).toEqual(mornings[weekdayIndex(date)]);
    expect(secondDay.slots[0]).toMatchObject({ time: '07:00', free: true });
    expect(secondDay.largestParty).toBe(6);

    // A morning time is the second branch's to take, not the first's.
    const atMorning = { name: 'Khách', phone: '0912345678', partySize: 6, startsAt: `${date}T07:00:00+07:00` };
    const refused = await t.app.inject({ method: 'POST', url: '/api/public/reservations', payload: atMorning });
    expect(refused.statusCode).toBe(400);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/public/b/${second.slug}/reservations`,
      payload: atMorning,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const { key } = asked.json().data as { key: string };

    const secondRequests = await t.request({ method: 'GET', url: '/api/reservations/requests', as: secondStaff });
    const firstRequests = await t.request({ method: 'GET', url: '/api/reservations/requests', as: 'staff' });
    const names = (response: typeof secondRequests) =>
      (response.json().data as Reservation[]).map((one) => one.startsAt.slice(0, 10) + one.partySize);
    expect(names(secondRequests)).toHaveLength(1);
    expect(names(firstRequests)).toHaveLength(0);

    // The guest's own link finds it wherever it was asked.
    const guest = await t.app.inject({ method: 'GET', url: `/api/public/reservations/${key}` });
    expect(guest.statusCode, guest.body).toBe(200);
    expect(guest.json().data).toMatchObject({
      status: 'requested',
      partySize: 6,
      // Its page offers to book again at the branch it was asked of.
      restaurant: { branchSlug: second.slug },
    });
  });
});

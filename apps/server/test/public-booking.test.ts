import {
  defaultReservationSettings,
  weekdayIndex,
  type OpeningHours,
  type PublicBookingDay,
  type PublicBookingResult,
  type PublicReservation,
  type Reservation,
  type ReservationSettings,
} from '@quan/contract/reservations';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '../src/lib/local-day';
import { createTable } from './factories';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
const ZONE = 'Asia/Ho_Chi_Minh';
const lunchAndDinner = [
  { from: '10:00', to: '14:00' },
  { from: '17:00', to: '22:00' },
];
/** Open for lunch and dinner, closed on Sundays. */
const weekHours: OpeningHours = [...Array.from({ length: 6 }, () => lunchAndDinner), []];

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_MAX: '100000', BOOKING_RATE_LIMIT_PER_IP: '1000' });
  await t.signInAs('admin');
});
afterAll(() => t.close());

async function setBooking(changes: Partial<ReservationSettings>): Promise<void> {
  const response = await t.request({
    method: 'PUT',
    url: '/api/settings',
    payload: { reservations: { ...defaultReservationSettings, openingHours: weekHours, ...changes } },
    as: 'admin',
  });
  expect(response.statusCode, response.body).toBe(200);
}

let dayOffset = 2;
/** A day of its own for each test, at least three days ahead, on the weekday asked for (Monday 0). */
function nextDayOn(weekday: number): string {
  for (;;) {
    dayOffset += 1;
    const day = localDay(ZONE, new Date(Date.now() + dayOffset * 86_400_000));
    if (weekdayIndex(day) === weekday) return day;
  }
}
const at = (day: string, time: string) => `${day}T${time}:00+07:00`;

const dayFor = (date: string, partySize: number) =>
  t.app.inject({ method: 'GET', url: `/api/public/booking?date=${date}&partySize=${partySize}` });
let phoneSequence = 0;
/** A guest's request; each has a phone number of its own unless given one. */
const ask = (payload: Record<string, unknown>) => {
  phoneSequence += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/public/reservations',
    payload: { name: 'Khách', phone: `09${String(10_000_000 + phoneSequence)}`, ...payload },
  });
};
async function asked(payload: Record<string, unknown>): Promise<PublicBookingResult> {
  const response = await ask(payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}
const guestView = async (key: string): Promise<PublicReservation> => {
  const response = await t.app.inject({ method: 'GET', url: `/api/public/reservations/${key}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const requests = async (): Promise<Reservation[]> => {
  const response = await t.request({ method: 'GET', url: '/api/reservations/requests', as: 'staff' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const move = (id: string, status: string) =>
  t.request({ method: 'PUT', url: `/api/reservations/${id}/status`, payload: { status }, as: 'staff' });

describe('booking online', () => {
  it('is off until a manager switches it on: the calls answer 403 and the public menu says so', async () => {
    const day = nextDayOn(0);
    const closed = await dayFor(day, 2);
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toMatchObject({ code: 'BOOKING_OFF' });
    expect((await ask({ partySize: 2, startsAt: at(day, '19:00') })).json()).toMatchObject({ code: 'BOOKING_OFF' });
    const menu = await t.app.inject({ method: 'GET', url: '/api/public-menu' });
    expect(menu.json().data.restaurant.booking).toBe(false);

    await setBooking({ publicBooking: true });
    const reopened = await t.app.inject({ method: 'GET', url: '/api/public-menu' });
    expect(reopened.json().data.restaurant.booking).toBe(true);
  });

  it("offers a day's times on a 15-minute grid within its spans, the last a whole booking before closing", async () => {
    await setBooking({ publicBooking: true, defaultMinutes: 90 });
    await createTable(t, 4);
    const monday = nextDayOn(0);
    const response = await dayFor(monday, 2);
    expect(response.statusCode, response.body).toBe(200);
    const day: PublicBookingDay = response.json().data;
    expect(day).toMatchObject({ date: monday, timezone: ZONE, hours: lunchAndDinner, durationMinutes: 90 });
    const times = day.slots.map((slot) => slot.time);
    expect(times.slice(0, 3)).toEqual(['10:00', '10:15', '10:30']);
    expect(times).toContain('12:30');
    expect(times).not.toContain('12:45');
    expect(times).not.toContain('16:00');
    expect(times.at(-1)).toBe('20:30');
    // The restaurant's clock: 19:00 in Hồ Chí Minh City is 12:00 UTC.
    expect(day.slots.find((slot) => slot.time === '19:00')?.startsAt).toBe(new Date(at(monday, '19:00')).toISOString());

    const sunday: PublicBookingDay = (await dayFor(nextDayOn(6), 2)).json().data;
    expect(sunday.hours).toEqual([]);
    expect(sunday.slots).toEqual([]);
  });

  it('holds the smallest free table that seats the party until the staff accept, and shows a full time as taken', async () => {
    await setBooking({ publicBooking: true });
    const four = await createTable(t, 5);
    const eight = await createTable(t, 8);
    const day = nextDayOn(1);

    const first = await asked({ name: 'Chị Mai', partySize: 5, startsAt: at(day, '19:00'), note: 'Gần cửa sổ' });
    expect(first.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.reservation).toMatchObject({ status: 'requested', partySize: 5, canCancel: true, note: 'Gần cửa sổ' });
    const waiting = (await requests()).find((request) => request.name === 'Chị Mai')!;
    expect(waiting).toMatchObject({ status: 'requested', source: 'public', customerId: null });
    expect(waiting.tables.map((table) => table._id)).toEqual([four._id]);

    // The five-seat table is held now; the eight-seat one is next, then nothing seats five at 19:00.
    const second = await asked({ name: 'Anh Tuấn', partySize: 5, startsAt: at(day, '19:00') });
    const forTuan = (await requests()).find((request) => request.name === 'Anh Tuấn')!;
    expect(forTuan.tables.map((table) => table._id)).toEqual([eight._id]);
    expect(second.reservation.status).toBe('requested');
    const third = await ask({ name: 'Cô Hoa', partySize: 5, startsAt: at(day, '19:00') });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ code: 'BOOKING_FULL', params: { time: '19:00' } });
    const slots: PublicBookingDay = (await dayFor(day, 5)).json().data;
    expect(slots.slots.find((slot) => slot.time === '19:00')?.free).toBe(false);
    // 90 minutes: 20:30 is free again, 20:15 is not.
    expect(slots.slots.find((slot) => slot.time === '20:15')?.free).toBe(false);
    expect(slots.slots.find((slot) => slot.time === '20:30')?.free).toBe(true);

    // A request holds its table against other guests only: the staff book the five-seat table over it…
    const staffBooking = await t.request({
      method: 'POST',
      url: '/api/reservations',
      payload: { name: 'Qua điện thoại', partySize: 2, startsAt: at(day, '19:30'), tableIds: [four._id] },
      as: 'staff',
    });
    expect(staffBooking.statusCode, staffBooking.body).toBe(201);
    // …and accepting Chị Mai then seats her at the eight-seat table, the only free one that seats five,
    // which leaves none for Anh Tuấn: the staff are told who has the table.
    const accepted = await move(waiting._id, 'booked');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.tables.map((table: { _id: string }) => table._id)).toEqual([eight._id]);
    const noRoom = await move(forTuan._id, 'booked');
    expect(noRoom.statusCode).toBe(409);
    expect(noRoom.json()).toMatchObject({ code: 'RESERVATION_OVERLAP' });
    expect((await guestView(second.key)).status).toBe('requested');
  });

  it("lets no stranger's requests stop the staff booking an evening", async () => {
    await setBooking({ publicBooking: true });
    const day = nextDayOn(3);
    const slots: PublicBookingDay = (await dayFor(day, 1)).json().data;
    const evening = slots.slots.filter((slot) => slot.time >= '18:00' && slot.time <= '19:45');
    // A bot asks for every table at every evening time, each with a made-up phone number, until none is free.
    const bot = (n: number, startsAt: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/public/reservations',
        remoteAddress: '127.0.0.41',
        payload: { name: `Bot ${n}`, phone: `0977${String(100_000 + n)}`, partySize: 1, startsAt },
      });
    let made = 0;
    for (const slot of evening) {
      while ((await bot(made, slot.startsAt)).statusCode === 201) made += 1;
    }
    expect(made).toBeGreaterThan(0);
    expect(((await dayFor(day, 1)).json().data as PublicBookingDay).slots.find((s) => s.time === '19:30')?.free).toBe(
      false,
    );
    const tables = (await t.request({ method: 'GET', url: '/api/table', as: 'staff' })).json().data as {
      _id: string;
    }[];
    const staffBooking = await t.request({
      method: 'POST',
      url: '/api/reservations',
      payload: { name: 'Anh Long', partySize: 2, startsAt: at(day, '19:30'), tableIds: [tables[0]!._id] },
      as: 'staff',
    });
    expect(staffBooking.statusCode, staffBooking.body).toBe(201);

    // Every one of them came from this connection: one tap declines them all.
    const bots = (await requests()).filter((request) => request.name.startsWith('Bot '));
    expect(bots).toHaveLength(made);
    const declined = await t.request({
      method: 'POST',
      url: `/api/reservations/${bots[0]!._id}/decline-alike`,
      as: 'staff',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().data).toEqual({ declined: made });
    expect((await requests()).filter((request) => request.name.startsWith('Bot '))).toEqual([]);
    expect(((await dayFor(day, 1)).json().data as PublicBookingDay).slots.find((s) => s.time === '18:00')?.free).toBe(
      true,
    );
  });

  it('declines together the requests of one phone or one connection, and nobody else’s', async () => {
    await setBooking({ publicBooking: true });
    await createTable(t, 4);
    const day = nextDayOn(4);
    const from = (remoteAddress: string, phone: string, time: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/public/reservations',
        remoteAddress,
        payload: { name: `Khách ${phone}`, phone, partySize: 2, startsAt: at(day, time) },
      });
    for (const [address, phone, time] of [
      ['127.0.0.21', '0933000001', '11:00'],
      ['127.0.0.22', '0933000001', '11:15'],
      ['127.0.0.21', '0933000002', '11:30'],
      ['127.0.0.23', '0933000003', '11:45'],
    ] as const) {
      expect((await from(address, phone, time)).statusCode).toBe(201);
    }
    const first = (await requests()).find((request) => request.phone === '0933000001')!;
    const declined = await t.request({
      method: 'POST',
      url: `/api/reservations/${first._id}/decline-alike`,
      as: 'staff',
    });
    expect(declined.json().data).toEqual({ declined: 3 });
    expect((await requests()).filter((request) => request.phone.startsWith('093300000')).map((r) => r.phone)).toEqual([
      '0933000003',
    ]);
    const again = await t.request({ method: 'POST', url: `/api/reservations/${first._id}/decline-alike`, as: 'staff' });
    expect(again.statusCode).toBe(409);
  });

  it("follows the guest's link: accepted by the staff (the customer is found or created then), then cancelled by the guest", async () => {
    await setBooking({ publicBooking: true });
    await createTable(t, 4);
    const day = nextDayOn(2);
    const { key } = await asked({ name: 'Bác Năm', phone: '0987 654 321', partySize: 3, startsAt: at(day, '11:30') });
    const view = await guestView(key);
    expect(view).toMatchObject({ status: 'requested', name: 'Bác Năm', canCancel: true });
    expect(view.restaurant.timezone).toBe(ZONE);
    // The guest's page never shows what is the staff's: tables, phone, customer, author.
    expect(Object.keys(view).sort()).toEqual(
      ['canCancel', 'endsAt', 'name', 'note', 'partySize', 'restaurant', 'startsAt', 'status'].sort(),
    );

    const id = (await requests()).find((request) => request.name === 'Bác Năm')!._id;
    const accepted = await move(id, 'booked');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.customerId).not.toBeNull();
    expect((await requests()).some((request) => request._id === id)).toBe(false);
    expect((await guestView(key)).status).toBe('booked');

    const cancelled = await t.app.inject({ method: 'POST', url: `/api/public/reservations/${key}/cancel` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', canCancel: false });
    const staffView = await t.request({ method: 'GET', url: `/api/reservations/${id}`, as: 'staff' });
    expect(staffView.json().data.status).toBe('cancelled');
    const again = await t.app.inject({ method: 'POST', url: `/api/public/reservations/${key}/cancel` });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('BOOKING_CANNOT_CANCEL');
  });

  it('tells the guest when the staff decline, and knows no link it never gave', async () => {
    await setBooking({ publicBooking: true });
    await createTable(t, 4);
    const day = nextDayOn(3);
    const { key } = await asked({ name: 'Em Vy', partySize: 2, startsAt: at(day, '12:00') });
    const id = (await requests()).find((request) => request.name === 'Em Vy')!._id;
    expect((await move(id, 'declined')).statusCode).toBe(200);
    expect(await guestView(key)).toMatchObject({ status: 'declined', canCancel: false });
    // Declined is final: the staff cannot book it after all (they call the guest and book anew).
    expect((await move(id, 'booked')).json().code).toBe('RESERVATION_MOVE_REFUSED');

    const unknown = await t.app.inject({ method: 'GET', url: `/api/public/reservations/${'A'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('BOOKING_NOT_FOUND');
    const malformed = await t.app.inject({ method: 'GET', url: '/api/public/reservations/short' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual([{ path: 'key', message: 'This booking link is not valid' }]);
  });

  it('refuses, naming the problem, a time too soon, too far ahead, off the grid or after closing, a party no table seats, a missing phone', async () => {
    await setBooking({ publicBooking: true });
    await createTable(t, 6);
    const day = nextDayOn(4);
    const refused = async (payload: Record<string, unknown>, status: number, code: string) => {
      const response = await ask(payload);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().code).toBe(code);
      return response.json();
    };
    const soon = new Date(Date.now() + 30 * 60_000).toISOString();
    await refused({ partySize: 2, startsAt: soon }, 400, 'BOOKING_TOO_SOON');
    const far = new Date(Date.now() + 61 * 86_400_000).toISOString();
    await refused({ partySize: 2, startsAt: far }, 400, 'BOOKING_TOO_FAR');
    const offGrid = await refused({ partySize: 2, startsAt: at(day, '17:10') }, 400, 'BOOKING_OUTSIDE_HOURS');
    expect(offGrid.params).toMatchObject({ time: '17:10' });
    await refused({ partySize: 2, startsAt: at(day, '15:00') }, 400, 'BOOKING_OUTSIDE_HOURS');
    // 21:00 + 90 minutes runs past 22:00.
    await refused({ partySize: 2, startsAt: at(day, '21:00') }, 400, 'BOOKING_OUTSIDE_HOURS');
    await refused({ partySize: 2, startsAt: at(nextDayOn(6), '19:00') }, 400, 'BOOKING_OUTSIDE_HOURS');
    const largest = (await dayFor(day, 2)).json().data.largestParty as number;
    const big = await refused({ partySize: largest + 1, startsAt: at(day, '19:00') }, 400, 'BOOKING_PARTY_TOO_LARGE');
    expect(big.params).toEqual({ largestParty: largest });
    const noPhone = await t.app.inject({
      method: 'POST',
      url: '/api/public/reservations',
      payload: { name: 'Ẩn danh', partySize: 2, startsAt: at(day, '19:00') },
    });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().errors.map((error: { path: string }) => error.path)).toEqual(['phone']);
  });

  it('takes at most three bookings ahead from one phone number, and no stranger uses them up', async () => {
    await setBooking({ publicBooking: true });
    await createTable(t, 4);
    const day = nextDayOn(5);
    const phone = '0911 222 333';
    const from = (remoteAddress: string, time: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/public/reservations',
        remoteAddress,
        payload: { name: 'Khách', phone, partySize: 2, startsAt: at(day, time) },
      });
    for (const time of ['10:00', '11:00', '12:00']) expect((await from('127.0.0.31', time)).statusCode).toBe(201);
    const fourth = await from('127.0.0.31', '17:00');
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({ code: 'BOOKING_TOO_MANY', params: { count: 3 } });
    // Someone else typed this number three times: its owner, from their own phone, still books.
    expect((await from('127.0.0.32', '17:00')).statusCode).toBe(201);
    // Once the staff accept the stranger's three, they are the number's bookings and count everywhere.
    for (const one of (await requests()).filter((request) => request.phone === '0911222333').slice(0, 3)) {
      expect((await move(one._id, 'booked')).statusCode).toBe(200);
    }
    expect((await from('127.0.0.33', '18:00')).json()).toMatchObject({ code: 'BOOKING_TOO_MANY' });
  });

  it('gives one table to exactly one of 20 guests asking for it at the same time', async () => {
    await setBooking({ publicBooking: true });
    const day = nextDayOn(0);
    // Nine seats: larger than every other table made in this file, so it is the only one that seats nine.
    const table = await createTable(t, 9);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, n) => ask({ name: `Khách ${n}`, partySize: 9, startsAt: at(day, '19:00') })),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    expect(responses.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'BOOKING_FULL')).toBe(true);
    const held = (await requests()).filter((request) => request.tables.some((t9) => t9._id === table._id));
    expect(held).toHaveLength(1);
  });

  it('uses the default length and checks the opening hours the settings give', async () => {
    await setBooking({ publicBooking: true, defaultMinutes: 120 });
    const table = await createTable(t, 4);
    const staffBooking = await t.request({
      method: 'POST',
      url: '/api/reservations',
      payload: { name: 'Mặc định', partySize: 2, startsAt: at(nextDayOn(1), '18:00'), tableIds: [table._id] },
      as: 'staff',
    });
    expect(staffBooking.json().data.durationMinutes).toBe(120);

    const overlapping = await t.request({
      method: 'PUT',
      url: '/api/settings',
      payload: {
        reservations: {
          ...defaultReservationSettings,
          openingHours: [
            [
              { from: '10:00', to: '14:00' },
              { from: '13:00', to: '22:00' },
            ],
            ...weekHours.slice(1),
          ],
        },
      },
      as: 'admin',
    });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().errors).toEqual([
      {
        path: 'reservations.openingHours.0',
        message: 'The spans of a day must be in order and must not touch or overlap',
      },
    ]);
  });
});

// Last: its ten-seat table would seat the parties the tests above count tables for.
describe('booking online, unanswered', () => {
  it('expires a request nobody answered within 12 hours: it holds nothing and the guest is told', async () => {
    await setBooking({ publicBooking: true });
    const table = await createTable(t, 10);
    const day = nextDayOn(1);
    const request = await asked({ name: 'Chị Lan', partySize: 10, startsAt: at(day, '12:00') });
    const held = (await requests()).find((one) => one.name === 'Chị Lan')!;
    expect(held.tables.map((one) => one._id)).toEqual([table._id]);

    await t.app.database.db.execute(
      sql`update reservations set created_at = now() - interval '13 hours' where id = ${held._id}`,
    );
    expect(await t.app.services.reservations.expireRequests()).toBe(1);
    expect(await guestView(request.key)).toMatchObject({ status: 'expired', canCancel: false });
    expect((await requests()).find((one) => one.name === 'Chị Lan')).toBeUndefined();
    expect(((await dayFor(day, 10)).json().data as PublicBookingDay).slots.find((s) => s.time === '12:00')?.free).toBe(
      true,
    );
    expect((await move(held._id, 'booked')).statusCode).toBe(409);
  });
});

describe('booking online, from one address', () => {
  it('answers 429 beyond the requests an address may make in an hour', async () => {
    const limited = await buildTestApp({ BOOKING_RATE_LIMIT_PER_IP: '2' });
    try {
      await limited.signInAs('admin');
      await limited.request({
        method: 'PUT',
        url: '/api/settings',
        payload: { reservations: { ...defaultReservationSettings, publicBooking: true } },
        as: 'admin',
      });
      // Closed at 15:00: each request is refused for its time, after the limit counted it.
      const startsAt = at(nextDayOn(2), '15:00');
      const payload = (n: number) => ({ name: 'X', phone: `090000000${n}`, partySize: 2, startsAt });
      const codes = [];
      for (const n of [1, 2, 3]) {
        codes.push(
          (await limited.app.inject({ method: 'POST', url: '/api/public/reservations', payload: payload(n) }))
            .statusCode,
        );
      }
      // The limit counts every request, even one refused.
      expect(codes).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});

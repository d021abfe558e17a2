import { defaultReservationSettings, type PublicBookingResult } from '@quan/contract/reservations';
import type { DinerOrderResult } from '@quan/contract/public';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '../src/lib/local-day';
import { MASKED, maskSecretsInUrl } from '../src/lib/log-safe-url';
import { createMenu, createTable } from './factories';
import { buildTestApp, type TestApp } from './helper';

/** The request log (lib/log-safe-url.ts): a secret some links carry is all anyone needs to act with it. */

describe('a URL for the log', () => {
  it("masks a booking's key in its paths, and the key and token parameters, keeping the rest", () => {
    const key = 'Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg';
    expect(maskSecretsInUrl(`/api/public/reservations/${key}`)).toBe(`/api/public/reservations/${MASKED}`);
    expect(maskSecretsInUrl(`/api/public/reservations/${key}/cancel`)).toBe(
      `/api/public/reservations/${MASKED}/cancel`,
    );
    expect(maskSecretsInUrl(`/booking/${key}?lang=en`)).toBe(`/booking/${MASKED}?lang=en`);
    // As a browser's router would still open it.
    expect(maskSecretsInUrl(`/Booking//${key}`)).toBe(`/Booking//${MASKED}`);
    expect(maskSecretsInUrl('/table/4?key=s3cret&lang=vi')).toBe(`/table/4?key=${MASKED}&lang=vi`);
    expect(maskSecretsInUrl('/api/public/orders/42?lang=vi&token=s3cret')).toBe(
      `/api/public/orders/42?lang=vi&token=${MASKED}`,
    );
    expect(maskSecretsInUrl('/table/4?%6Bey=s3cret&TOKEN=s3cret&key')).toBe(
      `/table/4?%6Bey=${MASKED}&TOKEN=${MASKED}&key=${MASKED}`,
    );
    // Nothing to mask: the request for a booking, the staff's own paths.
    for (const url of ['/api/public/reservations', '/api/public/reservations/', '/api/reservations/42', '/book']) {
      expect(maskSecretsInUrl(url)).toBe(url);
    }
  });
});

describe('the request log', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ LOG_LEVEL: 'info' }, undefined, { logStream: { write: (line) => void lines.push(line) } });
    await t.signInAs('admin');
  });
  afterAll(() => t.close());

  it("keeps no booking key, table key or order's tracking token, only where they were", async () => {
    const settings = await t.request({
      method: 'PUT',
      url: '/api/settings',
      payload: { reservations: { ...defaultReservationSettings, publicBooking: true } },
      as: 'admin',
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const table = await createTable(t);
    const dish = (await createMenu(t, [{ name: 'Phở bò', price: 65_000 }])).items[0]!;

    const day = localDay('Asia/Ho_Chi_Minh', new Date(Date.now() + 3 * 86_400_000));
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/public/reservations',
      payload: { name: 'Chị Lan', phone: '0912345678', partySize: 2, startsAt: `${day}T19:00:00+07:00` },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const { key: bookingKey } = booked.json<{ data: PublicBookingResult }>().data;
    const ordered = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: { tableNo: table.tableNo, tableKey: table.qrKey, items: [{ itemId: dish._id, quantity: 1 }] },
    });
    expect(ordered.statusCode, ordered.body).toBe(201);
    const order = ordered.json<{ data: DinerOrderResult }>().data;

    const visits = [
      `/api/public/reservations/${bookingKey}`,
      `/booking/${bookingKey}`,
      `/table/${table.tableNo}?key=${encodeURIComponent(table.qrKey)}`,
      `/api/public/tables/${table.tableNo}?key=${encodeURIComponent(table.qrKey)}`,
      `/api/public/orders/${order._id}?token=${encodeURIComponent(order.trackingToken)}`,
    ];
    for (const url of visits) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/public/reservations/${bookingKey}/cancel` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const log = lines.join('');
    for (const secret of [bookingKey, table.qrKey, encodeURIComponent(table.qrKey), order.trackingToken]) {
      expect(log).not.toContain(secret);
    }
    const logged = lines
      .map((line) => JSON.parse(line) as { msg: string; req?: Record<string, unknown> })
      .filter((entry) => entry.msg === 'incoming request')
      .map((entry) => entry.req!);
    expect(logged.map((req) => req.url)).toEqual(
      expect.arrayContaining([
        `/api/public/reservations/${MASKED}`,
        `/booking/${MASKED}`,
        `/table/${table.tableNo}?key=${MASKED}`,
        `/api/public/tables/${table.tableNo}?key=${MASKED}`,
        `/api/public/orders/${order._id}?token=${MASKED}`,
        `/api/public/reservations/${MASKED}/cancel`,
      ]),
    );
    // Fastify's fields of a request, as before.
    expect(logged.at(-1)).toEqual({
      method: 'POST',
      url: `/api/public/reservations/${MASKED}/cancel`,
      host: 'localhost:80',
      remoteAddress: '127.0.0.1',
    });
  });
});

import type { Order } from '@quan/contract/order';
import type { Role } from '@quan/contract/user';
import { eq } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/orders';
import { orderPayments, shifts } from '../src/db/schema/payments';
import { createMenu } from './factories';
import { buildTestApp, type TestApp } from './helper';

/**
 * The accountant's exports of a period: what the files say, that they add up, that the period is the
 * restaurant's local days (Asia/Ho_Chi_Minh, UTC+7), and what bad requests hear.
 */

let t: TestApp;
type Dish = { _id: string; name: string; price: number };
let pho: Dish;
let tea: Dish;

const FRONT = 'front-counter-01';
const FROM = '2026-03-09';
const TO = '2026-03-10';
const PERIOD = `from=${FROM}&to=${TO}`;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The two orders of the period, the shift they were taken in, and the orders either side of it. */
let splitTender: Order;
let byCard: Order;
let before: Order;
let after: Order;
let shiftNo: number;

const post = (url: string, payload: Record<string, unknown>, as: Role = 'staff', device: string | null = FRONT) =>
  t.request({ method: 'POST', url, payload, as, headers: device ? { 'x-device-id': device } : {} });

const exportOf = (kind: string, query: string, as: Role = 'manager') =>
  t.request({ method: 'GET', url: `/api/exports/${kind}?${query}`, as });

async function place(name: string, guests: number, items: { itemId: string; quantity: number }[]): Promise<Order> {
  const response = await post('/api/order', { customerDetails: { name, guests }, items });
  expect(response.statusCode, response.body).toBe(201);
  const placed: Order = response.json().data;
  const ready = await t.request({
    method: 'PUT',
    url: `/api/order/${placed._id}`,
    payload: { status: 'ready' },
    as: 'staff',
  });
  expect(ready.statusCode, ready.body).toBe(200);
  return ready.json().data;
}

async function pay(order: Order, body: Record<string, unknown>, device: string | null = FRONT): Promise<Order> {
  const response = await post(`/api/order/${order._id}/payments`, body, 'staff', device);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

/** Moves an order's placing and completion, and its payments one by one, to instants of the past. */
async function happenedAt(order: Order, created: string, completed: string, paymentsTaken: string[]): Promise<void> {
  const { db } = t.app.database;
  await db
    .update(orders)
    .set({ createdAt: new Date(created), completedAt: new Date(completed) })
    .where(eq(orders.id, order._id));
  expect(order.payments).toHaveLength(paymentsTaken.length);
  for (const [index, payment] of order.payments.entries()) {
    await db
      .update(orderPayments)
      .set({ takenAt: new Date(paymentsTaken[index]!) })
      .where(eq(orderPayments.id, payment._id));
  }
}

/** RFC 4180 as the export writes it: a byte order mark, CRLF line ends, quoted fields where needed. */
function parseCsv(body: Buffer): string[][] {
  const text = body.toString('utf8');
  expect(text.startsWith('\uFEFF'), 'a byte order mark, so Excel reads Vietnamese').toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 1; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += char;
  }
  return rows;
}

/** A row as the CSV spells it: numbers as plain digits, nothing as an empty field. */
const asCsv = (row: (string | number | null)[]) => row.map((cell) => (cell === null ? '' : String(cell)));

async function csvOf(kind: string, query = PERIOD): Promise<string[][]> {
  const response = await exportOf(kind, `${query}&format=csv`);
  expect(response.statusCode, response.body).toBe(200);
  return parseCsv(response.rawPayload);
}

beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
  // 8% tax added on top, so a bill's total is not its subtotal and the accountant's columns must each be right.
  const settings = await t.request({
    method: 'PUT',
    url: '/api/settings',
    payload: { taxRate: 8, pricesIncludeTax: false },
    as: 'admin',
  });
  expect(settings.statusCode, settings.body).toBe(200);
  expect(settings.json().data.timezone).toBe('Asia/Ho_Chi_Minh');
  [pho, tea] = (
    await createMenu(t, [
      { name: 'Phở bò', price: 65_000 },
      { name: 'Trà đá', price: 10_000 },
    ])
  ).items as [Dish, Dish];
  // Tea billed at 10 % of its own, so a bill carries two rates and the accountant's columns must keep them apart.
  const teaAt10 = await t.request({
    method: 'PUT',
    url: `/api/item/${tea._id}`,
    payload: { vatRate: 10 },
    as: 'admin',
  });
  expect(teaAt10.statusCode, teaAt10.body).toBe(200);

  const opened = await post('/api/shifts', { deviceId: FRONT, deviceName: 'Quầy 1', openingFloat: 500_000 });
  expect(opened.statusCode, opened.body).toBe(201);
  const shiftId: string = opened.json().data._id;
  shiftNo = opened.json().data.shiftNo;

  // 2 × 65.000 at 8 % and 10.000 at 10 %: 140.000 + 10.400 + 1.000 = 151.400: 100.000 in cash with a 20.000 tip
  // out of 150.000 handed over (30.000 change), the rest by transfer.
  const first = await place('Chị Lan', 3, [
    { itemId: pho._id, quantity: 2 },
    { itemId: tea._id, quantity: 1 },
  ]);
  expect(first.bills.total).toBe(151_400);
  await pay(first, { method: 'cash', amount: 100_000, tip: 20_000, tendered: 150_000 });
  splitTender = await pay(first, { method: 'transfer', amount: 51_400 });
  expect(splitTender.status).toBe('completed');

  // 65.000 + 8% = 70.200 by card.
  const second = await place('Anh Minh', 1, [{ itemId: pho._id, quantity: 1 }]);
  byCard = await pay(second, { method: 'card', amount: second.due });
  expect(byCard).toMatchObject({ status: 'completed', paid: 70_200 });

  // The drawer should hold 500.000 + 100.000 + 20.000; it holds 10.000 less.
  const closed = await post(`/api/shifts/${shiftId}/close`, { countedCash: 610_000 });
  expect(closed.statusCode, closed.body).toBe(200);
  expect(closed.json().data.report.cash).toMatchObject({ expected: 620_000, counted: 610_000, overShort: -10_000 });

  // Two more orders, paid by card after the shift, that fall either side of the period.
  before = await pay(
    await place('Khách sớm', 1, [{ itemId: tea._id, quantity: 1 }]),
    { method: 'card', amount: 11_000 },
    null,
  );
  after = await pay(
    await place('Khách muộn', 1, [{ itemId: tea._id, quantity: 2 }]),
    { method: 'card', amount: 22_000 },
    null,
  );
  expect([before.status, after.status]).toEqual(['completed', 'completed']);

  // Where the boundaries are told apart: 06:30 on the 9th is still the 8th in UTC, and 00:30 on the 11th
  // is still the 10th in UTC. A UTC reading of the period would drop the first and keep the last.
  await happenedAt(splitTender, '2026-03-09T06:30:00+07:00', '2026-03-09T06:51:00+07:00', [
    '2026-03-09T06:50:00+07:00',
    '2026-03-09T06:51:00+07:00',
  ]);
  await happenedAt(byCard, '2026-03-10T23:30:00+07:00', '2026-03-10T23:40:00+07:00', ['2026-03-10T23:40:00+07:00']);
  await happenedAt(before, '2026-03-08T23:30:00+07:00', '2026-03-08T23:40:00+07:00', ['2026-03-08T23:40:00+07:00']);
  await happenedAt(after, '2026-03-11T00:30:00+07:00', '2026-03-11T00:40:00+07:00', ['2026-03-11T00:40:00+07:00']);
  await t.app.database.db
    .update(shifts)
    .set({ openedAt: new Date('2026-03-09T06:00:00+07:00'), closedAt: new Date('2026-03-10T23:55:00+07:00') })
    .where(eq(shifts.id, shiftId));
});
afterAll(() => t.close());

const paymentColumns = [
  'Số đơn',
  'Phần',
  'Phương thức',
  'Số tiền',
  'Tiền boa',
  'Làm tròn',
  'Khách đưa',
  'Tiền thối',
  'Đã hoàn',
  'Nhân viên',
  'Thời gian',
  'Ca',
  'Mã giao dịch NH',
];

/** The period's payments as the accountant should see them, in the order they were taken. */
const expectedPayments = () => [
  [
    splitTender.orderNo,
    null,
    'Tiền mặt',
    100_000,
    20_000,
    0,
    150_000,
    30_000,
    0,
    'Test staff',
    '2026-03-09 06:50:00',
    shiftNo,
    null,
  ],
  [
    splitTender.orderNo,
    null,
    'Chuyển khoản',
    51_400,
    0,
    0,
    null,
    null,
    0,
    'Test staff',
    '2026-03-09 06:51:00',
    shiftNo,
    null,
  ],
  [byCard.orderNo, null, 'Thẻ', 70_200, 0, 0, null, null, 0, 'Test staff', '2026-03-10 23:40:00', shiftNo, null],
];

describe('exports', () => {
  it('lists the payments of the period, one row each, in whole đồng that add up to the bills', async () => {
    const response = await exportOf('payments', `${PERIOD}&format=csv`);
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.rawPayload.toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFSố đơn,Phần,Phương thức,Số tiền,Tiền boa,Làm tròn,Khách đưa,Tiền thối,Đã hoàn,Nhân viên,Thời gian,Ca,Mã giao dịch NH',
    );
    // Money is plain digits: no thousands separators, no ₫.
    expect(response.rawPayload.toString('utf8')).not.toMatch(/₫|\d\.\d{3}|\u00a0/);

    const [header, ...rows] = parseCsv(response.rawPayload);
    expect(header).toEqual(paymentColumns);
    expect(rows).toEqual(expectedPayments().map(asCsv));
    const amount = paymentColumns.indexOf('Số tiền');
    const tip = paymentColumns.indexOf('Tiền boa');
    expect(rows.reduce((sum, row) => sum + Number(row[amount]), 0)).toBe(splitTender.bills.total + byCard.bills.total);
    expect(rows.reduce((sum, row) => sum + Number(row[tip]), 0)).toBe(20_000);
  });

  it('lists the orders placed in the period, one row each with its bill, what was paid and how', async () => {
    const [header, ...rows] = await csvOf('orders');
    expect(header).toEqual([
      'Số đơn',
      'Thời gian tạo',
      'Hoàn thành lúc',
      'Trạng thái',
      'Bàn',
      'Khách',
      'Số khách',
      'Tạm tính',
      'Giảm giá',
      'Phí phục vụ',
      'Thuế',
      'Thuế gồm trong giá',
      'Chưa thuế KCT',
      'Thuế KCT',
      'Chưa thuế 0%',
      'Thuế 0%',
      'Chưa thuế 5%',
      'Thuế 5%',
      'Chưa thuế 8%',
      'Thuế 8%',
      'Chưa thuế 10%',
      'Thuế 10%',
      'Tổng cộng',
      'Đã trả',
      'Đã hoàn',
      'Tiền boa',
      'Phương thức',
      'Ca',
      'Ghi chú',
    ]);
    expect(rows).toEqual(
      [
        [
          splitTender.orderNo,
          '2026-03-09 06:30:00',
          '2026-03-09 06:51:00',
          'Hoàn thành',
          null,
          'Chị Lan',
          3,
          140_000,
          0,
          0,
          11_400,
          'Không',
          // Every rate has its pair of columns, the ones the order did not use at 0.
          ...[0, 0, 0, 0, 0, 0],
          ...[130_000, 10_400],
          ...[10_000, 1_000],
          151_400,
          151_400,
          0,
          20_000,
          'Tiền mặt, Chuyển khoản',
          shiftNo,
          null,
        ],
        [
          byCard.orderNo,
          '2026-03-10 23:30:00',
          '2026-03-10 23:40:00',
          'Hoàn thành',
          null,
          'Anh Minh',
          1,
          65_000,
          0,
          0,
          5_200,
          'Không',
          ...[0, 0, 0, 0, 0, 0],
          ...[65_000, 5_200],
          ...[0, 0],
          70_200,
          70_200,
          0,
          0,
          'Thẻ',
          shiftNo,
          null,
        ],
      ].map(asCsv),
    );
    // Each order's parts add up to its VAT and, with it, its total; a rate's column sums to the period's figure.
    const column = (title: string) => header!.indexOf(title);
    for (const row of rows) {
      const rates = ['KCT', '0%', '5%', '8%', '10%'];
      const taxes = rates.reduce((sum, rate) => sum + Number(row[column(`Thuế ${rate}`)]), 0);
      const taxable = rates.reduce((sum, rate) => sum + Number(row[column(`Chưa thuế ${rate}`)]), 0);
      expect(taxes).toBe(Number(row[column('Thuế')]));
      expect(taxable + taxes).toBe(Number(row[column('Tổng cộng')]));
    }
    expect(rows.reduce((sum, row) => sum + Number(row[column('Thuế 8%')]), 0)).toBe(15_600);
    // The totals of the orders are what the payments of the period add up to.
    const total = header!.indexOf('Tổng cộng');
    const paymentRows = (await csvOf('payments')).slice(1);
    expect(rows.reduce((sum, row) => sum + Number(row[total]), 0)).toBe(
      paymentRows.reduce((sum, row) => sum + Number(row[paymentColumns.indexOf('Số tiền')]), 0),
    );
  });

  it("lists the shift opened in the period with its float, the cash expected and counted, and what's short", async () => {
    const [header, ...rows] = await csvOf('shifts');
    expect(header).toEqual([
      'Ca',
      'Quầy',
      'Mở lúc',
      'Người mở',
      'Tiền đầu ca',
      'Đóng lúc',
      'Người đóng',
      'Tiền dự kiến',
      'Tiền đếm',
      'Chênh lệch',
      'Doanh thu thuần',
      'Tiền mặt',
      'Thẻ',
      'Chuyển khoản',
      'Ví điện tử',
      'Phiếu quà tặng',
      'Làm tròn tiền mặt',
      'Tiền boa',
      'Hoàn tiền',
      'Nộp vào',
      'Rút ra',
      'Số đơn',
      'Số lần mở lại',
      'Ghi chú',
    ]);
    expect(rows).toEqual(
      [
        [
          shiftNo,
          'Quầy 1',
          '2026-03-09 06:00:00',
          'Test staff',
          500_000,
          '2026-03-10 23:55:00',
          'Test staff',
          620_000,
          610_000,
          -10_000,
          221_600,
          100_000,
          70_200,
          51_400,
          0,
          0,
          0,
          20_000,
          0,
          0,
          0,
          2,
          0,
          null,
        ],
      ].map(asCsv),
    );
  });

  it('writes the same rows as XLSX, with money and counts as numbers', async () => {
    const response = await exportOf('payments', `${PERIOD}&format=xlsx`);
    expect(response.statusCode, response.body).toBe(200);
    const [header, ...rows] = await readSheet(response.rawPayload);
    expect(header).toEqual(paymentColumns);
    expect(rows).toEqual(expectedPayments());
    for (const row of rows) {
      for (const column of ['Số đơn', 'Số tiền', 'Tiền boa', 'Đã hoàn', 'Ca']) {
        expect(typeof row[paymentColumns.indexOf(column)], column).toBe('number');
      }
    }
    // The same file as the CSV, cell for cell (text, numbers and empty cells only, as just checked).
    expect(rows.map((row) => asCsv(row as (string | number | null)[]))).toEqual((await csvOf('payments')).slice(1));

    const [, ...shiftRows] = await readSheet((await exportOf('shifts', `${PERIOD}&format=xlsx`)).rawPayload);
    expect(shiftRows[0]!.slice(7, 10)).toEqual([620_000, 610_000, -10_000]);
  });

  it("takes only the restaurant's local days of the period, both ends included", async () => {
    const orderNos = async (query: string) => (await csvOf('orders', query)).slice(1).map((row) => Number(row[0]));
    expect(await orderNos(PERIOD)).toEqual([splitTender.orderNo, byCard.orderNo]);
    expect(await orderNos(`from=${FROM}&to=${FROM}`)).toEqual([splitTender.orderNo]);
    expect(await orderNos(`from=${TO}&to=${TO}`)).toEqual([byCard.orderNo]);
    expect(await orderNos('from=2026-03-08&to=2026-03-08')).toEqual([before.orderNo]);
    expect(await orderNos('from=2026-03-11&to=2026-03-11')).toEqual([after.orderNo]);
    expect(await orderNos('from=2026-03-08&to=2026-03-11')).toEqual([
      splitTender.orderNo,
      byCard.orderNo,
      before.orderNo,
      after.orderNo,
    ]);

    const paidOrders = async (query: string) => (await csvOf('payments', query)).slice(1).map((row) => Number(row[0]));
    expect(await paidOrders(PERIOD)).not.toContain(before.orderNo);
    expect(await paidOrders(PERIOD)).not.toContain(after.orderNo);
    expect(await paidOrders('from=2026-03-11&to=2026-03-11')).toEqual([after.orderNo]);

    expect((await csvOf('shifts', 'from=2026-03-10&to=2026-03-11')).slice(1)).toEqual([]);
    // An empty period is a file with its header only.
    expect(await csvOf('payments', 'from=2026-01-01&to=2026-01-31')).toEqual([paymentColumns]);
  });

  it('sends a file named for the kind and the period, not to be cached', async () => {
    const csv = await exportOf('payments', `${PERIOD}&format=csv`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="quan-payments-${FROM}-${TO}.csv"`);
    expect(csv.headers['cache-control']).toBe('no-store');

    const xlsx = await exportOf('orders', `${PERIOD}&format=xlsx`);
    expect(xlsx.headers['content-type']).toBe(XLSX);
    expect(xlsx.headers['content-disposition']).toBe(`attachment; filename="quan-orders-${FROM}-${TO}.xlsx"`);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    // CSV unless told otherwise.
    const plain = await exportOf('shifts', PERIOD);
    expect(plain.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(plain.headers['content-disposition']).toBe(`attachment; filename="quan-shifts-${FROM}-${TO}.csv"`);
  });

  it('refuses a bad period, kind or format with a 400 naming the problem', async () => {
    for (const [kind, query, path, message] of [
      ['payments', 'from=2026-03-10&to=2026-03-09', 'to', 'Invalid query: to: from must not be after to'],
      ['payments', 'from=2025-01-01&to=2026-01-03', 'to', 'Invalid query: to: Export at most a year at a time'],
      ['orders', 'from=2026-02-30&to=2026-03-10', 'from', 'Invalid query: from: from must be a date (YYYY-MM-DD)'],
      ['orders', 'from=09/03/2026&to=2026-03-10', 'from', 'Invalid query: from: from must be a date (YYYY-MM-DD)'],
      ['orders', 'from=2026-03-09&to=tomorrow', 'to', 'Invalid query: to: to must be a date (YYYY-MM-DD)'],
      ['shifts', 'to=2026-03-10', 'from', 'Invalid query: from: from must be a date (YYYY-MM-DD)'],
      ['payments', `${PERIOD}&format=pdf`, 'format', 'Invalid query: format: Format must be csv or xlsx'],
      ['invoices', PERIOD, 'kind', 'Invalid path: kind: Export orders, payments or shifts'],
      // Dates PostgreSQL or a JavaScript Date cannot place (year 0, and year 1's first midnight is BC in UTC).
      ['payments', 'from=0000-01-01&to=0000-01-02', 'from', 'Invalid query: from: from must be 1900-01-01 or later'],
      ['orders', 'from=0001-01-01&to=0001-01-02', 'from', 'Invalid query: from: from must be 1900-01-01 or later'],
      ['shifts', 'from=1899-12-31&to=1900-01-01', 'from', 'Invalid query: from: from must be 1900-01-01 or later'],
    ] as const) {
      const response = await exportOf(kind, query);
      expect(response.statusCode, `${kind}?${query}`).toBe(400);
      const body = response.json() as { success: boolean; message: string; errors: { path: string }[] };
      expect(body.success).toBe(false);
      // The problem first; a date that is no date also trips the period's own checks ("and 1 more").
      expect(body.message.slice(0, message.length), body.message).toBe(message);
      expect(body.message.slice(message.length)).toMatch(/^( \(and \d+ more\))?$/);
      expect(body.errors[0]!.path).toBe(path);
    }
    // A whole year is one export, and the calendar's far ends are an empty file, not an error.
    expect((await exportOf('payments', 'from=2025-03-11&to=2026-03-10')).statusCode).toBe(200);
    for (const query of ['from=1900-01-01&to=1900-12-31', 'from=9999-01-01&to=9999-12-31']) {
      expect(await csvOf('shifts', query)).toHaveLength(1);
    }
  });

  it('is for managers: staff get 403, and nobody signed out gets anything', async () => {
    for (const kind of ['orders', 'payments', 'shifts']) {
      expect((await exportOf(kind, PERIOD, 'staff')).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url: `/api/exports/${kind}?${PERIOD}` })).statusCode).toBe(401);
      expect((await exportOf(kind, PERIOD, 'admin')).statusCode).toBe(200);
    }
  });
});

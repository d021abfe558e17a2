import { writeFileSync } from 'node:fs';
import type { Order } from '@quan/contract/order';
import type { Printer } from '@quan/contract/printers';
import type { Shift } from '@quan/contract/shifts';
import jsQR from 'jsqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vietQrPayload } from '../src/lib/vietqr';
import { createMenu, moveOrder, placeOrder } from './factories';
import { buildTestApp, type TestApp } from './helper';
import { rasterToPng, stackRasters } from '../src/demo/escpos-parse';
import { startFakePrinter, type FakePrinter, type ReceivedJob } from './support/fake-printer';

// The guest's papers and the cash drawer on the branch's printers: the bill on request with its VietQR code,
// the receipt by itself once the bill is paid, the drawer on cash, the Z report as a shift closes.

const bank = { bin: '970436', accountNumber: '0071000123456', accountName: 'QUAN NGON' };

let t: TestApp;
let pho: { _id: string };
const fakes: FakePrinter[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
  await t.signInAs('manager');
  await t.signInAs('staff');
  // No tax, so the amounts read as the guest hears them.
  const saved = await t.request({ method: 'PUT', url: '/api/settings', payload: { taxRate: 0, bank }, as: 'admin' });
  expect(saved.statusCode, saved.body).toBe(200);
  pho = (await createMenu(t, [{ name: 'Pho bo', price: 65_000 }])).items[0]!;
});
afterAll(async () => {
  await t.close();
  await Promise.all(fakes.map((fake) => fake.close()));
});

async function fakePrinter(): Promise<FakePrinter> {
  const printer = await startFakePrinter();
  fakes.push(printer);
  return printer;
}

async function addPrinter(fake: FakePrinter, body: Record<string, unknown>): Promise<Printer> {
  const response = await t.request({
    method: 'POST',
    url: '/api/printers',
    payload: { host: fake.address.host, port: fake.address.port, mode: 'text', codepage: 'windows1258', ...body },
    as: 'manager',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function changePrinter(printer: Printer, body: Record<string, unknown>): Promise<void> {
  const response = await t.request({
    method: 'PUT',
    url: `/api/printers/${printer._id}`,
    payload: { port: printer.port, ...body },
    as: 'manager',
  });
  expect(response.statusCode, response.body).toBe(200);
}

const place = (quantity: number) => placeOrder(t, [{ itemId: pho._id, quantity }]);

async function pay(order: Order, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Order> {
  const response = await t.request({
    method: 'POST',
    url: `/api/order/${order._id}/payments`,
    payload: body,
    headers,
    as: 'staff',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function printBill(order: Order, kind: 'bill' | 'receipt') {
  const response = await t.request({
    method: 'POST',
    url: `/api/order/${order._id}/prints`,
    payload: { kind },
    as: 'staff',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { kind: string; copies: number; sentTo: string | null };
}

/** The jobs a printer received after the first `before`, once there are `count` more. */
async function newJobs(fake: FakePrinter, before: number, count = 1): Promise<ReceivedJob[]> {
  return (await fake.waitForJobs(before + count, 15_000)).slice(before);
}

/** What a text-mode paper says, read back from Windows-1258 (tone marks as combining characters). */
const textOf = (job: ReceivedJob) =>
  new TextDecoder('windows-1258')
    .decode(Buffer.concat(job.commands.flatMap((command) => (command.kind === 'text' ? [command.bytes] : []))))
    .normalize('NFC')
    .replace(/\u00a0/g, ' ');

const kindsOf = (job: ReceivedJob) => new Set(job.commands.map((command) => command.kind));
const isPulseOnly = (job: ReceivedJob) =>
  kindsOf(job).has('pulse') && !kindsOf(job).has('text') && !kindsOf(job).has('raster') && !kindsOf(job).has('cut');

/**
 * Proves that nothing reached `fake` since `before`: a test page queued now prints after anything queued
 * earlier, so when it is the only new job, nothing else was waiting.
 */
async function expectNothingPrinted(fake: FakePrinter, printer: Printer, before: number): Promise<void> {
  const response = await t.request({ method: 'POST', url: `/api/printers/${printer._id}/test-page`, as: 'manager' });
  expect(response.statusCode, response.body).toBe(202);
  const [first] = await newJobs(fake, before);
  expect(kindsOf(first!).has('raster')).toBe(true);
  expect(kindsOf(first!).has('pulse')).toBe(false);
}

describe('a branch without printers', () => {
  it('queues nothing and leaves the bill to the browser', async () => {
    const order = await place(1);
    expect(await printBill(order, 'bill')).toEqual({ kind: 'bill', copies: 1, sentTo: null });
    await pay(order, { method: 'cash', amount: 65_000, tendered: 100_000 });
    const queue = await t.request({ method: 'GET', url: '/api/printers/queue', as: 'staff' });
    expect(queue.json().data).toEqual([]);
  });
});

describe('the guest’s papers and the drawer on the branch’s printers', () => {
  let counterFake: FakePrinter;
  let drawerFake: FakePrinter;
  let counter: Printer;
  let drawer: Printer;

  beforeAll(async () => {
    counterFake = await fakePrinter();
    drawerFake = await fakePrinter();
    counter = await addPrinter(counterFake, { name: 'Quầy', printsBills: true, printsReceipts: true });
    drawer = await addPrinter(drawerFake, { name: 'Két', hasDrawer: true });
  });

  it('prints the bill with a VietQR code for what is due, and the second copy says IN LẠI', async () => {
    const order = await pay(await place(2), { method: 'card', amount: 30_000 });
    expect(order.due).toBe(100_000);
    const before = counterFake.jobs.length;
    expect(await printBill(order, 'bill')).toEqual({ kind: 'bill', copies: 1, sentTo: 'Quầy' });
    const [first] = await newJobs(counterFake, before);
    const qr = first!.commands.find((command) => command.kind === 'qr' && command.fn === 80);
    expect(qr).toMatchObject({
      data: vietQrPayload(bank, { amount: 100_000, note: `QUAN ${order.orderNo}` }),
    });
    const paper = textOf(first!);
    expect(paper).toContain('PHIẾU TẠM TÍNH');
    expect(paper).toContain(`Đơn #${order.orderNo}`);
    expect(paper).toContain('2 x Pho bo');
    expect(paper).toContain('Còn phải trả');
    expect(paper).toContain('100.000 đ');
    expect(paper).not.toContain('IN LẠI');

    expect(await printBill(order, 'bill')).toMatchObject({ copies: 2, sentTo: 'Quầy' });
    const [second] = await newJobs(counterFake, before + 1);
    expect(textOf(second!)).toContain('IN LẠI');
    expect(textOf(second!)).toContain('bản 2');
  });

  it('draws the bill as a picture whose QR code scans to the amount due', async () => {
    await changePrinter(counter, { mode: 'raster' });
    try {
      const order = await place(3);
      const before = counterFake.jobs.length;
      await printBill(order, 'bill');
      const [job] = await newJobs(counterFake, before);
      const image = stackRasters(job!.commands);
      expect(image.width).toBe(576);
      writeFileSync('/tmp/quan-bill.png', rasterToPng(image));
      const rgba = new Uint8ClampedArray(image.width * image.height * 4);
      const rowBytes = image.width / 8;
      for (let y = 0; y < image.height; y++) {
        for (let x = 0; x < image.width; x++) {
          const black = (image.bits[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1;
          rgba.fill(black ? 0 : 255, (y * image.width + x) * 4, (y * image.width + x) * 4 + 3);
          rgba[(y * image.width + x) * 4 + 3] = 255;
        }
      }
      expect(jsQR(rgba, image.width, image.height)?.data).toBe(
        vietQrPayload(bank, { amount: 195_000, note: `QUAN ${order.orderNo}` }),
      );
    } finally {
      await changePrinter(counter, { mode: 'text', codepage: 'windows1258' });
    }
  });

  it('prints the receipt by itself once the last part of a split bill is paid, and no drawer on card', async () => {
    const order = await moveOrder(t, await place(2), 'ready');
    const split = await t.request({
      method: 'POST',
      url: `/api/order/${order._id}/split`,
      payload: { by: 'guests', guests: 2 },
      as: 'staff',
    });
    expect(split.statusCode, split.body).toBe(200);
    const counterBefore = counterFake.jobs.length;
    const drawerBefore = drawerFake.jobs.length;
    await pay(order, { method: 'card', amount: 65_000, partNo: 1 });
    const paid = await pay(order, { method: 'card', amount: 65_000, partNo: 2 });
    expect(paid.status).toBe('completed');

    // Jobs print in the order they were queued: a receipt for the first part would come first.
    const [receipt] = await newJobs(counterFake, counterBefore);
    const paper = textOf(receipt!);
    expect(paper).toContain('PHIẾU THANH TOÁN');
    expect(paper).toContain('Thẻ (phần 2)');
    expect(paper).toContain('Đã thanh toán');
    expect(paper).not.toContain('IN LẠI');
    expect(kindsOf(receipt!).has('pulse')).toBe(false);
    await expectNothingPrinted(drawerFake, drawer, drawerBefore);
    expect(counterFake.jobs.length).toBe(counterBefore + 1);

    // The receipt printed by itself is the first copy: one asked for at the counter is a reprint.
    expect(await printBill(paid, 'receipt')).toMatchObject({ copies: 2, sentTo: 'Quầy' });
    const [again] = await newJobs(counterFake, counterBefore + 1);
    expect(textOf(again!)).toContain('IN LẠI');
  });

  it('opens the drawer on each cash payment, by a pulse alone when the drawer hangs on another printer', async () => {
    const order = await moveOrder(t, await place(1), 'ready');
    const counterBefore = counterFake.jobs.length;
    const drawerBefore = drawerFake.jobs.length;
    await pay(order, { method: 'cash', amount: 20_000, tendered: 20_000 });
    const [pulse] = await newJobs(drawerFake, drawerBefore);
    expect(isPulseOnly(pulse!)).toBe(true);

    await pay(order, { method: 'cash', amount: 45_000, tendered: 50_000 });
    const [secondPulse] = await newJobs(drawerFake, drawerBefore + 1);
    expect(isPulseOnly(secondPulse!)).toBe(true);
    const [receipt] = await newJobs(counterFake, counterBefore);
    expect(textOf(receipt!)).toContain('Tiền khách đưa');
    expect(textOf(receipt!)).toContain('Tiền trả lại');
    expect(textOf(receipt!)).toContain('5.000 đ');
    expect(kindsOf(receipt!).has('pulse')).toBe(false);
  });

  it('opens the drawer with the receipt when it hangs on the receipt printer, and on a cash refund', async () => {
    await changePrinter(drawer, { hasDrawer: false });
    await changePrinter(counter, { hasDrawer: true });
    const order = await moveOrder(t, await place(1), 'ready');
    const counterBefore = counterFake.jobs.length;
    const drawerBefore = drawerFake.jobs.length;
    const paid = await pay(order, { method: 'cash', amount: 65_000, tendered: 100_000 });
    const [receipt] = await newJobs(counterFake, counterBefore);
    expect(textOf(receipt!)).toContain('PHIẾU THANH TOÁN');
    const kinds = receipt!.commands.map((command) => command.kind);
    expect(kinds).toContain('pulse');
    expect(kinds.indexOf('pulse')).toBeGreaterThan(kinds.indexOf('cut'));

    const refund = await t.request({
      method: 'POST',
      url: `/api/order/${order._id}/payments/${paid.payments[0]!._id}/refunds`,
      payload: { amount: 65_000, reason: 'Món ra nhầm' },
      as: 'manager',
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const [pulse] = await newJobs(counterFake, counterBefore + 1);
    expect(isPulseOnly(pulse!)).toBe(true);
    await expectNothingPrinted(drawerFake, drawer, drawerBefore);
  });

  it('prints the Z report as a shift closes', async () => {
    await changePrinter(counter, { printsZReports: true });
    const open = async (deviceId: string, deviceName: string) => {
      const response = await t.request({
        method: 'POST',
        url: '/api/shifts',
        payload: { deviceId, deviceName, openingFloat: 500_000 },
        headers: { 'x-device-id': deviceId },
        as: 'staff',
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as Shift;
    };
    // Another drawer stays open, so this one closes with the earlier tests' orders still open.
    await open('front-drawer', 'Quầy 1');
    const shift = await open('back-drawer', 'Quầy 2');
    await pay(
      await moveOrder(t, await place(1), 'ready'),
      { method: 'cash', amount: 65_000 },
      {
        'x-device-id': 'back-drawer',
      },
    );
    const before = counterFake.jobs.length;
    const closed = await t.request({
      method: 'POST',
      url: `/api/shifts/${shift._id}/close`,
      payload: { countedCash: 565_000 },
      headers: { 'x-device-id': 'back-drawer' },
      as: 'staff',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    // The receipt with its pulse, then the report.
    const jobs = await newJobs(counterFake, before, 2);
    const report = jobs.map(textOf).find((paper) => paper.includes('BÁO CÁO CUỐI CA (Z)'));
    expect(report).toBeDefined();
    expect(report).toContain(`Ca ${shift.shiftNo} - Quầy 2`);
    expect(report).toContain('Doanh thu tiền mặt');
    expect(report).toContain('565.000 đ');
    expect(report).toContain('Khớp');
  });
});

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Printer } from '@quan/contract/printers';
import { and, eq, gt, isNull, notExists } from 'drizzle-orm';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startDemoPrinter, type DemoPrinter } from '../src/demo/demo-printer';
import { pngToRaster } from '../src/demo/escpos-parse';
import { generateRestaurant } from '../src/demo/generate-restaurant';
import { categories, itemOptionGroups, items, optionGroups, stations } from '../src/db/schema/menu';
import { readPrinterStatus, sendToPrinter } from '../src/modules/printing/transport/tcp-printer';
import { buildTestApp, type TestApp } from './helper';

// The demo's stand-in printers: they answer as online printers, keep each raster job as a picture, and the
// generated restaurant's two printers reach them, so an order placed in the demo comes out as a PNG.

let folder: string;
let lines: string[];
const started: DemoPrinter[] = [];

async function standIn(name: string): Promise<DemoPrinter> {
  const printer = await startDemoPrinter({ name, folder, log: (line) => lines.push(line) });
  started.push(printer);
  return printer;
}

/** Resolves once the stand-ins have logged `count` lines. */
async function waitForLines(count: number, timeoutMs = 10_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  while (lines.length < count) {
    if (Date.now() > deadline) throw new Error(`${lines.length} of ${count} lines: ${lines.join(' | ')}`);
    await new Promise((done) => setTimeout(done, 50));
  }
  return lines;
}

const pictures = () => readdirSync(folder).sort();

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'quan-demo-printed-'));
  lines = [];
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((printer) => printer.close()));
  rmSync(folder, { recursive: true, force: true });
});

describe('the stand-in printer', () => {
  // A 16 × 2 dot image: the top row's left half black, the bottom row's middle.
  const bits = [0xff, 0x00, 0x0f, 0xf0];
  const job = Uint8Array.of(
    ...[0x1b, 0x40], // ESC @
    ...[0x1d, 0x76, 0x30, 0x00, 0x02, 0x00, 0x02, 0x00, ...bits], // GS v 0: 2 bytes a row, 2 rows
    ...[0x1d, 0x56, 0x42, 0x00], // GS V: feed and cut
    ...[0x1b, 0x70, 0x00, 0x19, 0xfa], // ESC p: the drawer's pulse
  );

  it('answers as an online printer and keeps a job as the picture it prints', async () => {
    const printer = await standIn('Bếp');
    expect(printer.address.host).toBe('127.0.0.1');
    expect(await readPrinterStatus(printer.address, { timeoutMs: 2000 })).toEqual({
      status: 'online',
      paperNearEnd: false,
    });

    await sendToPrinter(printer.address, job, { timeoutMs: 2000 });
    const [line] = await waitForLines(1);
    const [picture] = pictures();
    expect(picture).toMatch(/^\d{6}-1-Bếp\.png$/);
    expect(line).toMatch(new RegExp(`^Bếp printed a ticket: .*${picture}, and opened the cash drawer$`));
    const image = pngToRaster(readFileSync(join(folder, picture!)));
    expect({ width: image.width, height: image.height, bits: [...image.bits] }).toEqual({ width: 16, height: 2, bits });
    // The status request printed nothing.
    expect(pictures()).toHaveLength(1);
  });

  it('opens the drawer without a picture, and numbers the pictures it keeps', async () => {
    const printer = await standIn('Quầy');
    await sendToPrinter(printer.address, Uint8Array.of(0x1b, 0x40, 0x1b, 0x70, 0x00, 0x19, 0xfa), { timeoutMs: 2000 });
    await sendToPrinter(printer.address, job, { timeoutMs: 2000 });
    await sendToPrinter(printer.address, job, { timeoutMs: 2000 });
    expect(await waitForLines(3)).toContain('Quầy opened the cash drawer');
    expect(pictures().map((name) => name.replace(/^\d{6}-/, ''))).toEqual(['1-Quầy.png', '2-Quầy.png']);
  });
});

describe("the demo restaurant's printers", () => {
  let t: TestApp | undefined;
  afterAll(() => t?.close());

  it('print the kitchen ticket at Bếp and the drink at Quầy', async () => {
    const kitchen = await standIn('Bếp');
    const counter = await standIn('Quầy');
    t = await buildTestApp();
    await t.signInAs('admin');
    await t.signInAs('manager');
    await t.signInAs('staff');
    await generateRestaurant(t.app.database.db, {
      size: 'tiny',
      days: 2,
      orders: 10,
      seed: 3,
      printers: { kitchen: kitchen.address, counter: counter.address },
    });

    const listed = await t.request({ method: 'GET', url: '/api/printers', as: 'manager' });
    expect(listed.statusCode, listed.body).toBe(200);
    const printers = listed.json().data as Printer[];
    const db = t.app.database.db;
    const [bar] = await db.select({ id: stations.id }).from(stations).where(eq(stations.name, 'Bar'));
    const [cook] = await db.select({ id: stations.id }).from(stations).where(eq(stations.name, 'Bếp'));
    expect(
      printers.map(({ name, host, port, stationIds, printsBills, printsReceipts, printsZReports, hasDrawer }) => ({
        name,
        at: `${host}:${port}`,
        stationIds,
        does: [printsBills, printsReceipts, printsZReports, hasDrawer],
      })),
    ).toEqual([
      {
        name: 'Bếp',
        at: `127.0.0.1:${kitchen.address.port}`,
        stationIds: [cook!.id],
        does: [false, false, false, false],
      },
      { name: 'Quầy', at: `127.0.0.1:${counter.address.port}`, stationIds: [bar!.id], does: [true, true, true, true] },
    ]);
    expect(printers.every((printer) => printer.mode === 'raster' && printer.paperWidth === 80)).toBe(true);

    // A dish of the station with no option to choose.
    const dish = async (station: 'kitchen' | 'bar') => {
      const [row] = await db
        .select({ id: items.id })
        .from(items)
        .innerJoin(categories, eq(items.categoryId, categories.id))
        .where(
          and(
            station === 'bar' ? eq(categories.stationId, bar!.id) : isNull(categories.stationId),
            eq(items.isAvailable, true),
            notExists(
              db
                .select({ groupId: itemOptionGroups.groupId })
                .from(itemOptionGroups)
                .innerJoin(optionGroups, eq(optionGroups.id, itemOptionGroups.groupId))
                .where(and(eq(itemOptionGroups.itemId, items.id), gt(optionGroups.minSelected, 0))),
            ),
          ),
        )
        .limit(1);
      return row!.id;
    };
    const ordered = await t.request({
      method: 'POST',
      url: '/api/order',
      payload: {
        customerDetails: { name: 'Khách', guests: 2 },
        items: [
          { itemId: await dish('kitchen'), quantity: 1 },
          { itemId: await dish('bar'), quantity: 1 },
        ],
      },
      as: 'staff',
    });
    expect(ordered.statusCode, ordered.body).toBe(201);

    const logged = await waitForLines(2);
    expect(logged.map((line) => line.replace(/: .*/, '')).sort()).toEqual([
      'Bếp printed a ticket',
      'Quầy printed a ticket',
    ]);
    expect(
      pictures()
        .map((name) => name.replace(/^\d{6}-/, ''))
        .sort(),
    ).toEqual(['1-Bếp.png', '1-Quầy.png']);
  }, 60_000);
});

import type { Order } from '@quan/contract/order';
import type { Station } from '@quan/contract/stations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMenu, createStation, createTable, placeOrder } from './factories';
import { buildTestApp, type TestApp } from './helper';
import { startFakePrinter, type FakePrinter, type ReceivedJob } from './support/fake-printer';

// What the kitchen's printers are told after a round went out: a void ("HỦY") at the station that had the
// dish, a notice where dishes of a moved or merged order are still being made, and a ticket asked for again.

let t: TestApp;
let kitchen: Station;
let bar: Station;
let grill: Station;
let pho: { _id: string };
let coffee: { _id: string };
let squid: { _id: string };
let kitchenFake: FakePrinter;
let barFake: FakePrinter;

async function routeDish(itemId: string, stationId: string) {
  const response = await t.request({
    method: 'PUT',
    url: `/api/item/${itemId}`,
    payload: { stationId },
    as: 'manager',
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function addPrinter(fake: FakePrinter, name: string, stationIds: string[]) {
  const response = await t.request({
    method: 'POST',
    url: '/api/printers',
    payload: {
      name,
      host: fake.address.host,
      port: fake.address.port,
      mode: 'text',
      codepage: 'windows1258',
      stationIds,
    },
    as: 'manager',
  });
  expect(response.statusCode, response.body).toBe(201);
}

/** What a text-mode job says: Windows-1258 puts the tone marks after their vowel, composed again here. */
const textOf = (job: ReceivedJob) =>
  job.commands
    .filter((command) => command.kind === 'text')
    .map((command) => new TextDecoder('windows-1258').decode(command.bytes))
    .join('')
    .normalize('NFC');

/** The jobs a printer prints after those it had, once the order's tickets are out. */
async function nextJobs(fake: FakePrinter, had: number, count: number): Promise<string[]> {
  return (await fake.waitForJobs(had + count)).slice(had).map(textOf);
}

async function queueEmptied() {
  await expect
    .poll(async () => (await t.request({ method: 'GET', url: '/api/printers/queue', as: 'staff' })).json().data, {
      timeout: 10_000,
    })
    .toEqual([]);
}

/** A staff order, once its first tickets are printed. */
async function orderPrinted(items: { itemId: string; quantity: number }[], tableId?: string): Promise<Order> {
  await queueEmptied();
  const placed = await placeOrder(t, items, tableId ? { tableId } : {});
  await queueEmptied();
  return placed;
}

const positionOf = (order: Order, itemId: string) => order.items.find((line) => line.itemId === itemId)!.position;

beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
  await t.signInAs('manager');
  await t.signInAs('staff');
  kitchen = await createStation(t, 'Bep', 0);
  bar = await createStation(t, 'Bar', 1);
  grill = await createStation(t, 'Nuong', 2);
  const menu = await createMenu(t, [
    { name: 'Pho bo', price: 65_000 },
    { name: 'Ca phe sua', price: 25_000 },
    { name: 'Muc nuong', price: 90_000 },
  ]);
  [pho, coffee, squid] = [menu.items[0]!, menu.items[1]!, menu.items[2]!];
  await routeDish(coffee._id, bar._id);
  await routeDish(squid._id, grill._id);
  kitchenFake = await startFakePrinter();
  barFake = await startFakePrinter();
  await addPrinter(kitchenFake, 'Bếp', [kitchen._id]);
  // The grill has no printer: its tickets are printed in the browser.
  await addPrinter(barFake, 'Quầy bar', [bar._id]);
});
afterAll(async () => {
  await t.close();
  await Promise.all([kitchenFake.close(), barFake.close()]);
});

describe('kitchen notices', () => {
  it('prints HỦY with the quantity voided at the station that had the dish, and nowhere else', async () => {
    const placed = await orderPrinted([
      { itemId: pho._id, quantity: 3 },
      { itemId: coffee._id, quantity: 1 },
    ]);
    const [kitchenHad, barHad] = [kitchenFake.jobs.length, barFake.jobs.length];
    const voided = await t.request({
      method: 'POST',
      url: `/api/order/${placed._id}/voids`,
      payload: { lines: [{ position: positionOf(placed, pho._id), quantity: 2 }], reason: 'changed_mind' },
      as: 'staff',
    });
    expect(voided.statusCode, voided.body).toBe(200);

    const [ticket] = await nextJobs(kitchenFake, kitchenHad, 1);
    expect(ticket).toContain('HỦY');
    expect(ticket).toContain('Ngừng làm các món sau');
    expect(ticket).toContain(`#${placed.orderNo}`);
    expect(ticket).toContain('2 x Pho bo');
    expect(ticket).not.toContain('Ca phe sua');
    await queueEmptied();
    expect(barFake.jobs.length).toBe(barHad);
  });

  it('prints nothing for a void of a diner’s round that staff have not accepted', async () => {
    const table = await createTable(t);
    await queueEmptied();
    const kitchenHad = kitchenFake.jobs.length;
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        tableNo: table.tableNo,
        tableKey: table.qrKey,
        customerDetails: { name: 'Minh' },
        items: [{ itemId: pho._id, quantity: 2 }],
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const pending: Order = placed.json().data;
    const voided = await t.request({
      method: 'POST',
      url: `/api/order/${pending._id}/voids`,
      payload: { lines: [{ position: positionOf(pending, pho._id), quantity: 1 }], reason: 'changed_mind' },
      as: 'staff',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    await queueEmptied();
    expect(kitchenFake.jobs.length).toBe(kitchenHad);
  });

  it('tells the stations still making a moved order where it went, and leaves a station that is done alone', async () => {
    const [from, to] = [await createTable(t), await createTable(t)];
    const placed = await orderPrinted(
      [
        { itemId: pho._id, quantity: 1 },
        { itemId: coffee._id, quantity: 2 },
      ],
      from._id,
    );
    const done = await t.request({
      method: 'PATCH',
      url: `/api/order/${placed._id}/rounds/1/stations/${bar._id}`,
      payload: { ready: true },
      as: 'staff',
    });
    expect(done.statusCode, done.body).toBe(200);
    const [kitchenHad, barHad] = [kitchenFake.jobs.length, barFake.jobs.length];

    const moved = await t.request({
      method: 'PUT',
      url: `/api/table/${to._id}`,
      payload: { orderId: placed._id },
      as: 'staff',
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const [notice] = await nextJobs(kitchenFake, kitchenHad, 1);
    expect(notice).toContain('CHUYỂN BÀN');
    expect(notice).toContain(`Bàn ${from.tableNo} -> Bàn ${to.tableNo}`);
    expect(notice).toContain(`Đơn #${placed.orderNo}`);
    // A notice lists no dishes, so that nobody cooks them twice.
    expect(notice).not.toContain('Pho bo');
    await queueEmptied();
    expect(barFake.jobs.length).toBe(barHad);
  });

  it('tells the stations making a merged order’s dishes which table and order they now belong to', async () => {
    const [into, joining] = [await createTable(t), await createTable(t)];
    const kept = await orderPrinted([{ itemId: coffee._id, quantity: 1 }], into._id);
    const merged = await orderPrinted([{ itemId: pho._id, quantity: 2 }], joining._id);
    const [kitchenHad, barHad] = [kitchenFake.jobs.length, barFake.jobs.length];

    const response = await t.request({
      method: 'POST',
      url: `/api/order/${kept._id}/merge`,
      payload: { fromOrderId: merged._id },
      as: 'staff',
    });
    expect(response.statusCode, response.body).toBe(200);

    const [notice] = await nextJobs(kitchenFake, kitchenHad, 1);
    expect(notice).toContain('GỘP BÀN');
    expect(notice).toContain(`Bàn ${joining.tableNo} -> Bàn ${into.tableNo}`);
    expect(notice).toContain(`Đơn #${merged.orderNo} gộp vào đơn #${kept.orderNo}`);
    // The bar makes only the dishes of the order that stayed at its table: nothing changed for it.
    await queueEmptied();
    expect(barFake.jobs.length).toBe(barHad);
  });

  it('sends a station’s ticket asked for again to its printer, marked IN LẠI as the second copy', async () => {
    const placed = await orderPrinted([{ itemId: pho._id, quantity: 2 }]);
    const kitchenHad = kitchenFake.jobs.length;
    const response = await t.request({
      method: 'POST',
      url: `/api/order/${placed._id}/rounds/1/tickets`,
      payload: { stationId: kitchen._id },
      as: 'staff',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ copy: 2, sentTo: 'Bếp' });

    const [reprint] = await nextJobs(kitchenFake, kitchenHad, 1);
    expect(reprint).toContain('IN LẠI');
    expect(reprint).toContain('bản 2');
    expect(reprint).toContain('2 x Pho bo');
  });

  it('queues nothing for a station without a printer: the browser prints its ticket, and no void is printed', async () => {
    const placed = await orderPrinted([{ itemId: squid._id, quantity: 1 }]);
    const [kitchenHad, barHad] = [kitchenFake.jobs.length, barFake.jobs.length];
    const ask = (stationId: string | null) =>
      t.request({
        method: 'POST',
        url: `/api/order/${placed._id}/rounds/1/tickets`,
        payload: { stationId },
        as: 'staff',
      });
    expect((await ask(grill._id)).json().data).toEqual({ copy: 1, sentTo: null });
    expect((await ask(grill._id)).json().data).toEqual({ copy: 2, sentTo: null });
    // The whole round's ticket is the browser's too.
    expect((await ask(null)).json().data).toEqual({ copy: 1, sentTo: null });
    const voided = await t.request({
      method: 'POST',
      url: `/api/order/${placed._id}/voids`,
      payload: { lines: [{ position: positionOf(placed, squid._id), quantity: 1 }], reason: 'wrong_dish' },
      as: 'staff',
    });
    expect(voided.statusCode, voided.body).toBe(200);

    expect((await t.request({ method: 'GET', url: '/api/printers/queue', as: 'staff' })).json().data).toEqual([]);
    await queueEmptied();
    expect([kitchenFake.jobs.length, barFake.jobs.length]).toEqual([kitchenHad, barHad]);
  });
});

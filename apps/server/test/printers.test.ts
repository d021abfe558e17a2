import type { Branch } from '@quan/contract/branch';
import { sql } from 'drizzle-orm';
import type { Printer } from '@quan/contract/printers';
import type { Station } from '@quan/contract/stations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBranch, createMenu, createStation, signInToBranch } from './factories';
import { buildTestApp, type SignedIn, type TestApp } from './helper';
import { startFakePrinter, type FakePrinter, type ReceivedJob } from './support/fake-printer';

// The branch's printers through HTTP, and the kitchen's tickets reaching fake printers on loopback: each
// station only its lines, in order and once each, kept while a printer is off, moved to the fallback.

let t: TestApp;
let kitchen: Station;
let bar: Station;
let pho: { _id: string };
let coffee: { _id: string };
const fakes: FakePrinter[] = [];

async function fakePrinter(): Promise<FakePrinter> {
  const printer = await startFakePrinter();
  fakes.push(printer);
  return printer;
}

async function addPrinter(fake: FakePrinter, body: Record<string, unknown>, as: SignedIn | 'manager' = 'manager') {
  const response = await t.request({
    method: 'POST',
    url: '/api/printers',
    payload: { host: fake.address.host, port: fake.address.port, mode: 'text', codepage: 'windows1258', ...body },
    as,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Printer;
}

async function order(items: { itemId: string; quantity: number }[]) {
  const response = await t.request({
    method: 'POST',
    url: '/api/order',
    payload: { customerDetails: { name: 'Khách', guests: 2 }, items },
    as: 'staff',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { _id: string; orderNo: number };
}

/** What a text-mode ticket says, as ASCII (the dish names here have no tone marks). */
const textOf = (job: ReceivedJob) =>
  job.commands
    .filter((command) => command.kind === 'text')
    .map((command) => Buffer.from(command.bytes).toString('latin1'))
    .join('');

beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
  await t.signInAs('manager');
  await t.signInAs('staff');
  kitchen = await createStation(t, 'Bep', 0);
  bar = await createStation(t, 'Bar', 1);
  const menu = await createMenu(t, [
    { name: 'Pho bo', price: 65_000 },
    { name: 'Ca phe sua', price: 25_000 },
  ]);
  pho = menu.items[0]!;
  coffee = menu.items[1]!;
  const routed = await t.request({
    method: 'PUT',
    url: `/api/item/${coffee._id}`,
    payload: { stationId: bar._id },
    as: 'manager',
  });
  expect(routed.statusCode, routed.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await Promise.all(fakes.map((fake) => fake.close()));
});

describe('printer settings', () => {
  it('refuses an address outside the restaurant network without connecting', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/printers',
      payload: { name: 'Public', host: '8.8.8.8' },
      as: 'manager',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatch(/private or loopback IP address/);
  });

  it('names what is wrong: a width, an unknown station, text without a code page, a fallback loop', async () => {
    const post = (payload: Record<string, unknown>) =>
      // On loopback like every printer of these tests; refused before anything would connect to it anyway.
      t.request({
        method: 'POST',
        url: '/api/printers',
        payload: { host: '127.0.0.1', port: 9, ...payload },
        as: 'manager',
      });
    expect((await post({ name: 'A', paperWidth: 76 })).statusCode).toBe(400);
    const unknownStation = await post({ name: 'B', stationIds: ['0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f5aff'] });
    expect(unknownStation.statusCode).toBe(400);
    expect(unknownStation.json().code).toBe('STATION_VANISHED');
    expect((await post({ name: 'C', mode: 'text' })).json().errors[0].path).toBe('codepage');

    const first = (await post({ name: 'Loop 1' })).json().data as Printer;
    const second = (await post({ name: 'Loop 2', fallbackPrinterId: first._id })).json().data as Printer;
    const loop = await t.request({
      method: 'PUT',
      url: `/api/printers/${first._id}`,
      payload: { fallbackPrinterId: second._id },
      as: 'manager',
    });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().code).toBe('PRINTER_FALLBACK_LOOP');
    for (const printer of [second, first]) {
      expect(
        (await t.request({ method: 'DELETE', url: `/api/printers/${printer._id}`, as: 'manager' })).statusCode,
      ).toBe(200);
    }
  });

  it('keeps staff out, and another branch’s printers are not there', async () => {
    const fake = await fakePrinter();
    const printer = await addPrinter(fake, { name: 'Quầy' });
    expect((await t.request({ method: 'GET', url: '/api/printers', as: 'staff' })).statusCode).toBe(403);
    const branchB: Branch = await addBranch(t, 'Quận 3');
    const managerB = await signInToBranch(t, branchB._id, 'manager');
    expect((await t.request({ method: 'GET', url: '/api/printers', as: managerB })).json().data).toEqual([]);
    const across = await t.request({ method: 'POST', url: `/api/printers/${printer._id}/test-page`, as: managerB });
    expect(across.statusCode).toBe(404);
    await t.request({ method: 'DELETE', url: `/api/printers/${printer._id}`, as: 'manager' });
  });
});

describe('printing', () => {
  let kitchenFake: FakePrinter;
  let barFake: FakePrinter;
  let kitchenPrinter: Printer;

  beforeAll(async () => {
    kitchenFake = await fakePrinter();
    barFake = await fakePrinter();
    kitchenPrinter = await addPrinter(kitchenFake, { name: 'Bếp', stationIds: [kitchen._id] });
    await addPrinter(barFake, { name: 'Bar', stationIds: [bar._id], hasDrawer: true });
  });

  it('prints each station only its own lines of a round', async () => {
    const placed = await order([
      { itemId: pho._id, quantity: 2 },
      { itemId: coffee._id, quantity: 1 },
    ]);
    const [kitchenTicket] = await kitchenFake.waitForJobs(1);
    const [barTicket] = await barFake.waitForJobs(1);
    expect(textOf(kitchenTicket!)).toContain('Pho bo');
    expect(textOf(kitchenTicket!)).not.toContain('Ca phe sua');
    expect(textOf(kitchenTicket!)).toContain(String(placed.orderNo));
    expect(textOf(barTicket!)).toContain('Ca phe sua');
    expect(textOf(barTicket!)).not.toContain('Pho bo');
    expect(kitchenTicket!.commands.some((command) => command.kind === 'cut')).toBe(true);
  });

  it('keeps the tickets of a printer that is off and prints them in order, once each, when it is back', async () => {
    const before = kitchenFake.jobs.length;
    await kitchenFake.switchOff();
    const first = await order([{ itemId: pho._id, quantity: 1 }]);
    const second = await order([{ itemId: pho._id, quantity: 3 }]);
    await expect
      .poll(async () => (await t.request({ method: 'GET', url: '/api/printers/queue', as: 'staff' })).json().data, {
        timeout: 10_000,
      })
      .toHaveLength(2);
    await expect
      .poll(
        async () =>
          ((await t.request({ method: 'GET', url: '/api/printers', as: 'manager' })).json().data as Printer[]).find(
            (p) => p._id === kitchenPrinter._id,
          )?.status,
        { timeout: 10_000 },
      )
      .toBe('unreachable');

    await kitchenFake.switchOn();
    const jobs = (await kitchenFake.waitForJobs(before + 2, 20_000)).slice(before);
    expect(
      jobs.map(textOf).map((text) => [text.includes(String(first.orderNo)), text.includes(String(second.orderNo))]),
    ).toEqual([
      [true, false],
      [false, true],
    ]);
    await expect
      .poll(async () => (await t.request({ method: 'GET', url: '/api/printers/queue', as: 'staff' })).json().data, {
        timeout: 10_000,
      })
      .toEqual([]);
    expect(kitchenFake.jobs.length).toBe(before + 2);
  }, 40_000);

  it('stamps a ticket that waited for its printer with when it printed', async () => {
    const before = kitchenFake.jobs.length;
    await kitchenFake.switchOff();
    const late = await order([{ itemId: pho._id, quantity: 1 }]);
    // As if the printer had been off for five minutes.
    await t.app.database.db.execute(
      sql`update print_jobs set created_at = now() - interval '5 minutes' where order_id = ${late._id}`,
    );
    await kitchenFake.switchOn();
    const [ticket] = (await kitchenFake.waitForJobs(before + 1, 20_000)).slice(before);
    expect(textOf(ticket!)).toMatch(/IN TR.{1,4} \d\d:\d\d/);
    expect(textOf(ticket!)).toContain(' 5 ph');
  }, 40_000);

  it('prints a test page with its sample in both modes', async () => {
    const before = barFake.jobs.length;
    const barPrinter = (
      (await t.request({ method: 'GET', url: '/api/printers', as: 'manager' })).json().data as Printer[]
    ).find((p) => p.name === 'Bar')!;
    const response = await t.request({
      method: 'POST',
      url: `/api/printers/${barPrinter._id}/test-page`,
      as: 'manager',
    });
    expect(response.statusCode, response.body).toBe(202);
    const [page] = (await barFake.waitForJobs(before + 1)).slice(before);
    expect(page!.commands.some((command) => command.kind === 'raster')).toBe(true);
    expect(page!.commands.some((command) => command.kind === 'text')).toBe(true);
    expect(page!.commands.some((command) => command.kind === 'pulse')).toBe(false);
  });

  it('opens the drawer for a manager, with an audit row, and refuses staff', async () => {
    const barPrinter = (
      (await t.request({ method: 'GET', url: '/api/printers', as: 'manager' })).json().data as Printer[]
    ).find((p) => p.name === 'Bar')!;
    const url = `/api/printers/${barPrinter._id}/open-drawer`;
    expect((await t.request({ method: 'POST', url, as: 'staff' })).statusCode).toBe(403);
    const before = barFake.jobs.length;
    expect((await t.request({ method: 'POST', url, as: 'manager' })).statusCode).toBe(202);
    const [pulse] = (await barFake.waitForJobs(before + 1)).slice(before);
    expect(pulse!.commands.map((command) => command.kind)).toContain('pulse');
    expect(pulse!.commands.some((command) => command.kind === 'cut' || command.kind === 'raster')).toBe(false);
    const audit = await t.request({ method: 'GET', url: '/api/audit?kind=drawer-open', as: 'manager' });
    expect(audit.json().data).toHaveLength(1);
    const noDrawer = await t.request({
      method: 'POST',
      url: `/api/printers/${kitchenPrinter._id}/open-drawer`,
      as: 'manager',
    });
    expect(noDrawer.statusCode).toBe(409);
  });

  it('reads the printer’s status', async () => {
    barFake.setState('paper_out');
    const barPrinter = (
      (await t.request({ method: 'GET', url: '/api/printers', as: 'manager' })).json().data as Printer[]
    ).find((p) => p.name === 'Bar')!;
    const response = await t.request({ method: 'POST', url: `/api/printers/${barPrinter._id}/status`, as: 'manager' });
    expect(response.json().data.status).toBe('paper_out');
    barFake.setState('online');
  });

  it('sends the jobs that waited too long for a printer to its fallback', async () => {
    const fallbackFake = await fakePrinter();
    const fallback = await addPrinter(fallbackFake, { name: 'Dự phòng' });
    await t.request({
      method: 'PUT',
      url: `/api/printers/${kitchenPrinter._id}`,
      payload: { fallbackPrinterId: fallback._id, fallbackAfterSeconds: 10 },
      as: 'manager',
    });
    await kitchenFake.switchOff();
    const late = await order([{ itemId: pho._id, quantity: 4 }]);
    const [moved] = await fallbackFake.waitForJobs(1, 30_000);
    expect(textOf(moved!)).toContain(String(late.orderNo));
    await kitchenFake.switchOn();
  }, 45_000);
});

describe('printer edits', () => {
  it('changes only what the edit names', async () => {
    const fake = await fakePrinter();
    const printer = await addPrinter(fake, { name: 'Quầy thu ngân', printsBills: true });
    const edited = await t.request({
      method: 'PUT',
      url: `/api/printers/${printer._id}`,
      payload: { mode: 'raster' },
      as: 'manager',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ mode: 'raster', port: fake.address.port, printsBills: true });
  });
});

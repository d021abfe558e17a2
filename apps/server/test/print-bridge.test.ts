import type { CreatedPrintBridge, Printer } from '@quan/contract/printers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BridgeKeyRefused, runBridge } from '../src/print-bridge/run-bridge';
import { createMenu } from './factories';
import { buildTestApp, type TestApp } from './helper';
import { startFakePrinter, type FakePrinter } from './support/fake-printer';

// The print bridge end to end: Quán on loopback, the bridge's loop in this process, a fake printer it reaches.
// The server never connects to a bridged printer itself; a revoked key stops the bridge at once.

let t: TestApp;
let url: string;
let fake: FakePrinter;
let bridge: CreatedPrintBridge;
let printer: Printer;
let dish: { _id: string };

beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
  await t.signInAs('manager');
  await t.signInAs('staff');
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  fake = await startFakePrinter();
  const station = await t.request({ method: 'POST', url: '/api/station', payload: { name: 'Bep' }, as: 'manager' });
  dish = (await createMenu(t, [{ name: 'Pho bo', price: 65_000 }])).items[0]!;
  const made = await t.request({
    method: 'POST',
    url: '/api/printers/bridges',
    payload: { name: 'Máy quầy' },
    as: 'manager',
  });
  expect(made.statusCode, made.body).toBe(201);
  bridge = made.json().data;
  const added = await t.request({
    method: 'POST',
    url: '/api/printers',
    payload: {
      name: 'Bếp',
      host: fake.address.host,
      port: fake.address.port,
      stationIds: [station.json().data._id],
      bridgeId: bridge._id,
    },
    as: 'manager',
  });
  expect(added.statusCode, added.body).toBe(201);
  printer = added.json().data;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const placeOrder = () =>
  t.request({
    method: 'POST',
    url: '/api/order',
    payload: { customerDetails: { name: 'Khách', guests: 1 }, items: [{ itemId: dish._id, quantity: 1 }] },
    as: 'staff',
  });

describe('print bridge', () => {
  it('shows the key once and never again', async () => {
    expect(bridge.key).toMatch(/^qpb_/);
    const listed = await t.request({ method: 'GET', url: '/api/printers/bridges', as: 'manager' });
    expect(listed.body).not.toContain(bridge.key);
    expect(listed.json().data).toEqual([
      expect.objectContaining({ _id: bridge._id, name: 'Máy quầy', revokedAt: null }),
    ]);
  });

  it('takes the branch’s jobs to its printer; the server does not connect to it itself', async () => {
    expect((await placeOrder()).statusCode).toBe(201);
    // The server's own worker would have sent it by now if it took bridged printers' jobs.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(fake.jobs).toHaveLength(0);

    const stop = new AbortController();
    const logged: string[] = [];
    const running = runBridge({
      server: url,
      key: bridge.key,
      signal: stop.signal,
      log: (line) => logged.push(line),
      waitSeconds: 2,
    });
    const [ticket] = await fake.waitForJobs(1, 15_000);
    expect(ticket!.commands.some((command) => command.kind === 'raster')).toBe(true);

    expect((await placeOrder()).statusCode).toBe(201);
    await fake.waitForJobs(2, 15_000);
    await expect
      .poll(async () => (await t.request({ method: 'GET', url: '/api/printers/queue', as: 'staff' })).json().data, {
        timeout: 10_000,
      })
      .toEqual([]);
    stop.abort();
    await running;
    expect(logged.filter((line) => line.startsWith('printed'))).toHaveLength(2);
  }, 40_000);

  it('keeps the job when the bridge cannot reach its printer, and prints it when it can', async () => {
    // A second bridge takes the printer over: the first one's last poll, still open on the server, cannot take its jobs.
    const second = (
      await t.request({ method: 'POST', url: '/api/printers/bridges', payload: { name: 'Máy bếp' }, as: 'manager' })
    ).json().data as CreatedPrintBridge;
    const moved = await t.request({
      method: 'PUT',
      url: `/api/printers/${printer._id}`,
      payload: { bridgeId: second._id },
      as: 'manager',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await fake.switchOff();
    const stop = new AbortController();
    const running = runBridge({
      server: url,
      key: second.key,
      signal: stop.signal,
      log: () => undefined,
      waitSeconds: 1,
    });
    expect((await placeOrder()).statusCode).toBe(201);
    await expect
      .poll(
        async () =>
          (
            (await t.request({ method: 'GET', url: '/api/printers/queue', as: 'staff' })).json().data as {
              lastError: string | null;
            }[]
          )[0]?.lastError,
        { timeout: 15_000 },
      )
      .toBe('unreachable');
    await fake.switchOn();
    await fake.waitForJobs(3, 20_000);
    stop.abort();
    await running;
  }, 45_000);

  it('refuses a revoked key at once', async () => {
    const revoked = await t.request({ method: 'DELETE', url: `/api/printers/bridges/${bridge._id}`, as: 'manager' });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.revokedAt).not.toBeNull();
    const stop = new AbortController();
    await expect(
      runBridge({ server: url, key: bridge.key, signal: stop.signal, log: () => undefined, waitSeconds: 1 }),
    ).rejects.toBeInstanceOf(BridgeKeyRefused);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/print-bridge/next?waitSeconds=0',
      headers: { authorization: 'Bearer qpb_nothing' },
    });
    expect(unknown.statusCode).toBe(401);
    // Its printers are no longer its own.
    const listed = (await t.request({ method: 'GET', url: '/api/printers', as: 'manager' })).json().data as Printer[];
    expect(listed.every((one) => one.bridgeId !== bridge._id)).toBe(true);
  });
});

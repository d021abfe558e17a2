import type { Printer } from '@quan/contract/printers';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMenu } from './factories';
import { buildTestApp, type TestApp } from './helper';
import { startFakePrinter, type FakePrinter } from './support/fake-printer';

// Two instances of one Quán on PostgreSQL and Redis: each ticket prints once whichever instance queued it, and
// the jobs an instance queued while the printer was off print after that instance has stopped.

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

describe.skipIf(!databaseUrl || !redisUrl)('printing with two instances (PostgreSQL and Redis)', () => {
  let t: TestApp;
  let other: FastifyInstance;
  let fake: FakePrinter;
  let dish: { _id: string };
  let staffToken: string;

  beforeAll(async () => {
    t = await buildTestApp();
    await t.signInAs('admin');
    await t.signInAs('manager');
    staffToken = (await t.signInAs('staff')).token;
    other = await t.sibling();
    fake = await startFakePrinter();
    const station = await t.request({ method: 'POST', url: '/api/station', payload: { name: 'Bep' }, as: 'manager' });
    dish = (await createMenu(t, [{ name: 'Pho bo', price: 65_000 }])).items[0]!;
    const added = await t.request({
      method: 'POST',
      url: '/api/printers',
      payload: { name: 'Bếp', host: fake.address.host, port: fake.address.port, stationIds: [station.json().data._id] },
      as: 'manager',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((added.json().data as Printer).stationIds).toHaveLength(1);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const order = (app: FastifyInstance) =>
    app.inject({
      method: 'POST',
      url: '/api/order',
      payload: { customerDetails: { name: 'Khách', guests: 1 }, items: [{ itemId: dish._id, quantity: 1 }] },
      headers: { authorization: `Bearer ${staffToken}` },
    });

  it('prints each ticket once, whichever instance took the order', async () => {
    const placed = await Promise.all(Array.from({ length: 12 }, (_, index) => order(index % 2 ? other : t.app)));
    expect(placed.map((response) => response.statusCode)).toEqual(Array(12).fill(201));
    await fake.waitForJobs(12, 30_000);
    // Both instances heard every queue change: a second copy would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(fake.jobs).toHaveLength(12);
  }, 60_000);

  it('prints what a stopped instance queued while the printer was off', async () => {
    await fake.switchOff();
    const before = fake.jobs.length;
    const stopping = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: { customerDetails: { name: 'Khách', guests: 1 }, items: [{ itemId: dish._id, quantity: 2 }] },
      headers: { authorization: `Bearer ${staffToken}` },
    });
    expect(stopping.statusCode).toBe(201);
    // The instance that queued it goes away (its worker with it); the other one sends the job.
    await t.app.close();
    await fake.switchOn();
    await fake.waitForJobs(before + 1, 30_000);
    expect(fake.jobs).toHaveLength(before + 1);
  }, 60_000);
});

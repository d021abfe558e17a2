import type { Order } from '@quan/contract/order';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { einvoices } from '../src/db/schema/einvoices';
import { startSInvoiceSimulator, type SInvoiceSimulator } from '../src/demo/sinvoice-simulator';
import { createMenu, enableEinvoicing, TEST_EINVOICE_ACCOUNT } from './factories';
import { buildTestApp, type TestApp } from './helper';

// Two instances of one Quán on PostgreSQL and Redis, each with its e-invoice worker: every completed order is
// invoiced exactly once, whichever instance took its payment and whichever worker took its invoice.

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const ORDERS = 30;

describe.skipIf(!databaseUrl || !redisUrl)('e-invoices with two instances (PostgreSQL and Redis)', () => {
  let t: TestApp;
  let other: FastifyInstance;
  let simulator: SInvoiceSimulator;
  let dish: { _id: string };
  let staffToken: string;

  beforeAll(async () => {
    simulator = await startSInvoiceSimulator(TEST_EINVOICE_ACCOUNT);
    t = await buildTestApp();
    await t.signInAs('admin');
    await t.signInAs('manager');
    staffToken = (await t.signInAs('staff')).token;
    other = await t.sibling();
    dish = (await createMenu(t, [{ name: 'Cơm tấm', price: 55_000 }])).items[0]!;
    await enableEinvoicing(t, simulator);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await simulator.close();
  });

  const call = (app: FastifyInstance, method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
    app.inject({ method, url, payload, headers: { authorization: `Bearer ${staffToken}` } });

  /** Placed, served and paid in full on `app`: the payment completes it. */
  async function sell(app: FastifyInstance, portions: number): Promise<Order> {
    const placed = await call(app, 'POST', '/api/order', {
      customerDetails: { name: 'Khách', guests: 1 },
      items: [{ itemId: dish._id, quantity: portions }],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data as Order;
    const ready = await call(app, 'PUT', `/api/order/${order._id}`, { status: 'ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    const paid = await call(app, 'POST', `/api/order/${order._id}/payments`, {
      method: 'card',
      amount: order.bills.total,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    return paid.json().data as Order;
  }

  it('invoices each of 30 orders once, whichever instance completed it', async () => {
    const sold = await Promise.all(
      Array.from({ length: ORDERS }, (_, index) => sell(index % 2 ? other : t.app, 1 + (index % 3))),
    );
    expect(sold.every((order) => order.status === 'completed')).toBe(true);

    const db = t.app.database.db;
    const deadline = Date.now() + 30_000;
    let rows = await db.select().from(einvoices);
    while (rows.filter((row) => row.status === 'issued').length < ORDERS && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      rows = await db.select().from(einvoices);
    }
    expect(rows.map((row) => row.status)).toEqual(Array(ORDERS).fill('issued'));
    // Both workers heard every queued invoice: a second send would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    expect(new Set(rows.map((row) => row.orderId))).toEqual(new Set(sold.map((order) => order._id)));
    expect(simulator.invoices.size).toBe(ORDERS);
    expect(simulator.createRequests).toHaveLength(ORDERS);
    for (const row of rows) {
      expect(simulator.createsOf(row.transactionId)).toBe(1);
      expect(row.invoiceNumber).toBe(simulator.invoices.get(row.transactionId)!.invoiceNo);
    }
    // Each number once: no two orders share an invoice.
    expect(new Set(rows.map((row) => row.invoiceNumber)).size).toBe(ORDERS);
    const [oneOrder] = await db.select().from(einvoices).where(eq(einvoices.orderId, sold[0]!._id));
    expect(oneOrder?.attempts).toBe(1);
  }, 90_000);
});

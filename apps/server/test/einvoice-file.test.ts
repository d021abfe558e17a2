import type { Order } from '@quan/contract/order';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { einvoices, einvoiceSettings } from '../src/db/schema/einvoices';
import { startSInvoiceSimulator, type SInvoiceSimulator } from '../src/demo/sinvoice-simulator';
import {
  addBranch,
  createMenu,
  enableEinvoicing,
  placeOrder,
  signInToBranch,
  TEST_EINVOICE_ACCOUNT,
} from './factories';
import { buildTestApp, type TestApp } from './helper';

// A copy of an issued e-invoice, as the counter downloads it for a guest: the provider's PDF, named by the
// invoice's number, for the branch's own orders only, and a clear answer when the provider cannot give it.

let t: TestApp;
let simulator: SInvoiceSimulator;
let branchId: string;
let pho: { _id: string; price: number };

beforeAll(async () => {
  simulator = await startSInvoiceSimulator(TEST_EINVOICE_ACCOUNT);
  t = await buildTestApp();
  await t.signInAs('admin');
  await t.signInAs('manager');
  pho = (await createMenu(t, [{ name: 'Phở bò', price: 65_000 }])).items[0]!;
  branchId = await enableEinvoicing(t, simulator);
});
afterAll(async () => {
  await t?.close();
  await simulator?.close();
});

const getOrder = async (id: string): Promise<Order> =>
  (await t.request({ method: 'GET', url: `/api/order/${id}`, as: 'staff' })).json().data;

/** The order once its invoice is issued, asked again every 50 ms for at most 10 s. */
async function issuedOrder(id: string): Promise<Order> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const order = await getOrder(id);
    if (order.invoice?.status === 'issued') return order;
    if (Date.now() > deadline) throw new Error(`order ${id} never issued: ${JSON.stringify(order.invoice)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A ready order of one phở, placed and readied by the staff. */
async function readyOrder(): Promise<Order> {
  const order = await placeOrder(t, [{ itemId: pho._id, quantity: 1 }]);
  const ready = await t.request({
    method: 'PUT',
    url: `/api/order/${order._id}`,
    payload: { status: 'ready' },
    as: 'staff',
  });
  expect(ready.statusCode, ready.body).toBe(200);
  return ready.json().data;
}

/** An order paid by card, completed, and its invoice issued by the worker. */
async function paidAndInvoiced(): Promise<Order> {
  const order = await readyOrder();
  const paid = await t.request({
    method: 'POST',
    url: `/api/order/${order._id}/payments`,
    payload: { method: 'card', amount: order.due },
    as: 'staff',
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return issuedOrder(order._id);
}

const download = (orderId: string, as: Parameters<TestApp['request']>[0]['as'] = 'staff') =>
  t.request({ method: 'GET', url: `/api/order/${orderId}/invoice/file`, as });

describe('GET /api/order/{id}/invoice/file', () => {
  let invoiced: Order;
  beforeAll(async () => {
    invoiced = await paidAndInvoiced();
  });

  it("gives the staff the provider's PDF, named by the invoice's number", async () => {
    const response = await download(invoiced._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${invoiced.invoice!.invoiceNumber}.pdf"`,
    );
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(response.rawPayload.toString('latin1')).toContain(`SIMULATED invoice`);
  });

  it("answers another branch's people as if the order did not exist", async () => {
    const branch = await addBranch(t);
    const otherManager = await signInToBranch(t, branch._id, 'manager');
    const response = await download(invoiced._id, otherManager);
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json().code).toBe('ORDER_NOT_FOUND');
  });

  it('is a 404 for an order that has no issued invoice', async () => {
    const unpaid = await readyOrder();
    const response = await download(unpaid._id);
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toMatchObject({ code: 'EINVOICE_NOT_FOUND', params: { orderNo: unpaid.orderNo } });
  });

  it('asks to try again in a minute while the provider has no file for the invoice yet', async () => {
    const other = await paidAndInvoiced();
    const db = t.app.database.db;
    const saleOf = and(eq(einvoices.orderId, other._id), eq(einvoices.kind, 'sale'));
    const [row] = await db.select().from(einvoices).where(saleOf);
    // A number the provider does not know yet: it answers "not found", as Viettel does before the file is made.
    await db
      .update(einvoices)
      .set({ invoiceNumber: `${row!.invoiceNumber}99` })
      .where(saleOf);
    try {
      const response = await download(other._id);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().code).toBe('EINVOICE_FILE_NOT_READY');
      expect(response.json().message).toMatch(/try again in a minute/);
    } finally {
      await db.update(einvoices).set({ invoiceNumber: row!.invoiceNumber }).where(saleOf);
    }
  });

  it('is a 502 when the provider cannot be reached', async () => {
    const db = t.app.database.db;
    const bySettings = eq(einvoiceSettings.branchId, branchId);
    const [settings] = await db.select().from(einvoiceSettings).where(bySettings);
    // Nothing listens on the discard port of the loopback address: the connection is refused at once.
    await db.update(einvoiceSettings).set({ apiUrl: 'http://127.0.0.1:9/api/' }).where(bySettings);
    try {
      const response = await download(invoiced._id);
      expect(response.statusCode, response.body).toBe(502);
      expect(response.json().code).toBe('EINVOICE_PROVIDER_UNREACHABLE');
    } finally {
      await db.update(einvoiceSettings).set({ apiUrl: settings!.apiUrl }).where(bySettings);
    }
  });
});

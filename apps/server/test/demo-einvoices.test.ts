import { einvoiceLookupPages } from '@quan/contract/einvoice';
import type { Order } from '@quan/contract/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateRestaurant } from '../src/demo/generate-restaurant';
import { DEMO_EINVOICE_ACCOUNT, writeDemoEinvoices, type DemoEinvoices } from '../src/demo/generate/einvoices';
import { startSInvoiceSimulator, type SInvoiceSimulator } from '../src/demo/sinvoice-simulator';
import { buildTestApp, type TestApp } from './helper';

// The demo's e-invoices: its history's completed orders show their issued invoices, and an order paid in the demo
// is invoiced by the stand-in, numbered after the history's.

let t: TestApp;
let simulator: SInvoiceSimulator;
let written: DemoEinvoices;

beforeAll(async () => {
  simulator = await startSInvoiceSimulator(DEMO_EINVOICE_ACCOUNT);
  t = await buildTestApp();
  await t.signInAs('admin');
  await t.signInAs('manager');
  const asOf = new Date();
  await generateRestaurant(t.app.database.db, { size: 'tiny', days: 5, orders: 200, accounts: [], seed: 3, asOf });
  written = await writeDemoEinvoices(t.app.database.db, { addresses: simulator, asOf });
  simulator.continueNumbering(written.numberedSeries, written.issued);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await simulator?.close();
});

describe('the demo’s e-invoices', () => {
  it('shows an issued invoice on every completed order of the first branch, numbered in completion order', async () => {
    const listed = await t.request({ method: 'GET', url: '/api/order?status=completed&limit=100', as: 'manager' });
    expect(listed.statusCode, listed.body).toBe(200);
    const completed = listed.json().data as Order[];
    expect(completed.length).toBeGreaterThan(0);
    expect(written.issued).toBeGreaterThanOrEqual(completed.length);
    for (const order of completed) {
      expect(order.invoice, `order ${order.orderNo}`).toMatchObject({
        status: 'issued',
        buyer: null,
        lookupUrl: einvoiceLookupPages.viettel,
        error: null,
      });
      expect(order.invoice!.invoiceNumber).toMatch(new RegExp(`^${written.numberedSeries}\\d+$`));
      expect(order.invoice!.lookupCode).toMatch(/^[0-9A-F]{16}$/);
    }
    const numbers = new Set(completed.map((order) => order.invoice!.invoiceNumber));
    expect(numbers.size).toBe(completed.length);
  });

  it('invoices an order paid now through the stand-in, after the history’s last number', async () => {
    const [item] = (await t.request({ method: 'GET', url: '/api/item', as: 'manager' })).json().data as {
      _id: string;
      isAvailable: boolean;
    }[];
    const placed = await t.request({
      method: 'POST',
      url: '/api/order',
      payload: { customerDetails: { name: 'Khách', guests: 1 }, items: [{ itemId: item!._id, quantity: 1 }] },
      as: 'manager',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data as Order;
    await t.request({ method: 'PUT', url: `/api/order/${order._id}`, payload: { status: 'ready' }, as: 'manager' });
    const paid = await t.request({
      method: 'POST',
      url: `/api/order/${order._id}/payments`,
      payload: { method: 'card', amount: order.bills.total },
      as: 'manager',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const deadline = Date.now() + 10_000;
    let invoice = (paid.json().data as Order).invoice;
    while (invoice?.status !== 'issued' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      invoice = (await t.request({ method: 'GET', url: `/api/order/${order._id}`, as: 'manager' })).json().data.invoice;
    }
    expect(invoice?.error ?? null).toBeNull();
    expect(invoice?.invoiceNumber).toBe(`${written.numberedSeries}${written.issued + 1}`);
  });
});

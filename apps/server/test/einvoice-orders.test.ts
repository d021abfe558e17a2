import { einvoiceLookupPages } from '@quan/contract/einvoice';
import type { Order } from '@quan/contract/order';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { einvoices, einvoiceSettings } from '../src/db/schema/einvoices';
import { printJobs } from '../src/db/schema/printing';
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

// An order's e-invoice as the people at the counter meet it: the company a guest names as they pay, corrected
// until the invoice is issued; the invoice's state on the order; a refused one sent again; the managers' list of
// invoices that need a person; and the receipt that carries the invoice's number and lookup code.

const COMPANY = {
  kind: 'company',
  name: 'Công ty TNHH Hoa Sen',
  taxCode: '0100233488',
  address: '12 Tràng Tiền, Hoàn Kiếm, Hà Nội',
  email: '  KeToan@HoaSen.VN ',
} as const;
const OTHER_COMPANY = {
  kind: 'company',
  name: 'Công ty CP Sông Hồng',
  taxCode: '0312345673',
  address: '5 Lê Lợi, Quận 1, TP.HCM',
} as const;

let t: TestApp;
let simulator: SInvoiceSimulator;
let pho: { _id: string; price: number };

beforeAll(async () => {
  simulator = await startSInvoiceSimulator(TEST_EINVOICE_ACCOUNT);
  t = await buildTestApp();
  await t.signInAs('admin');
  await t.signInAs('manager');
  pho = (await createMenu(t, [{ name: 'Phở bò', price: 65_000 }])).items[0]!;
  await enableEinvoicing(t, simulator);
  // The counter's printer: receipts, bills and the cash drawer. Nothing listens on its port, so what it was given
  // stays in the queue to be read.
  const printer = await t.request({
    method: 'POST',
    url: '/api/printers',
    payload: { name: 'Quầy', host: '127.0.0.1', port: 9, printsReceipts: true, printsBills: true, hasDrawer: true },
    as: 'manager',
  });
  expect(printer.statusCode, printer.body).toBe(201);
});
afterAll(async () => {
  await t?.close();
  await simulator?.close();
});

const getOrder = async (id: string): Promise<Order> =>
  (await t.request({ method: 'GET', url: `/api/order/${id}`, as: 'staff' })).json().data;

/** The order once `done` says so, asked again every 50 ms for at most 10 s. */
async function orderWhen(id: string, done: (order: Order) => boolean): Promise<Order> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const order = await getOrder(id);
    if (done(order)) return order;
    if (Date.now() > deadline) throw new Error(`order ${id} never got there: ${JSON.stringify(order.invoice)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A ready order of two phở, to be paid. */
async function readyOrder(): Promise<Order> {
  const order = await placeOrder(t, [{ itemId: pho._id, quantity: 2 }]);
  const ready = await t.request({
    method: 'PUT',
    url: `/api/order/${order._id}`,
    payload: { status: 'ready' },
    as: 'staff',
  });
  expect(ready.statusCode, ready.body).toBe(200);
  return ready.json().data;
}

const pay = (order: Order, extra: Record<string, unknown> = {}) =>
  t.request({
    method: 'POST',
    url: `/api/order/${order._id}/payments`,
    payload: { method: 'card', amount: order.due, ...extra },
    as: 'staff',
  });

const putBuyer = (order: Pick<Order, '_id'>, buyer: Record<string, unknown>, as: 'staff' | 'manager' = 'staff') =>
  t.request({ method: 'PUT', url: `/api/order/${order._id}/invoice-buyer`, payload: { buyer }, as });

const retry = (order: Pick<Order, '_id'>) =>
  t.request({ method: 'POST', url: `/api/order/${order._id}/invoice/retry`, as: 'staff' });

/** What the simulator was sent for an order's invoice: the buyer's tax code it names. */
function sentBuyerTaxCode(invoiceNumber: string | null): string | undefined {
  const invoice = [...simulator.invoices.values()].find((one) => invoiceNumber?.endsWith(one.invoiceNo));
  const payload = invoice?.payload as { buyerInfo?: { buyerTaxCode?: string } } | undefined;
  return payload?.buyerInfo?.buyerTaxCode;
}

/** The order's print jobs of one kind, oldest first, as the queue keeps them. */
const jobsOf = (orderId: string) =>
  t.app.database.db.select().from(printJobs).where(eq(printJobs.orderId, orderId)).orderBy(asc(printJobs.seq));

describe('the buyer named on the payment', () => {
  it('refuses a company with a mistyped tax code, naming the field, and takes nothing', async () => {
    const order = await readyOrder();
    const refused = await pay(order, { invoiceBuyer: { ...COMPANY, taxCode: '0100233480' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'invoiceBuyer.taxCode' })]),
    );
    const after = await getOrder(order._id);
    expect(after.paid).toBe(0);
    expect(after.status).toBe('ready');
    expect(after.invoiceBuyer).toBeNull();
    expect(after.invoice).toBeNull();
  });

  it('issues the invoice to the company, which can no longer change once it is issued', async () => {
    const order = await readyOrder();
    const paid = await pay(order, { invoiceBuyer: COMPANY });
    expect(paid.statusCode, paid.body).toBe(201);
    const completed: Order = paid.json().data;
    expect(completed.status).toBe('completed');
    const kept = { ...COMPANY, email: 'ketoan@hoasen.vn' };
    expect(completed.invoiceBuyer).toEqual(kept);
    expect(completed.invoice).toMatchObject({ status: 'waiting', buyer: kept, invoiceNumber: null, error: null });

    const issued = await orderWhen(order._id, (one) => one.invoice?.status === 'issued');
    const simulated = [...simulator.invoices.values()].find((one) =>
      issued.invoice!.invoiceNumber!.endsWith(one.invoiceNo),
    );
    expect(simulated).toBeDefined();
    expect(issued.invoice).toMatchObject({
      lookupCode: simulated!.reservationCode,
      lookupUrl: einvoiceLookupPages.viettel,
      error: null,
    });
    expect(issued.invoice!.issuedAt).not.toBeNull();
    expect(sentBuyerTaxCode(issued.invoice!.invoiceNumber)).toBe(COMPANY.taxCode);

    const tooLate = await putBuyer(order, OTHER_COMPANY);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json()).toMatchObject({
      code: 'EINVOICE_ALREADY_ISSUED',
      params: { orderNo: order.orderNo, invoiceNumber: issued.invoice!.invoiceNumber },
    });
    expect((await getOrder(order._id)).invoiceBuyer).toEqual(kept);

    // The order list reads the invoices of a page of orders with them.
    const listed = await t.request({ method: 'GET', url: '/api/order?status=completed&limit=50', as: 'staff' });
    const inList = (listed.json().data as Order[]).find((one) => one._id === order._id);
    expect(inList?.invoice).toEqual(issued.invoice);
  });

  it('takes a buyer said before the payment, and a walk-in guest as none', async () => {
    const order = await readyOrder();
    expect(order.invoice).toBeNull();
    const said = await putBuyer(order, OTHER_COMPANY);
    expect(said.statusCode, said.body).toBe(200);
    expect((said.json().data as Order).invoiceBuyer).toEqual({ ...OTHER_COMPANY, email: null });
    expect((said.json().data as Order).invoice).toBeNull();

    expect((await pay(order)).statusCode).toBe(201);
    const issued = await orderWhen(order._id, (one) => one.invoice?.status === 'issued');
    expect(issued.invoice!.buyer).toEqual({ ...OTHER_COMPANY, email: null });
    expect(sentBuyerTaxCode(issued.invoice!.invoiceNumber)).toBe(OTHER_COMPANY.taxCode);

    const walkIn = await readyOrder();
    const paid = await pay(walkIn, { invoiceBuyer: { kind: 'walk-in' } });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((paid.json().data as Order).invoiceBuyer).toBeNull();
    const walkInIssued = await orderWhen(walkIn._id, (one) => one.invoice?.status === 'issued');
    expect(walkInIssued.invoice!.buyer).toBeNull();
  });
});

describe('a refused invoice', () => {
  it('shows the provider’s message, is listed for the managers of its branch, and waits again with a new buyer', async () => {
    const order = await readyOrder();
    simulator.failNextCreate('Mã số thuế người mua không đúng');
    expect((await pay(order, { invoiceBuyer: OTHER_COMPANY })).statusCode).toBe(201);
    const failed = await orderWhen(order._id, (one) => one.invoice?.status === 'failed');
    expect(failed.status).toBe('completed');
    expect(failed.paymentStatus).toBe('paid');
    expect(failed.invoice).toMatchObject({ error: 'Mã số thuế người mua không đúng', invoiceNumber: null });

    const listed = await t.request({ method: 'GET', url: '/api/einvoices?status=failed', as: 'manager' });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.items).toContainEqual({
      orderId: order._id,
      orderNo: order.orderNo,
      kind: 'sale',
      status: 'failed',
      error: 'Mã số thuế người mua không đúng',
      attempts: 1,
      createdAt: expect.any(String),
    });
    expect((await t.request({ method: 'GET', url: '/api/einvoices?status=failed', as: 'staff' })).statusCode).toBe(403);
    const badStatus = await t.request({ method: 'GET', url: '/api/einvoices?status=lost', as: 'manager' });
    expect(badStatus.statusCode).toBe(400);
    const branch = await addBranch(t);
    const otherManager = await signInToBranch(t, branch._id, 'manager');
    const elsewhere = await t.request({ method: 'GET', url: '/api/einvoices?status=failed', as: otherManager });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect(elsewhere.json().data.items).toEqual([]);

    const corrected = await putBuyer(order, COMPANY);
    expect(corrected.statusCode, corrected.body).toBe(200);
    // Waiting again at once; the worker may have issued it by the time the screen reads it.
    const invoice = (corrected.json().data as Order).invoice!;
    expect(['waiting', 'issued']).toContain(invoice.status);
    expect(invoice.buyer).toMatchObject({ taxCode: COMPANY.taxCode });
    const issued = await orderWhen(order._id, (one) => one.invoice?.status === 'issued');
    expect(sentBuyerTaxCode(issued.invoice!.invoiceNumber)).toBe(COMPANY.taxCode);

    const audit = await t.request({ method: 'GET', url: '/api/audit?kind=einvoice', as: 'manager' });
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json().data).toContainEqual(
      expect.objectContaining({
        kind: 'einvoice',
        order: { _id: order._id, orderNo: order.orderNo },
        details: expect.objectContaining({ action: 'buyer' }),
      }),
    );
    const afterIssue = await t.request({ method: 'GET', url: '/api/einvoices?status=failed', as: 'manager' });
    expect(afterIssue.json().data.items.map((item: { orderId: string }) => item.orderId)).not.toContain(order._id);
  });

  it('is sent again on retry, its attempts kept; anything but a failed invoice is not retried', async () => {
    const order = await readyOrder();
    simulator.failNextCreate('Hệ thống đang bảo trì');
    expect((await pay(order)).statusCode).toBe(201);
    await orderWhen(order._id, (one) => one.invoice?.status === 'failed');

    const retried = await retry(order);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(['waiting', 'issued']).toContain((retried.json().data as Order).invoice!.status);
    await orderWhen(order._id, (one) => one.invoice?.status === 'issued');
    const [row] = await t.app.database.db
      .select()
      .from(einvoices)
      .where(and(eq(einvoices.orderId, order._id), eq(einvoices.kind, 'sale')));
    expect(row!.attempts).toBe(2);

    const again = await retry(order);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'EINVOICE_NOT_FAILED', params: { status: 'issued' } });

    const open = await placeOrder(t, [{ itemId: pho._id, quantity: 1 }]);
    const none = await retry(open);
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('EINVOICE_NOT_FOUND');
  });
});

describe('the receipt', () => {
  it('waits for the invoice and prints its number and lookup code; the drawer opens at once', async () => {
    const order = await readyOrder();
    const paid = await t.request({
      method: 'POST',
      url: `/api/order/${order._id}/payments`,
      payload: { method: 'cash', amount: order.due, tendered: 200_000 },
      as: 'staff',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const issued = await orderWhen(order._id, (one) => one.invoice?.status === 'issued');
    const { invoiceNumber, lookupCode } = issued.invoice!;

    let jobs = await jobsOf(order._id);
    const deadline = Date.now() + 5_000;
    while (!JSON.stringify(jobs.find((job) => job.kind === 'receipt')?.payload).includes(invoiceNumber!)) {
      if (Date.now() > deadline) throw new Error('the receipt never got the invoice');
      await new Promise((resolve) => setTimeout(resolve, 50));
      jobs = await jobsOf(order._id);
    }
    const receipt = jobs.find((job) => job.kind === 'receipt')!;
    const paper = JSON.stringify(receipt.payload);
    expect(paper).toContain(`Hóa đơn điện tử số ${invoiceNumber}`);
    expect(paper).toContain(lookupCode!);
    // Printed without its scheme, as a guest types it.
    expect(paper).toContain(einvoiceLookupPages.viettel.replace(/^https:\/\//, ''));
    // The pulse went ahead of the receipt, alone: the cash drawer did not wait for the invoice.
    const [drawer] = await t.app.database.db
      .select()
      .from(printJobs)
      .where(
        eq(printJobs.causeKey, `drawer:payment:${(paid.json().data as Order).payments[0]!._id}@${receipt.printerId}`),
      );
    expect(drawer).toBeDefined();
    expect(drawer!.seq).toBeLessThan(receipt.seq);
    expect(receipt.opensDrawer).toBe(false);

    const reprint = await t.request({
      method: 'POST',
      url: `/api/order/${order._id}/prints`,
      payload: { kind: 'receipt' },
      as: 'staff',
    });
    expect(reprint.statusCode, reprint.body).toBe(200);
    const copies = (await jobsOf(order._id)).filter((job) => job.kind === 'receipt');
    expect(copies).toHaveLength(2);
    expect(JSON.stringify(copies[1]!.payload)).toContain(`Hóa đơn điện tử số ${invoiceNumber}`);
  });

  it('says the invoice is being issued while it is not, and prints after a short wait whatever the provider does', async () => {
    const order = await readyOrder();
    simulator.failNextCreate('Chữ ký số hết hạn');
    const before = Date.now();
    expect((await pay(order)).statusCode).toBe(201);
    const [receipt] = (await jobsOf(order._id)).filter((job) => job.kind === 'receipt');
    expect(JSON.stringify(receipt!.payload)).toContain('Hóa đơn điện tử: đang phát hành');
    const heldFor = receipt!.nextAttemptAt.getTime() - before;
    expect(heldFor).toBeGreaterThan(3_000);
    expect(heldFor).toBeLessThan(10_000);
  });

  it('is not held when the branch issues no invoices', async () => {
    const db = t.app.database.db;
    await db.update(einvoiceSettings).set({ enabled: false });
    try {
      const order = await readyOrder();
      const paid = await pay(order);
      expect((paid.json().data as Order).invoice).toBeNull();
      const [receipt] = (await jobsOf(order._id)).filter((job) => job.kind === 'receipt');
      expect(receipt!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
      expect(JSON.stringify(receipt!.payload)).not.toContain('Hóa đơn điện tử');
    } finally {
      await db.update(einvoiceSettings).set({ enabled: true });
    }
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InvoiceBuyerBody, OrderInvoice } from '@quan/contract/einvoice';
import type { Order } from '@quan/contract/order';
import { defaultSettings } from '@quan/contract/settings';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { makeOrder, makePayment } from '../../../test/data/orders';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { fail, installFakeApi, ok, type FakeResponse } from '../../../test/fake-api';
import { preloadRoutes, renderRoutes } from '../../../test/render-routes';

const lookupUrl = 'https://vinvoice.viettel.vn/utilities/invoice-search';

function invoiceOf(overrides: Partial<OrderInvoice>): OrderInvoice {
  return {
    status: 'waiting',
    buyer: null,
    invoiceNumber: null,
    lookupCode: null,
    lookupUrl: null,
    error: null,
    issuedAt: null,
    ...overrides,
  };
}

/** A completed order paid by card, whose invoice stands as `invoice` says. */
function paidOrder(orderNo: number, invoice: OrderInvoice | null): Order {
  const order = makeOrder({ orderNo, status: 'completed', invoice });
  const payment = makePayment({ method: 'card', amount: order.bills.total, tendered: null, change: 0 });
  return { ...order, payments: [payment], paid: order.bills.total, due: 0, paymentStatus: 'paid' };
}

const companyBuyer = {
  kind: 'company' as const,
  name: 'Công ty TNHH Quán Ngon',
  taxCode: '0100109106',
  address: '12 Lê Lợi, Quận 1',
  email: null,
};

/**
 * The completed orders, and the invoice calls: a retry puts a refused invoice back to waiting, a buyer changes
 * the waiting or refused one; `refuse` answers either instead when it gives an answer. An invoice's file is a
 * PDF, or `refuseFile`'s answer.
 */
function serveInvoices(initial: Order[], refuse?: () => FakeResponse | null, refuseFile?: () => FakeResponse | null) {
  let orders = initial;
  const files: string[] = [];
  const retries: string[] = [];
  const buyers: { id: string; body: InvoiceBuyerBody }[] = [];
  const save = (updated: Order) => {
    orders = orders.map((order) => (order._id === updated._id ? updated : order));
    return ok(updated);
  };
  const fakeApi = installFakeApi(({ method, url, config }) => {
    if (method === 'GET' && url === '/api/order') {
      const pagination = { currentPage: 1, totalPages: 1, totalItems: orders.length, itemsPerPage: 50 };
      return { status: 200, body: { success: true, data: orders, pagination } };
    }
    const retry = /^\/api\/order\/([^/]+)\/invoice\/retry$/.exec(url);
    if (method === 'POST' && retry) {
      retries.push(retry[1]!);
      const refusal = refuse?.();
      if (refusal) return refusal;
      const order = orders.find((one) => one._id === retry[1])!;
      return save({ ...order, invoice: { ...order.invoice!, status: 'waiting', error: null } });
    }
    const buyer = /^\/api\/order\/([^/]+)\/invoice-buyer$/.exec(url);
    if (method === 'PUT' && buyer) {
      const body = JSON.parse(config.data as string) as InvoiceBuyerBody;
      buyers.push({ id: buyer[1]!, body });
      const refusal = refuse?.();
      if (refusal) return refusal;
      const order = orders.find((one) => one._id === buyer[1])!;
      const company = body.buyer.kind === 'company' ? { ...body.buyer, email: body.buyer.email ?? null } : null;
      return save({ ...order, invoiceBuyer: company, invoice: { ...order.invoice!, buyer: company } });
    }
    const file = /^\/api\/order\/([^/]+)\/invoice\/file$/.exec(url);
    if (method === 'GET' && file) {
      files.push(file[1]!);
      return refuseFile?.() ?? { status: 200, body: new Blob(['%PDF-1.4'], { type: 'application/pdf' }) };
    }
    if (method === 'GET' && url === '/api/settings') return ok(defaultSettings);
    if (method === 'GET' && url === '/api/table') return ok([]);
    return fail(404, 'Not found');
  });
  return { fakeApi, retries, buyers, files };
}

const card = (orderNo: number) => within(screen.getByRole('article', { name: new RegExp(`^#${orderNo} `) }));

describe('OrdersPage: the e-invoice of a completed order', { timeout: 20_000 }, () => {
  beforeAll(() => preloadRoutes(routes, '/orders'));
  let server: ReturnType<typeof serveInvoices> | undefined;
  afterEach(async () => {
    server?.fakeApi.restore();
    server = undefined;
    vi.restoreAllMocks();
    await activateLanguage('en', 'staff');
  });

  const orders = () => [
    paidOrder(1041, invoiceOf({ status: 'waiting' })),
    paidOrder(
      1042,
      invoiceOf({
        status: 'issued',
        buyer: companyBuyer,
        invoiceNumber: '1C25MAA12',
        lookupCode: 'ABC123XYZ',
        lookupUrl,
        issuedAt: '2026-01-15T12:00:00.000Z',
      }),
    ),
    paidOrder(1043, invoiceOf({ status: 'failed', error: 'Mã số thuế người mua không hợp lệ' })),
    paidOrder(1044, invoiceOf({ status: 'cancelled', invoiceNumber: '1C25MAA13' })),
    paidOrder(1045, null),
  ];

  it('says where each invoice stands, in Vietnamese', async () => {
    await activateLanguage('vi', 'staff');
    storeSession(makeUser({ role: 'staff', language: 'vi' }), tokenExpiringIn(3600));
    server = serveInvoices(orders());
    renderRoutes(routes, { path: '/orders?status=completed' });

    await screen.findByRole('article', { name: /^#1041 / });
    expect(card(1041).getByText('HĐĐT: đang chờ')).toBeInTheDocument();
    expect(card(1042).getByText('HĐĐT: đã phát hành 1C25MAA12 · mã tra cứu ABC123XYZ')).toBeInTheDocument();
    expect(card(1042).getByText('Xuất cho Công ty TNHH Quán Ngon · MST 0100109106')).toBeInTheDocument();
    expect(card(1043).getByText('HĐĐT lỗi: Mã số thuế người mua không hợp lệ')).toBeInTheDocument();
    expect(card(1043).getByRole('button', { name: 'Thử lại của đơn #1043' })).toBeInTheDocument();
    expect(card(1044).getByText('HĐĐT: đã hủy')).toBeInTheDocument();
    expect(card(1045).queryByText(/HĐĐT/)).not.toBeInTheDocument();
    // The buyer changes only until the invoice is issued.
    expect(card(1041).getByRole('button', { name: /^Đổi thông tin xuất hóa đơn/ })).toBeInTheDocument();
    expect(card(1043).getByRole('button', { name: /^Đổi thông tin xuất hóa đơn/ })).toBeInTheDocument();
    expect(card(1042).queryByRole('button', { name: /^Đổi thông tin xuất hóa đơn/ })).not.toBeInTheDocument();
    expect(card(1044).queryByRole('button', { name: /^Đổi thông tin xuất hóa đơn/ })).not.toBeInTheDocument();
    expect(card(1041).queryByRole('button', { name: /^Thử lại/ })).not.toBeInTheDocument();
  });

  it('sends a refused invoice again, and shows it waiting', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const listed = orders();
    server = serveInvoices(listed);
    renderRoutes(routes, { path: '/orders?status=completed' });

    await userEvent.click(await screen.findByRole('button', { name: 'Try again of order #1043' }));

    expect(await card(1043).findByText('E-invoice: waiting')).toBeInTheDocument();
    expect(card(1043).queryByText(/failed/)).not.toBeInTheDocument();
    expect(server.retries).toEqual([listed[2]!._id]);
  });

  it('shows the server’s refusal of a retry on the card', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    server = serveInvoices(orders(), () => fail(502, 'The e-invoice provider did not answer'));
    renderRoutes(routes, { path: '/orders?status=completed' });

    await userEvent.click(await screen.findByRole('button', { name: 'Try again of order #1043' }));

    expect(await card(1043).findByRole('alert')).toHaveTextContent('The e-invoice provider did not answer');
    expect(card(1043).getByText('E-invoice failed: Mã số thuế người mua không hợp lệ')).toBeInTheDocument();
  });

  it('changes who a waiting invoice is for, the tax code checked first', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const listed = orders();
    server = serveInvoices(listed);
    renderRoutes(routes, { path: '/orders?status=completed' });

    await userEvent.click(await screen.findByRole('button', { name: 'Change invoice details of order #1041' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Invoice details · order #1041' }));
    await userEvent.click(dialog.getByRole('switch', { name: 'Company invoice' }));
    await userEvent.click(dialog.getByRole('textbox', { name: 'Company name' }));
    await userEvent.paste(companyBuyer.name);
    await userEvent.type(dialog.getByRole('textbox', { name: 'Tax code' }), '0100109107');
    await userEvent.click(dialog.getByRole('textbox', { name: 'Address' }));
    await userEvent.paste(companyBuyer.address);
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByRole('textbox', { name: 'Tax code' })).toHaveAccessibleDescription(
      "The tax code's 10th digit does not match the 9 before it: check it for a typo",
    );
    expect(server.buyers).toEqual([]);

    await userEvent.clear(dialog.getByRole('textbox', { name: 'Tax code' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Tax code' }), companyBuyer.taxCode);
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Invoice details of order #1041 saved')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.buyers).toEqual([{ id: listed[0]!._id, body: { buyer: companyBuyer } }]);
    expect(card(1041).getByText('For Công ty TNHH Quán Ngon · tax code 0100109106')).toBeInTheDocument();
  });

  it('says so when the invoice was issued meanwhile', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    server = serveInvoices(orders(), () => ({
      status: 409,
      body: { success: false, code: 'EINVOICE_ALREADY_ISSUED', message: 'The invoice of order 1041 is already issued' },
    }));
    renderRoutes(routes, { path: '/orders?status=completed' });

    await userEvent.click(await screen.findByRole('button', { name: 'Change invoice details of order #1041' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Invoice details · order #1041' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent('The invoice of order 1041 is already issued');
    await waitFor(() =>
      expect(server!.buyers).toEqual([expect.objectContaining({ body: { buyer: { kind: 'walk-in' } } })]),
    );
  });

  it('prints the issued invoice’s number, lookup code and lookup page on the receipt', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    server = serveInvoices(orders());
    renderRoutes(routes, { path: '/orders?status=completed' });

    await userEvent.click(await screen.findByRole('button', { name: 'Receipt of order #1042' }));
    const receipt = within(await screen.findByRole('region', { name: 'E-invoice' }));
    expect(receipt.getByText('E-invoice no. 1C25MAA12')).toBeInTheDocument();
    expect(receipt.getByText('Lookup code: ABC123XYZ')).toBeInTheDocument();
    expect(receipt.getByText(`Look it up at: ${lookupUrl}`)).toBeInTheDocument();

    // One still waiting says only that it is being issued.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Receipt of order #1041' }));
    await screen.findByRole('dialog', { name: 'Receipt · Order #1041' });
    expect(screen.getByRole('region', { name: 'E-invoice' })).toHaveTextContent(/^E-invoice: being issued$/);
  });
  /** The browser's downloads, as "name href", the object URL stood in for. */
  function catchDownloads(): string[] {
    Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:quan/invoice'), configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(`${this.download} ${this.href}`);
    });
    return downloads;
  }

  it('downloads an issued invoice’s PDF, and offers it on no other invoice', async () => {
    await activateLanguage('vi', 'staff');
    storeSession(makeUser({ role: 'staff', language: 'vi' }), tokenExpiringIn(3600));
    const listed = orders();
    server = serveInvoices(listed);
    const downloads = catchDownloads();
    renderRoutes(routes, { path: '/orders?status=completed' });

    await screen.findByRole('article', { name: /^#1041 / });
    for (const orderNo of [1041, 1043, 1044, 1045]) {
      expect(card(orderNo).queryByRole('button', { name: /^Tải hóa đơn/ })).not.toBeInTheDocument();
    }
    await userEvent.click(card(1042).getByRole('button', { name: 'Tải hóa đơn (PDF) của đơn #1042' }));

    await waitFor(() => expect(downloads).toEqual(['1C25MAA12.pdf blob:quan/invoice']));
    expect(server.files).toEqual([listed[1]!._id]);
    const request = server.fakeApi.configs.find((config) => config.url?.endsWith('/invoice/file'));
    expect(request?.responseType).toBe('blob');
  });

  it('shows the server’s refusal of the download on the card', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const refusal = {
      success: false,
      code: 'EINVOICE_FILE_NOT_READY',
      message: "The provider has not made invoice 1C25MAA12's file yet: try again in a minute",
      params: { invoiceNumber: '1C25MAA12' },
    };
    // A refusal of a file arrives as a Blob, as the file would have.
    server = serveInvoices(orders(), undefined, () => ({
      status: 409,
      body: new Blob([JSON.stringify(refusal)], { type: 'application/json' }),
    }));
    const downloads = catchDownloads();
    renderRoutes(routes, { path: '/orders?status=completed' });

    await userEvent.click(await screen.findByRole('button', { name: 'Download invoice (PDF) of order #1042' }));

    expect(await card(1042).findByRole('alert')).toHaveTextContent(
      "The provider has not made invoice 1C25MAA12's file yet: try again in a minute",
    );
    expect(downloads).toEqual([]);
  });
});

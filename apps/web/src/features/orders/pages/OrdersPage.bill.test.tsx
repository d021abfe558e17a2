import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@quan/contract/order';
import { defaultSettings } from '@quan/contract/settings';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import { formatMoney } from '../../../lib/format';
import { activateLanguage } from '../../../lib/i18n';
import { installFakeApi, ok, unreachable, type FakeResponse } from '../../../test/fake-api';
import { makeOrder } from '../../../test/data/orders';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import { makeTab } from './orders-test-kit';

const bank = { bin: '970436', accountNumber: '0071000123456', accountName: 'QUAN NGON' };

/**
 * The orders, the settings (with a bank account) and the count of prints; `answer` may replace the count's
 * answer (a refusal, no network).
 */
function serveBills(orders: Order[], answer?: () => FakeResponse | null) {
  const prints: { id: string; kind: string }[] = [];
  const copies = new Map<string, number>();
  const fakeApi = installFakeApi(({ method, url, config }) => {
    if (method === 'GET' && url === '/api/order') {
      const pagination = { currentPage: 1, totalPages: 1, totalItems: orders.length, itemsPerPage: 50 };
      return { status: 200, body: { success: true, data: orders, pagination } };
    }
    if (method === 'GET' && url === '/api/settings')
      return ok({ ...defaultSettings, restaurantName: 'Quán Ngon', bank });
    if (method === 'GET' && url === '/api/table') return ok([]);
    const print = /^\/api\/order\/([^/]+)\/prints$/.exec(url);
    if (method === 'POST' && print) {
      const { kind } = JSON.parse(config.data as string) as { kind: string };
      const id = decodeURIComponent(print[1]!);
      prints.push({ id, kind });
      const replaced = answer?.();
      if (replaced) return replaced;
      const key = `${id} ${kind}`;
      copies.set(key, (copies.get(key) ?? 0) + 1);
      return ok({ kind, copies: copies.get(key), sentTo: null });
    }
    return { status: 404, body: { success: false, message: 'Not found' } };
  });
  return { fakeApi, prints };
}

describe('the bill from an order card', { timeout: 20_000 }, () => {
  let server: ReturnType<typeof serveBills> | undefined;
  let printed: string[];
  beforeEach(() => {
    localStorage.clear();
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    printed = [];
    vi.spyOn(window, 'print').mockImplementation(() => {
      printed.push(document.querySelector('body > .print-sheet')?.textContent ?? '');
      window.dispatchEvent(new Event('afterprint'));
    });
  });
  afterEach(() => {
    server?.fakeApi.restore();
    vi.restoreAllMocks();
  });

  it('shows an open order’s bill with the VietQR code of what is due, prints it, and marks the second copy', async () => {
    const tab = makeTab();
    server = serveBills([tab]);
    renderRoutes(routes, { path: '/orders' });

    await userEvent.click(await screen.findByRole('button', { name: 'Bill of order #42' }, { timeout: 10_000 }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Bill · Order #42' }));
    const bill = within(dialog.getByRole('article', { name: 'Bill for order 42' }));
    expect(await bill.findByText('Quán Ngon')).toBeInTheDocument();
    expect(
      bill.getByRole('img', {
        name: `VietQR code: transfer ${formatMoney(tab.due)} to Vietcombank account 0071000123456, note QUAN 42`,
      }),
    ).toBeInTheDocument();
    expect(bill.queryByText(/Cà phê/)).not.toBeInTheDocument();

    await userEvent.click(dialog.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(printed).toHaveLength(1));
    expect(server.prints).toEqual([{ id: tab._id, kind: 'bill' }]);
    expect(printed[0]).toContain('Quán Ngon');
    expect(printed[0]).toContain('Order #42');
    expect(printed[0]).not.toContain('REPRINT');
    await waitFor(() => expect(document.querySelector('.print-sheet')).toBeNull());

    await userEvent.click(dialog.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(printed).toHaveLength(2));
    expect(printed[1]).toContain('REPRINT');
    expect(printed[1]).toContain('copy 2');
  });

  it('prints the receipt of a paid order', async () => {
    const paid = makeOrder({ orderNo: 1042, status: 'completed', paymentStatus: 'paid', paymentMethod: 'card' });
    server = serveBills([paid]);
    renderRoutes(routes, { path: '/orders?status=completed' });

    await userEvent.click(await screen.findByRole('button', { name: 'Receipt of order #1042' }, { timeout: 10_000 }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Receipt · Order #1042' }));
    expect(dialog.queryByRole('img')).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(printed).toHaveLength(1));
    expect(server.prints).toEqual([{ id: paid._id, kind: 'receipt' }]);
    expect(printed[0]).toContain('Receipt');
  });

  it('leaves the printing to the branch’s bill printer when the server sent it there', async () => {
    server = serveBills([makeTab()], () => ok({ kind: 'bill', copies: 1, sentTo: 'Quầy thu ngân' }));
    renderRoutes(routes, { path: '/orders' });

    await userEvent.click(await screen.findByRole('button', { name: 'Bill of order #42' }, { timeout: 10_000 }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Bill · Order #42' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Print' }));
    expect(await screen.findByText('Sent to the printer Quầy thu ngân')).toBeInTheDocument();
    expect(server.prints).toHaveLength(1);
    expect(printed).toEqual([]);
    expect(document.querySelector('.print-sheet')).toBeNull();
  });

  it('still prints the bill when the server is out of reach, saying the copy was not counted', async () => {
    server = serveBills([makeTab()], () => unreachable);
    renderRoutes(routes, { path: '/orders' });

    await userEvent.click(await screen.findByRole('button', { name: 'Bill of order #42' }, { timeout: 10_000 }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Bill · Order #42' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(printed).toHaveLength(1));
    expect(printed[0]).toContain('Printed offline: this copy was not counted');
  });

  it('shows a refusal in Vietnamese and prints nothing', async () => {
    await activateLanguage('vi', 'staff');
    const refusal: FakeResponse = {
      status: 409,
      body: {
        success: false,
        message: 'Order 42 is not paid yet: print its provisional bill',
        code: 'RECEIPT_UNPAID',
        params: { orderNo: 42 },
      },
    };
    server = serveBills([makeTab()], () => refusal);
    renderRoutes(routes, { path: '/orders' });

    await userEvent.click(
      await screen.findByRole('button', { name: 'Phiếu tạm tính của đơn #42' }, { timeout: 10_000 }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Phiếu tạm tính · Đơn #42' }));
    await userEvent.click(dialog.getByRole('button', { name: 'In' }));
    expect(await screen.findByText('Đơn 42 chưa thanh toán xong; hãy in phiếu tạm tính')).toBeInTheDocument();
    expect(printed).toEqual([]);
  });
});

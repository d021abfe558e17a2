import { screen, waitFor, within } from '@testing-library/react';
import type { Order } from '@quan/contract/order';
import type { User } from '@quan/contract/user';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import { makeRevenue } from '../../../test/data/revenue';
import { makeOrder } from '../../../test/data/orders';
import { makeTable } from '../../../test/data/tables';

const line = (name: string, quantity: number) => ({
  itemId: null,
  name,
  price: 10_000,
  quantity,
  note: '',
  total: 0,
  position: 0,
  roundNo: 1,
  voidedQuantity: 0,
  options: [],
  vatRate: 0 as const,
  stationId: null,
  startedAt: null,
  readyAt: null,
});
const bill = (total: number) => ({
  subtotal: total,
  discount: 0,
  serviceRate: 0,
  serviceCharge: 0,
  taxes: [{ vatRate: 0 as const, taxable: total, tax: 0 }],
  serviceVatRate: 0 as const,
  pricesIncludeTax: false,
  tax: 0,
  total,
});

const todaysOrders: Order[] = [
  makeOrder({ orderNo: 11, status: 'completed', bills: bill(150_000), items: [line('Phở bò', 3), line('Trà đá', 1)] }),
  makeOrder({ orderNo: 12, status: 'completed', bills: bill(65_000), items: [line('Bún chả', 2)] }),
  makeOrder({ orderNo: 13, status: 'in_progress', bills: bill(90_000), items: [line('Phở bò', 1)] }),
  makeOrder({ orderNo: 14, status: 'cancelled', bills: bill(400_000), items: [line('Lẩu', 9)] }),
];

function serveHome() {
  return installFakeApi(({ method, url, config }) => {
    if (method === 'GET' && url === '/api/table') {
      return ok([makeTable(1, { status: 'booked' }), makeTable(2), makeTable(3), makeTable(4, { status: 'booked' })]);
    }
    // Today's figures are the server's: they count orders completed today, whenever they were created.
    // Today's best sellers are the server's too: completed orders, in the restaurant's day.
    if (method === 'GET' && url === '/api/order/top-dishes') {
      return ok([
        { itemId: null, name: 'Phở bò', quantity: 4 },
        { itemId: null, name: 'Bún chả', quantity: 2 },
        { itemId: null, name: 'Trà đá', quantity: 1 },
      ]);
    }
    if (method === 'GET' && url === '/api/order/revenue') {
      return ok(makeRevenue({ totalRevenue: 1_234_000, orderCount: 9, averageOrderValue: 137_111 }));
    }
    if (method === 'GET' && url === '/api/order') {
      const params = config.params as Record<string, unknown>;
      const page = (data: Order[], totalItems = data.length) => ({
        status: 200,
        body: { success: true, data, pagination: { currentPage: 1, totalPages: 1, totalItems, itemsPerPage: 50 } },
      });
      if (params.status === 'pending,in_progress,ready,served') return page(todaysOrders.slice(2, 3), 7);
      if (params.limit === 5) return page(todaysOrders.slice(0, 2));
    }
    return fail(404, 'Not found');
  });
}

function renderHome(role: User['role']) {
  storeSession(makeUser({ name: 'Nguyễn Văn An', role }), tokenExpiringIn(3600));
  return renderRoutes(routes, { path: '/' });
}

// Whole-page journeys through the lazy routes: on a busy two-core machine one can pass the default 5 s.
describe('HomePage', { timeout: 20_000 }, () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  it('shows open orders, tables, recent orders and today’s popular dishes, without revenue for staff', async () => {
    fakeApi = serveHome();
    renderHome('staff');

    expect(await screen.findByRole('heading', { level: 1, name: /, An$/ })).toBeInTheDocument();
    const openOrders = within(screen.getByRole('region', { name: 'Orders in progress' }));
    expect(await openOrders.findByText('7')).toBeInTheDocument();
    expect(openOrders.getByRole('link', { name: 'See orders' })).toHaveAttribute('href', '/orders');
    const tables = within(screen.getByRole('region', { name: 'Tables' }));
    expect(await tables.findByText('2 booked')).toBeInTheDocument();
    expect(tables.getByText('2 free')).toBeInTheDocument();

    const recent = within(screen.getByRole('region', { name: 'Recent orders' }));
    expect(await recent.findByText('#11 · Table 4')).toBeInTheDocument();
    expect(recent.getByText('#12 · Table 4')).toBeInTheDocument();

    const popular = within(screen.getByRole('region', { name: 'Popular dishes today' }));
    const dishes = await popular.findAllByRole('listitem');
    expect(dishes.map((dish) => dish.textContent)).toEqual(['1Phở bò× 4', '2Bún chả× 2', '3Trà đá× 1']);
    // One request for the server's ranking, none for today's orders page after page.
    expect(fakeApi.requests.filter((request) => request === 'GET /api/order/top-dishes')).toHaveLength(1);
    expect(fakeApi.configs.some((config) => config.url === '/api/order' && 'startDate' in (config.params ?? {}))).toBe(
      false,
    );

    expect(screen.queryByRole('region', { name: "Today's revenue" })).not.toBeInTheDocument();
    expect(fakeApi.requests).not.toContain('GET /api/order/revenue');
  });

  it("shows a manager today's revenue from the server's figures for today", async () => {
    fakeApi = serveHome();
    renderHome('manager');

    const revenue = within(await screen.findByRole('region', { name: "Today's revenue" }));
    expect(await revenue.findByText(/^1\.234\.000\s₫$/)).toBeInTheDocument();
    expect(revenue.getByText('9 completed orders')).toBeInTheDocument();
    expect(revenue.getByRole('link', { name: 'See the figures' })).toHaveAttribute('href', '/dashboard');
    // No range: the server takes today in the restaurant's time zone.
    const call = fakeApi.configs.find((config) => config.url === '/api/order/revenue');
    expect(call).toBeDefined();
    expect(call?.params ?? {}).toEqual({});
  });

  it('speaks Vietnamese', async () => {
    await activateLanguage('vi', 'staff');
    fakeApi = serveHome();
    renderHome('manager');

    expect(
      await screen.findByRole('heading', { level: 1, name: /^Chào buổi (sáng|chiều|tối), An$/ }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Trang chủ/));
    const openOrders = within(screen.getByRole('region', { name: 'Đơn đang phục vụ' }));
    expect(await openOrders.findByText('7')).toBeInTheDocument();
    expect(openOrders.getByRole('link', { name: 'Xem các đơn' })).toHaveAttribute('href', '/orders');
    const tables = within(screen.getByRole('region', { name: 'Bàn' }));
    expect(await tables.findByText('2 bàn có khách')).toBeInTheDocument();
    expect(tables.getByText('2 bàn trống')).toBeInTheDocument();
    const revenue = within(screen.getByRole('region', { name: 'Doanh thu hôm nay' }));
    expect(await revenue.findByText('9 đơn đã hoàn tất')).toBeInTheDocument();
    expect(revenue.getByRole('link', { name: 'Xem số liệu' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('region', { name: 'Đơn gần đây' })).toBeInTheDocument();
    const popular = within(screen.getByRole('region', { name: 'Món bán chạy hôm nay' }));
    expect(await popular.findAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Tất cả các đơn' })).toHaveAttribute('href', '/orders?status=all');
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChainChartData, ChartData } from '@quan/contract/report';
import type { User } from '@quan/contract/user';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';

/**
 * jsdom lays nothing out, so Recharts' responsive charts would measure 0 × 0 and draw nothing: this observer
 * reports a 640 × 288 box for every element it watches.
 */
class FixedSizeResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    const entry = { target, contentRect: { width: 640, height: 288 } } as unknown as ResizeObserverEntry;
    this.callback([entry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}

/** formatMoney's text, with its no-break space before ₫. */
const money = (digits: string) => `${digits}\u00a0₫`;

/** The 30 days ending 12 November 2026, nothing sold unless `sales` says so. */
function chartData(sales: Record<string, [revenue: number, orders: number]> = {}): ChartData {
  const daily = Array.from({ length: 30 }, (_, index) => {
    const date = new Date(Date.UTC(2026, 9, 14 + index)).toISOString().slice(0, 10);
    const [revenue, orders] = sales[date] ?? [0, 0];
    return { date, revenue, orders };
  });
  const hourly = Array.from({ length: 24 }, (_, hour) => ({ hour, orders: 0, revenue: 0 }));
  return { daily, hourly, byCategory: [] };
}

function renderChart(role: User['role'], data: ChartData) {
  storeSession(makeUser({ role }), tokenExpiringIn(3600));
  const fakeApi = installFakeApi(({ method, url }) =>
    method === 'GET' && url === '/api/order/chart-data' ? ok(data) : fail(404, 'Not found'),
  );
  const view = renderRoutes(routes, { path: '/chart' });
  return { fakeApi, ...view };
}

describe('ChartPage', { timeout: 20_000 }, () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  beforeAll(() => vi.stubGlobal('ResizeObserver', FixedSizeResizeObserver));
  afterAll(() => vi.unstubAllGlobals());
  afterEach(() => fakeApi?.restore());

  it('draws the 30 days, the hours and the categories, each with a heading, a summary and a table', async () => {
    const data = chartData({
      '2026-11-10': [1_000_000, 10],
      '2026-11-12': [4_200_000, 31],
      '2026-11-05': [800_000, 5],
    });
    data.hourly[12] = { hour: 12, orders: 20, revenue: 2_600_000 };
    data.hourly[19] = { hour: 19, orders: 26, revenue: 3_400_000 };
    data.byCategory = [
      { categoryId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a01', name: 'Noodles', quantity: 70, revenue: 4_550_000 },
      { categoryId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a02', name: 'Drinks', quantity: 90, revenue: 450_000 },
    ];
    const view = renderChart('manager', data);
    fakeApi = view.fakeApi;

    const daily = await screen.findByRole('region', { name: 'Revenue and orders by day' });
    expect(daily).toHaveAccessibleDescription(
      `Best day: 12/11, ${money('4.200.000')}. In all: ${money('6.000.000')} from 46 orders.`,
    );
    const dailyTable = within(within(daily).getByRole('table', { name: 'Revenue and orders by day' }));
    expect(dailyTable.getAllByRole('row')).toHaveLength(31);
    expect(dailyTable.getByRole('row', { name: /^12\/11 31 4\.200\.000\s₫$/ })).toBeInTheDocument();

    const hourly = screen.getByRole('region', { name: 'Orders by hour of the day' });
    expect(hourly).toHaveAccessibleDescription('Busiest hour: 19:00 – 20:00, 26 orders.');
    expect(within(hourly).getAllByRole('row')).toHaveLength(25);

    const categories = screen.getByRole('region', { name: 'Revenue by category' });
    expect(categories).toHaveAccessibleDescription(
      `Top category: Noodles, ${money('4.550.000')} (91% of the dishes' revenue).`,
    );
    expect(within(categories).getByRole('row', { name: /^Drinks 90 450\.000\s₫$/ })).toBeInTheDocument();

    // Recharts drew each chart (an SVG surface per region), with the category names on its axis.
    for (const region of [daily, hourly, categories]) {
      expect(region.querySelector('svg.recharts-surface')).not.toBeNull();
    }
    expect(within(categories).getAllByText('Noodles').length).toBeGreaterThan(1);
    expect(screen.queryByText(/No completed orders/)).not.toBeInTheDocument();
  });

  it('explains the empty charts when no order was completed in the 30 days', async () => {
    const view = renderChart('admin', chartData());
    fakeApi = view.fakeApi;

    expect(await screen.findByText('No completed orders in the last 30 days yet…')).toBeInTheDocument();
    expect(screen.getByText(/each one counts on the day and at the hour it was completed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the orders' })).toHaveAttribute('href', '/orders');
    expect(screen.queryByRole('region', { name: 'Revenue and orders by day' })).not.toBeInTheDocument();
  });

  it('draws and summarises the charts in Vietnamese', async () => {
    await activateLanguage('vi', 'staff');
    const data = chartData({ '2026-11-10': [1_000_000, 10], '2026-11-12': [4_200_000, 31] });
    data.hourly[19] = { hour: 19, orders: 26, revenue: 3_400_000 };
    data.byCategory = [
      { categoryId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a01', name: 'Noodles', quantity: 70, revenue: 4_550_000 },
      { categoryId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a02', name: 'Drinks', quantity: 90, revenue: 450_000 },
    ];
    const view = renderChart('manager', data);
    fakeApi = view.fakeApi;

    expect(await screen.findByRole('heading', { level: 1, name: 'Biểu đồ' })).toBeInTheDocument();
    const daily = await screen.findByRole('region', { name: 'Doanh thu và số đơn theo ngày' });
    expect(daily).toHaveAccessibleDescription(
      `Ngày cao nhất: 12/11, ${money('4.200.000')}. Tổng cộng: ${money('5.200.000')} từ 41 đơn.`,
    );
    const dailyTable = within(daily).getByRole('table', { name: 'Doanh thu và số đơn theo ngày' });
    expect(within(dailyTable).getByRole('columnheader', { name: 'Ngày' })).toBeInTheDocument();
    expect(within(daily).getByText('Xem số liệu dạng bảng')).toBeInTheDocument();

    const hourly = screen.getByRole('region', { name: 'Số đơn theo giờ trong ngày' });
    expect(hourly).toHaveAccessibleDescription('Giờ đông nhất: 19:00 – 20:00, 26 đơn.');
    const categories = screen.getByRole('region', { name: 'Doanh thu theo danh mục' });
    expect(categories).toHaveAccessibleDescription(
      `Danh mục dẫn đầu: Noodles, ${money('4.550.000')} (91% doanh thu các món).`,
    );
    expect(within(categories).getByRole('columnheader', { name: 'Số món đã bán' })).toBeInTheDocument();
  });

  it('tells staff the figures are for managers, without asking the server', async () => {
    const view = renderChart('staff', chartData());
    fakeApi = view.fakeApi;

    expect(await screen.findByText('Only managers see the figures')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Charts' })).toBeInTheDocument();
    expect(fakeApi.requests).toEqual([]);
  });

  it("gives an owner of two branches the chain's charts, with a column per branch and the total", async () => {
    const user = userEvent.setup();
    const first = chartData({ '2026-11-12': [300_000, 3] });
    const second = chartData({ '2026-11-12': [200_000, 1] });
    const chain: ChainChartData = {
      scope: 'chain',
      branches: [
        { ...first, branch: { _id: 'a', name: 'Quận 1' } },
        { ...second, branch: { _id: 'b', name: 'Quận 3' } },
      ],
      total: chartData({ '2026-11-12': [500_000, 4] }),
    };
    storeSession(makeUser({ role: 'admin' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(({ method, url, config }) => {
      if (method === 'GET' && url === '/api/branches') {
        return ok([
          { _id: 'a', name: 'Quận 1' },
          { _id: 'b', name: 'Quận 3' },
        ]);
      }
      if (method === 'GET' && url === '/api/order/chart-data') {
        return ok((config.params as { scope?: string } | undefined)?.scope === 'chain' ? chain : first);
      }
      return fail(404, 'Not found');
    });
    renderRoutes(routes, { path: '/chart' });

    const scope = within(await screen.findByRole('group', { name: 'Figures of' }));
    await user.click(scope.getByRole('button', { name: 'Whole chain' }));
    const byBranch = within(await screen.findByRole('region', { name: 'Revenue by day, branch by branch' }));
    const table = within(byBranch.getByRole('table', { name: 'Revenue by day, branch by branch' }));
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Day',
      'Quận 1',
      'Quận 3',
      'Whole chain',
    ]);
    expect(table.getByRole('row', { name: /^12\/11 300\.000\s₫ 200\.000\s₫ 500\.000\s₫$/ })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Revenue and orders by day' })).toHaveAccessibleDescription(
      `Best day: 12/11, ${money('500.000')}. In all: ${money('500.000')} from 4 orders.`,
    );
  });
});

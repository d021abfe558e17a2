import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChainChartData, ChainPrepTimes, ChartData, PrepTimes } from '@quan/contract/report';
import { defaultSettings } from '@quan/contract/settings';
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

  it("gives an owner the chain's preparation times in the chain's view, and the branch's in the branch's", async () => {
    const user = userEvent.setup();
    const range = { startDate: '2026-10-13T17:00:00.000Z', endDate: '2026-11-12T17:00:00.000Z' };
    const kitchen = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4b01';
    const bar = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4b02';
    const pho = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c01';
    const branchTimes: PrepTimes = {
      byStation: [{ stationId: kitchen, name: 'Bếp', lines: 20, averageSeconds: 420 }],
      byDish: [{ itemId: pho, name: 'Phở bò tái', lines: 20, averageSeconds: 420 }],
      range,
    };
    const chainTimes: ChainPrepTimes = {
      scope: 'chain',
      branches: [
        { ...branchTimes, branch: { _id: 'a', name: 'Quận 1' } },
        {
          byStation: [
            { stationId: kitchen, name: 'Bếp', lines: 10, averageSeconds: 540 },
            { stationId: bar, name: 'Bar', lines: 1, averageSeconds: 95 },
          ],
          byDish: [{ itemId: pho, name: 'Phở bò tái', lines: 10, averageSeconds: 540 }],
          range,
          branch: { _id: 'b', name: 'Quận 3' },
        },
      ],
      total: {
        byStation: [
          { stationId: kitchen, name: 'Bếp', lines: 30, averageSeconds: 460 },
          { stationId: bar, name: 'Bar', lines: 1, averageSeconds: 95 },
        ],
        byDish: [{ itemId: pho, name: 'Phở bò tái', lines: 30, averageSeconds: 460 }],
      },
    };
    storeSession(makeUser({ role: 'admin' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(({ method, url, config }) => {
      const chainAsked = (config.params as { scope?: string } | undefined)?.scope === 'chain';
      if (method !== 'GET') return fail(404, 'Not found');
      if (url === '/api/branches') {
        return ok([
          { _id: 'a', name: 'Quận 1' },
          { _id: 'b', name: 'Quận 3' },
        ]);
      }
      if (url === '/api/settings') return ok({ ...defaultSettings, timezone: 'Asia/Ho_Chi_Minh' });
      if (url === '/api/order/chart-data') return ok(chartData());
      if (url === '/api/order/option-sales') return ok({ options: [], range });
      if (url === '/api/order/prep-times') return ok(chainAsked ? chainTimes : branchTimes);
      return fail(404, 'Not found');
    });
    const api = fakeApi;
    const prepTimesScopes = () =>
      api.configs
        .filter((config) => config.url === '/api/order/prep-times')
        .map((config) => (config.params as { scope?: string }).scope ?? 'branch');
    renderRoutes(routes, { path: '/chart' });

    // The branch's view, as before: the branch's own times, asked without a scope.
    const prep = within(await screen.findByRole('region', { name: 'Preparation time' }));
    const branchStations = within(await prep.findByRole('table', { name: 'Preparation time by station' }));
    expect(branchStations.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Station',
      'Dishes',
      'Average',
    ]);
    expect(branchStations.getByRole('row', { name: 'Bếp 20 7 min 00 s' })).toBeInTheDocument();
    expect(prepTimesScopes()).toEqual(['branch']);

    await user.click(
      within(screen.getByRole('group', { name: 'Figures of' })).getByRole('button', { name: 'Whole chain' }),
    );
    const chainStations = within(await prep.findByRole('table', { name: 'Preparation time by station' }));
    await waitFor(() =>
      expect(chainStations.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
        'Station',
        'Quận 1',
        'Quận 3',
        'Whole chain',
      ]),
    );
    expect(prepTimesScopes()).toEqual(['branch', 'chain']);
    // The chain's time is the server's average over every branch's dishes, not the mean of the columns.
    expect(
      chainStations.getByRole('row', { name: 'Bếp 7 min 00 s 20 dishes 9 min 00 s 10 dishes 7 min 40 s 30 dishes' }),
    ).toBeInTheDocument();
    expect(
      chainStations.getByRole('row', { name: 'Bar None in this period 1 min 35 s 1 dish 1 min 35 s 1 dish' }),
    ).toBeInTheDocument();
    const chainDishes = within(prep.getByRole('table', { name: 'Preparation time by dish' }));
    expect(
      chainDishes.getByRole('row', {
        name: 'Phở bò tái 7 min 00 s made 20 times 9 min 00 s made 10 times 7 min 40 s made 30 times',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The branch you are working in only: options are not yet counted across the chain.'),
    ).toBeInTheDocument();

    await user.click(
      within(screen.getByRole('group', { name: 'Figures of' })).getByRole('button', { name: 'This branch' }),
    );
    expect(await prep.findByRole('row', { name: 'Bếp 20 7 min 00 s' })).toBeInTheDocument();
    expect(prep.queryByRole('columnheader', { name: 'Whole chain' })).not.toBeInTheDocument();
  });
});

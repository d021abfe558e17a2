import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChartData, OptionSales, PrepTimes, RevenueQuery } from '@quan/contract/report';
import { defaultSettings } from '@quan/contract/settings';
import type { User } from '@quan/contract/user';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { fail, installFakeApi, ok, type FakeResponse } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';

/** 20:30 UTC on 10 March 2026: already 03:30 on Wednesday 11 March in Hồ Chí Minh City (UTC+7). */
const now = new Date('2026-03-10T20:30:00.000Z');
const range = { startDate: '2026-02-09T17:00:00.000Z', endDate: '2026-03-11T17:00:00.000Z' };

/** No completed order in the 30 days: the charts show their empty state and Recharts draws nothing. */
const noCharts: ChartData = {
  daily: Array.from({ length: 30 }, (_, index) => ({
    date: new Date(Date.UTC(2026, 1, 10 + index)).toISOString().slice(0, 10),
    revenue: 0,
    orders: 0,
  })),
  hourly: Array.from({ length: 24 }, (_, hour) => ({ hour, orders: 0, revenue: 0 })),
  byCategory: [],
};

const someOptionSales: OptionSales = {
  options: [
    { group: 'Size', name: 'Lớn', portions: 12, revenue: 120_000 },
    { group: 'Đường', name: 'Ít đường', portions: 7, revenue: 0 },
    { group: 'Size', name: 'Nhỏ', portions: 4, revenue: -20_000 },
  ],
  range,
};

const somePrepTimes: PrepTimes = {
  byStation: [
    { stationId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4b01', name: 'Bếp', lines: 30, averageSeconds: 512 },
    { stationId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4b02', name: 'Bar', lines: 12, averageSeconds: 245 },
  ],
  byDish: [
    { itemId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4c01', name: 'Phở bò tái', lines: 18, averageSeconds: 540 },
    { itemId: null, name: 'Cà phê sữa đá', lines: 12, averageSeconds: 245 },
  ],
  range,
};

function renderChart({
  role = 'manager',
  optionSales = () => ok(someOptionSales),
  prepTimes = () => ok(somePrepTimes),
}: {
  role?: User['role'];
  optionSales?: (query: RevenueQuery) => FakeResponse;
  prepTimes?: (query: RevenueQuery) => FakeResponse;
} = {}) {
  storeSession(makeUser({ role }), tokenExpiringIn(3600));
  const fakeApi = installFakeApi(({ method, url, config }) => {
    if (method !== 'GET') return fail(404, 'Not found');
    if (url === '/api/settings') return ok({ ...defaultSettings, timezone: 'Asia/Ho_Chi_Minh' });
    if (url === '/api/order/chart-data') return ok(noCharts);
    if (url === '/api/order/option-sales') return optionSales(config.params as RevenueQuery);
    if (url === '/api/order/prep-times') return prepTimes(config.params as RevenueQuery);
    return fail(404, 'Not found');
  });
  renderRoutes(routes, { path: '/chart' });
  return fakeApi;
}

/** The ranges asked of one report, oldest first. */
function rangesOf(fakeApi: ReturnType<typeof installFakeApi>, url: string): RevenueQuery[] {
  return fakeApi.configs.filter((config) => config.url === url).map((config) => config.params as RevenueQuery);
}

describe('ChartPage: options and kitchen', { timeout: 20_000 }, () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => {
    fakeApi?.restore();
    vi.useRealTimers();
  });

  it('shows the sales by option grouped by group, and the preparation times, formatted', async () => {
    fakeApi = renderChart();

    const section = within(await screen.findByRole('region', { name: 'Options and kitchen' }));
    const options = await section.findByRole('table', { name: 'Sales by option' });
    const optionRows = within(options).getAllByRole('row');
    // Grouped: each group's name once, over its options, the groups in the order of their best seller.
    expect(optionRows.map((row) => row.textContent)).toEqual([
      'OptionPortionsRevenue',
      'Size',
      'Lớn12120.000\u00a0₫',
      'Nhỏ4-20.000\u00a0₫',
      'Đường',
      // No price change: a dash, said in words to a screen reader.
      'Ít đường7—No price change',
    ]);
    expect(within(options).getAllByRole('rowgroup')).toHaveLength(3);
    expect(within(options).getByRole('rowheader', { name: 'Lớn' })).toBeInTheDocument();
    expect(within(options).getByRole('columnheader', { name: 'Portions' })).toBeInTheDocument();
    expect(within(options).queryByRole('columnheader', { name: 'Group' })).not.toBeInTheDocument();
    expect(within(options).queryByText('0\u00a0₫')).not.toBeInTheDocument();

    expect(section.getByText('From when a round is sent until its station marks the dish done.')).toBeInTheDocument();
    const stations = section.getByRole('table', { name: 'Preparation time by station' });
    expect(within(stations).getByRole('columnheader', { name: 'Dishes' })).toBeInTheDocument();
    expect(within(stations).getByRole('row', { name: 'Bar 12 4 min 05 s' })).toBeInTheDocument();
    expect(within(stations).getByRole('row', { name: 'Bếp 30 8 min 32 s' })).toBeInTheDocument();
    expect(within(stations).getByText('4 min 05 s')).toHaveAttribute('datetime', 'PT4M5S');

    const dishes = section.getByRole('table', { name: 'Preparation time by dish' });
    expect(within(dishes).getByRole('row', { name: 'Phở bò tái 18 9 min 00 s' })).toBeInTheDocument();
    expect(within(dishes).getByRole('row', { name: 'Cà phê sữa đá 12 4 min 05 s' })).toBeInTheDocument();
  });

  it('says so in words when nothing was sold with options or marked done', async () => {
    fakeApi = renderChart({
      optionSales: () => ok({ options: [], range }),
      prepTimes: () => ok({ byStation: [], byDish: [], range }),
    });

    const section = within(await screen.findByRole('region', { name: 'Options and kitchen' }));
    expect(await section.findByText('No options sold in this period.')).toBeInTheDocument();
    expect(await section.findByText('No dishes were marked done in this period.')).toBeInTheDocument();
    expect(section.queryByRole('table')).not.toBeInTheDocument();
  });

  it('asks for the last 30 days first, then the days of the button chosen, in the restaurant time zone', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const user = userEvent.setup();
    fakeApi = renderChart();
    const api = fakeApi;

    const region = await screen.findByRole('region', { name: 'Options and kitchen' });
    const section = within(region);
    const expectLastRange = (startDate: string, endDate: string) =>
      waitFor(() => {
        expect(rangesOf(api, '/api/order/option-sales').at(-1)).toEqual({ startDate, endDate });
        expect(rangesOf(api, '/api/order/prep-times').at(-1)).toEqual({ startDate, endDate });
      });

    // 10 February to 11 March: from the midnight that starts the first day to the one that ends the last.
    expect(section.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    await expectLastRange('2026-02-09T17:00:00.000Z', '2026-03-11T17:00:00.000Z');
    expect(section.getByText('30 days: 10/02 – 11/03/2026.')).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Today' }));
    await expectLastRange('2026-03-10T17:00:00.000Z', '2026-03-11T17:00:00.000Z');
    expect(section.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
    expect(section.getByText('Today: 11/03/2026.')).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: '7 days' }));
    await expectLastRange('2026-03-04T17:00:00.000Z', '2026-03-11T17:00:00.000Z');
    expect(section.getByText('7 days: 05/03 – 11/03/2026.')).toBeInTheDocument();
  });

  it('shows why a report could not be loaded, and asks again on "Try again"', async () => {
    let prepTimeCalls = 0;
    fakeApi = renderChart({
      prepTimes: () => (++prepTimeCalls === 1 ? fail(403, 'You may not see the reports') : ok(somePrepTimes)),
    });
    const user = userEvent.setup();

    const section = within(await screen.findByRole('region', { name: 'Options and kitchen' }));
    const alert = await section.findByRole('alert');
    expect(alert).toHaveTextContent('You may not see the reports');
    // The other report does not depend on it.
    expect(await section.findByRole('table', { name: 'Sales by option' })).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await section.findByRole('table', { name: 'Preparation time by station' })).toBeInTheDocument();
    expect(section.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks nothing for staff, who see that the figures are for managers', async () => {
    fakeApi = renderChart({ role: 'staff' });

    expect(await screen.findByText('Only managers see the figures')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Options and kitchen' })).not.toBeInTheDocument();
    expect(fakeApi.requests).toEqual([]);
  });
});

describe('ChartPage: options and kitchen in Vietnamese', { timeout: 20_000 }, () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  it('shows the sales by option and the preparation times in Vietnamese', async () => {
    await activateLanguage('vi', 'staff');
    const user = userEvent.setup();
    fakeApi = renderChart();

    expect(await screen.findByRole('heading', { level: 2, name: 'Tùy chọn và bếp' })).toBeInTheDocument();
    const period = screen.getByRole('group', { name: 'Khoảng thời gian' });
    expect(within(period).getByRole('button', { name: '30 ngày' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Chưa có đơn nào hoàn tất trong 30 ngày qua…')).toBeInTheDocument();

    const sales = screen.getByRole('region', { name: 'Doanh số theo tùy chọn' });
    const salesTable = await within(sales).findByRole('table', { name: 'Doanh số theo tùy chọn' });
    expect(within(salesTable).getByRole('columnheader', { name: 'Số phần' })).toBeInTheDocument();
    expect(within(salesTable).getByText('Không đổi giá')).toBeInTheDocument();

    const prep = screen.getByRole('region', { name: 'Thời gian chế biến' });
    const byStation = await within(prep).findByRole('table', { name: 'Thời gian chế biến theo khu bếp' });
    expect(within(byStation).getByRole('row', { name: 'Bếp 30 8 phút 32 giây' })).toBeInTheDocument();
    expect(within(prep).getByRole('table', { name: 'Thời gian chế biến theo món' })).toBeInTheDocument();

    await user.click(within(period).getByRole('button', { name: 'Hôm nay' }));
    expect(within(period).getByRole('button', { name: 'Hôm nay' })).toHaveAttribute('aria-pressed', 'true');
  });
});

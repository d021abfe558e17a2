import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import type { ChainRevenue, Revenue, RevenueFiguresQuery } from '@quan/contract/report';
import { defaultSettings } from '@quan/contract/settings';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { fail, installFakeApi, ok, type FakeHandler, type FakeResponse } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import { presetDays, revenueQueryOf } from '../components/date-range';
import { makeComparison, makeRevenue } from '../../../test/data/revenue';
import { dayIn } from '../../../lib/restaurant-day';

/** formatMoney's text, with its no-break space before ₫ (Testing Library's text matchers read it as a space). */
const money = (digits: string) => `${digits}\u00a0₫`;

/**
 * The dashboard's calls: the settings (for the time zone), the figures of any range (`figures` picks them
 * by the range asked; asked with `compare`, figures without a `comparison` get one of nothing), anything
 * else through `rest`, else an empty list.
 */
function serveDashboard({
  timezone = 'Asia/Ho_Chi_Minh',
  figures = () => makeRevenue(),
  rest,
}: {
  timezone?: string;
  figures?: (range: RevenueFiguresQuery) => Revenue;
  rest?: (request: Parameters<FakeHandler>[0]) => FakeResponse | undefined;
} = {}) {
  return installFakeApi((request) => {
    const { method, url, config } = request;
    if (method === 'GET' && url === '/api/settings') return ok({ ...defaultSettings, timezone });
    if (method === 'GET' && url === '/api/order/revenue') {
      const query = config.params as RevenueFiguresQuery;
      const answer = figures(query);
      return ok(query.compare && !answer.comparison ? { ...answer, comparison: makeComparison() } : answer);
    }
    const answer = rest?.(request);
    if (answer) return answer;
    // No invoice the provider refused: the card of those is not shown.
    if (method === 'GET' && url === '/api/einvoices') return ok({ items: [] });
    return method === 'GET' && url.startsWith('/api/') ? ok([]) : fail(404, 'Not found');
  });
}

/** The ranges the page asked figures for, oldest call first. */
function revenueRanges(configs: InternalAxiosRequestConfig[]): RevenueFiguresQuery[] {
  return configs
    .filter((config) => config.url === '/api/order/revenue')
    .map((config) => config.params as RevenueFiguresQuery);
}

/** 20:30 UTC on 10 March 2026: already 03:30 on Wednesday 11 March in Hồ Chí Minh City (UTC+7). */
const now = new Date('2026-03-10T20:30:00.000Z');

describe('DashboardPage', { timeout: 20_000 }, () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => {
    fakeApi?.restore();
    vi.useRealTimers();
  });

  it('gives managers the figures and only the figures: the menu and the tables are managed on their own pages', async () => {
    storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
    fakeApi = serveDashboard();
    renderRoutes(routes, { path: '/dashboard' });

    const figures = within(await screen.findByRole('region', { name: 'Figures' }));
    expect(figures.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
    expect(figures.getByRole('link', { name: 'Charts of the last 30 days' })).toHaveAttribute('href', '/chart');
    expect(await figures.findByText(/^No completed orders in this period/)).toBeInTheDocument();
    expect(figures.getByText('No dishes sold in this period.')).toBeInTheDocument();
    expect(screen.queryByText('Only managers see the figures')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Dishes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Tables' })).not.toBeInTheDocument();
    // Neither the menu, the ingredients nor the tables are asked for: only the settings, the figures and the
    // invoices that need a person.
    expect(new Set(fakeApi.requests)).toEqual(
      new Set(['GET /api/settings', 'GET /api/order/revenue', 'GET /api/einvoices']),
    );
  });

  it('asks for each preset as local days in the restaurant, half-open, compared with the period before it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const user = userEvent.setup();
    storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
    fakeApi = serveDashboard();
    renderRoutes(routes, { path: '/dashboard' });
    const figures = within(await screen.findByRole('region', { name: 'Figures' }));

    /** The range asked for after choosing a preset, in one call: the server picks the span before it. */
    async function expectRanges(current: [string, string]) {
      const [startDate, endDate] = current;
      await waitFor(() =>
        expect(revenueRanges(fakeApi!.configs).at(-1)).toEqual({ startDate, endDate, compare: 'previous' }),
      );
    }

    // Today is 11 March: from its midnight (17:00 UTC the day before) to the next midnight.
    await expectRanges(['2026-03-10T17:00:00.000Z', '2026-03-11T17:00:00.000Z']);
    expect(figures.getByText(/^Today: 11\/03\/2026\./)).toBeInTheDocument();

    await user.click(figures.getByRole('button', { name: 'Yesterday' }));
    await expectRanges(['2026-03-09T17:00:00.000Z', '2026-03-10T17:00:00.000Z']);

    // 5 to 11 March, against 26 February to 4 March.
    await user.click(figures.getByRole('button', { name: 'Last 7 days' }));
    await expectRanges(['2026-03-04T17:00:00.000Z', '2026-03-11T17:00:00.000Z']);
    expect(figures.getByText(/^Last 7 days: 05\/03 – 11\/03\/2026\./)).toBeInTheDocument();

    // 10 February to 11 March, against 11 January to 9 February.
    await user.click(figures.getByRole('button', { name: 'Last 30 days' }));
    await expectRanges(['2026-02-09T17:00:00.000Z', '2026-03-11T17:00:00.000Z']);

    // 1 to 11 March, against the 11 days before: 18 to 28 February.
    await user.click(figures.getByRole('button', { name: 'This month' }));
    await expectRanges(['2026-02-28T17:00:00.000Z', '2026-03-11T17:00:00.000Z']);

    // Custom starts from the days on screen; 1 to 3 February, against 29 to 31 January.
    await user.click(figures.getByRole('button', { name: 'Custom' }));
    expect(figures.getByLabelText('From')).toHaveValue('01/03/2026');
    expect(figures.getByLabelText('To')).toHaveValue('11/03/2026');
    await user.clear(figures.getByLabelText('From'));
    await user.type(figures.getByLabelText('From'), '01/02/2026');
    await user.clear(figures.getByLabelText('To'));
    await user.type(figures.getByLabelText('To'), '03/02/2026');
    await expectRanges(['2026-01-31T17:00:00.000Z', '2026-02-03T17:00:00.000Z']);

    // A period that ends before it starts is not sent.
    const asked = revenueRanges(fakeApi.configs).length;
    await user.clear(figures.getByLabelText('To'));
    await user.type(figures.getByLabelText('To'), '15/01/2026');
    expect(await figures.findByRole('alert')).toHaveTextContent('The first day must be on or before the last day.');
    expect(figures.queryByRole('region', { name: 'Revenue' })).not.toBeInTheDocument();
    expect(revenueRanges(fakeApi.configs)).toHaveLength(asked);
  });

  it("counts the days in the time zone of the restaurant's settings", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    storeSession(makeUser({ role: 'admin' }), tokenExpiringIn(3600));
    fakeApi = serveDashboard({ timezone: 'Asia/Tokyo' });
    renderRoutes(routes, { path: '/dashboard' });

    // 05:30 on 11 March in Tokyo (UTC+9): the day started at 15:00 UTC on the 10th.
    await waitFor(() =>
      expect(revenueRanges(fakeApi!.configs)).toEqual([
        { startDate: '2026-03-10T15:00:00.000Z', endDate: '2026-03-11T15:00:00.000Z', compare: 'previous' },
      ]),
    );
  });

  it('shows the figures against the previous period, revenue by payment method, tips and the top dishes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const user = userEvent.setup();
    storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
    const lastSevenDays = makeRevenue({
      totalRevenue: 4_480_000,
      orderCount: 32,
      averageOrderValue: 140_000,
      totalGuests: 75,
      byPaymentMethod: [
        { method: 'cash', revenue: 2_240_000, orders: 20 },
        { method: 'card', revenue: 1_120_000, orders: 6 },
        { method: 'transfer', revenue: 1_120_000, orders: 6 },
        { method: 'ewallet', revenue: 0, orders: 0 },
        { method: 'voucher', revenue: 0, orders: 0 },
      ],
      tips: {
        total: 150_000,
        byStaff: [
          { staff: { _id: '0190a1b2-c3d4-7e5f-8a9b-57aff0000001', name: 'Lan' }, amount: 100_000 },
          { staff: null, amount: 50_000 },
        ],
      },
      topItems: [
        { itemId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4b01', name: 'Phở bò', quantity: 40, revenue: 2_600_000 },
        { itemId: null, name: 'Bún chả', quantity: 20, revenue: 1_100_000 },
        { itemId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4b03', name: 'Trà đá', quantity: 80, revenue: 400_000 },
      ],
    });
    // 26 February to 4 March, until 03:30 on the 4th: as far into them as it is into these 7 days.
    const weekBefore = makeComparison({
      totalRevenue: 4_000_000,
      orderCount: 40,
      averageOrderValue: 100_000,
      range: { startDate: '2026-02-25T17:00:00.000Z', endDate: '2026-03-03T20:30:00.000Z' },
    });
    fakeApi = serveDashboard({
      figures: (range) =>
        range.startDate === '2026-03-04T17:00:00.000Z' ? { ...lastSevenDays, comparison: weekBefore } : makeRevenue(),
    });
    renderRoutes(routes, { path: '/dashboard' });
    const figures = within(await screen.findByRole('region', { name: 'Figures' }));
    await user.click(figures.getByRole('button', { name: 'Last 7 days' }));

    const revenue = within(figures.getByRole('region', { name: 'Revenue' }));
    expect(await revenue.findByText('4.480.000 ₫')).toBeInTheDocument();
    expect(await revenue.findByText('+12%')).toBeInTheDocument();
    expect(revenue.getByText('vs. the previous 7 days, up to this time (4.000.000 ₫)')).toBeInTheDocument();
    const orders = within(figures.getByRole('region', { name: 'Orders' }));
    expect(orders.getByText('32')).toBeInTheDocument();
    expect(orders.getByText('\u221220%')).toBeInTheDocument();
    expect(orders.getByText('vs. the previous 7 days, up to this time (40)')).toBeInTheDocument();
    const average = within(figures.getByRole('region', { name: 'Average order value' }));
    expect(average.getByText('140.000 ₫')).toBeInTheDocument();
    expect(average.getByText('+40%')).toBeInTheDocument();
    // No guests the week before: a percentage would mean nothing.
    const guests = within(figures.getByRole('region', { name: 'Guests' }));
    expect(guests.getByText('75')).toBeInTheDocument();
    expect(guests.getByText('new')).toBeInTheDocument();

    const methods = within(figures.getByRole('region', { name: 'Revenue by payment method' }));
    const methodRows = methods.getAllByRole('row').slice(1);
    const cellsOf = (row: HTMLElement) => [
      within(row).getByRole('rowheader').textContent,
      ...within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ];
    // Orders, then revenue with its share of the period's revenue.
    expect(methodRows.map(cellsOf)).toEqual([
      ['Cash', '20', money('2.240.000') + '50%'],
      ['Card', '6', money('1.120.000') + '25%'],
      ['Bank transfer', '6', money('1.120.000') + '25%'],
      ['E-wallet', '0', money('0') + '0%'],
      ['Voucher', '0', money('0') + '0%'],
    ]);
    // Tips are apart from the revenue above, and credited to whoever took them.
    expect(methods.getByText(/in tips, not counted in revenue/).textContent).toBe(
      `${money('150.000')} in tips, not counted in revenue.`,
    );
    const tipRows = methods.getAllByRole('listitem').map((item) => item.textContent);
    expect(tipRows).toEqual(['Lan' + money('100.000'), 'Bank notification or a deleted account' + money('50.000')]);

    const top = within(figures.getByRole('region', { name: 'Top dishes' }));
    const dishRows = top.getAllByRole('row').slice(1);
    expect(dishRows.map(cellsOf)).toEqual([
      ['Phở bò', '1', '40', money('2.600.000')],
      ['Bún chả', '2', '20', money('1.100.000')],
      ['Trà đá', '3', '80', money('400.000')],
    ]);
  });

  it('shows no −100 % on a quiet morning: nothing yet today, nothing by this time yesterday either', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
    // Yesterday had a whole day of orders, but none before 03:30: the server compared until then.
    fakeApi = serveDashboard({ figures: () => makeRevenue({ comparison: makeComparison() }) });
    renderRoutes(routes, { path: '/dashboard' });
    const figures = within(await screen.findByRole('region', { name: 'Figures' }));

    const revenue = within(figures.getByRole('region', { name: 'Revenue' }));
    expect(await revenue.findByText('vs. yesterday at this time (0 ₫)')).toBeInTheDocument();
    expect(revenue.getByText('nothing to compare')).toBeInTheDocument();
    for (const name of ['Revenue', 'Orders', 'Average order value', 'Guests']) {
      const card = figures.getByRole('region', { name });
      expect(card).not.toHaveTextContent('−100%');
      expect(card).not.toHaveTextContent('0%');
      expect(card).toHaveTextContent('—');
    }
    expect(
      within(figures.getByRole('region', { name: 'Orders' })).getByText('vs. yesterday at this time (0)'),
    ).toBeInTheDocument();
  });

  it('says so when the same hours yesterday had orders and today has none yet', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
    fakeApi = serveDashboard({
      figures: () => makeRevenue({ comparison: makeComparison({ totalRevenue: 130_000, orderCount: 2 }) }),
    });
    renderRoutes(routes, { path: '/dashboard' });
    const figures = within(await screen.findByRole('region', { name: 'Figures' }));

    const revenue = within(figures.getByRole('region', { name: 'Revenue' }));
    expect(await revenue.findByText('−100%')).toBeInTheDocument();
    expect(revenue.getByText('vs. yesterday at this time (130.000 ₫)')).toBeInTheDocument();
  });

  it('tells staff the figures are for managers, without asking the server', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(() => fail(403, 'Managers only'));
    renderRoutes(routes, { path: '/dashboard' });

    expect(await screen.findByText('Only managers see the figures')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Figures' })).not.toBeInTheDocument();
    expect(fakeApi.requests).toEqual([]);
  });

  it('speaks Vietnamese: the periods, the figures against the previous period, the tips and the top dishes', async () => {
    await activateLanguage('vi', 'staff');
    const user = userEvent.setup();
    const lastSevenDays = revenueQueryOf(
      presetDays('last-7-days', dayIn('Asia/Ho_Chi_Minh', new Date())),
      'Asia/Ho_Chi_Minh',
    );
    storeSession(makeUser({ role: 'manager', language: 'vi' }), tokenExpiringIn(3600));
    fakeApi = serveDashboard({
      figures: (range) =>
        range.startDate === lastSevenDays.startDate
          ? makeRevenue({
              totalRevenue: 4_480_000,
              orderCount: 32,
              totalGuests: 75,
              tips: { total: 150_000, byStaff: [{ staff: null, amount: 150_000 }] },
              topItems: [{ itemId: null, name: 'Bún chả', quantity: 20, revenue: 1_100_000 }],
              comparison: makeComparison({ totalRevenue: 4_000_000, orderCount: 40 }),
            })
          : makeRevenue(),
    });
    renderRoutes(routes, { path: '/dashboard' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Tổng quan' })).toBeInTheDocument();
    const figures = within(await screen.findByRole('region', { name: 'Số liệu' }));
    expect(figures.getByRole('button', { name: 'Hôm nay' })).toHaveAttribute('aria-pressed', 'true');
    expect(figures.getByRole('link', { name: 'Biểu đồ 30 ngày qua' })).toHaveAttribute('href', '/chart');
    expect(figures.getByText(/^Hôm nay: \d\d\/\d\d\/\d{4}\. Các đơn đã hoàn tất/)).toBeInTheDocument();
    await user.click(
      within(figures.getByRole('group', { name: 'Khoảng thời gian' })).getByRole('button', { name: '7 ngày qua' }),
    );

    const revenue = within(figures.getByRole('region', { name: 'Doanh thu' }));
    expect(await revenue.findByText('4.480.000 ₫')).toBeInTheDocument();
    expect(await revenue.findByText('so với 7 ngày trước đó, tính đến cùng giờ (4.000.000 ₫)')).toBeInTheDocument();
    expect(within(figures.getByRole('region', { name: 'Số khách' })).getByText('mới')).toBeInTheDocument();
    expect(figures.getByRole('region', { name: 'Số đơn' })).toBeInTheDocument();
    expect(figures.getByRole('region', { name: 'Giá trị trung bình mỗi đơn' })).toBeInTheDocument();

    const methods = within(figures.getByRole('region', { name: 'Doanh thu theo phương thức thanh toán' }));
    expect(methods.getByRole('columnheader', { name: 'Phương thức' })).toBeInTheDocument();
    expect(methods.getByText(/tiền boa, không tính vào doanh thu/).textContent).toBe(
      `${money('150.000')} tiền boa, không tính vào doanh thu.`,
    );
    expect(methods.getByText('Báo có ngân hàng hoặc tài khoản đã xóa')).toBeInTheDocument();
    const top = within(figures.getByRole('region', { name: 'Món bán chạy' }));
    expect(top.getByRole('columnheader', { name: 'Món' })).toBeInTheDocument();
    expect(top.getByRole('rowheader', { name: 'Bún chả' })).toBeInTheDocument();

    await user.click(figures.getByRole('button', { name: 'Tùy chọn' }));
    await user.clear(figures.getByLabelText('Đến ngày'));
    await user.type(figures.getByLabelText('Đến ngày'), '15/01/2026');
    expect(await figures.findByRole('alert')).toHaveTextContent('Ngày đầu phải trước hoặc trùng với ngày cuối.');
    expect(figures.getByLabelText('Từ ngày')).toBeInTheDocument();
  });

  it('speaks Vietnamese to staff: the figures are for managers', async () => {
    await activateLanguage('vi', 'staff');
    storeSession(makeUser({ role: 'staff', language: 'vi' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(() => fail(403, 'Managers only'));
    renderRoutes(routes, { path: '/dashboard' });

    expect(await screen.findByText('Chỉ quản lý mới xem được số liệu')).toBeInTheDocument();
    expect(fakeApi.requests).toEqual([]);
  });

  it("gives an owner of two branches the chain's figures: a column per branch and the total, each compared", async () => {
    const user = userEvent.setup();
    storeSession(makeUser({ role: 'admin' }), tokenExpiringIn(3600));
    const branch = (name: string, figures: Partial<Revenue>) => ({
      ...makeRevenue(figures),
      branch: { _id: `id-${name}`, name },
    });
    const first = branch('Quận 1', {
      totalRevenue: 300_000,
      orderCount: 3,
      averageOrderValue: 100_000,
      totalGuests: 5,
      comparison: makeComparison({ totalRevenue: 200_000, orderCount: 3, averageOrderValue: 66_667, totalGuests: 4 }),
    });
    // Nothing sold in Quận 3 by this time yesterday.
    const second = branch('Quận 3', {
      totalRevenue: 200_000,
      orderCount: 1,
      averageOrderValue: 200_000,
      totalGuests: 2,
      comparison: makeComparison(),
    });
    const { range: _range, ...previousTotal } = makeComparison({
      totalRevenue: 200_000,
      orderCount: 3,
      averageOrderValue: 66_667,
      totalGuests: 4,
    });
    const chain: ChainRevenue = {
      scope: 'chain',
      branches: [first, second],
      total: {
        ...makeRevenue({ totalRevenue: 500_000, orderCount: 4, averageOrderValue: 125_000, totalGuests: 7 }),
        range: undefined,
        comparison: previousTotal,
      } as ChainRevenue['total'],
    };
    fakeApi = serveDashboard({
      figures: (query) => (query.scope === 'chain' ? (chain as unknown as Revenue) : makeRevenue()),
      rest: ({ method, url }) =>
        method === 'GET' && url === '/api/branches'
          ? ok([
              { _id: 'id-Quận 1', name: 'Quận 1' },
              { _id: 'id-Quận 3', name: 'Quận 3' },
            ])
          : undefined,
    });
    renderRoutes(routes, { path: '/dashboard' });

    const scope = within(await screen.findByRole('group', { name: 'Figures of' }));
    expect(scope.getByRole('button', { name: 'This branch' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(scope.getByRole('button', { name: 'Whole chain' }));
    expect(scope.getByRole('button', { name: 'Whole chain' })).toHaveAttribute('aria-pressed', 'true');

    const table = within(await screen.findByRole('table', { name: "Each branch's figures and the whole chain's" }));
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Figure',
      'Quận 1',
      'Quận 3',
      'Whole chain',
    ]);
    // Each cell says its change and, to a screen reader, what it is compared with.
    const cellsOf = (name: RegExp) =>
      within(table.getByRole('row', { name }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cellsOf(/^Revenue/)).toEqual([
      `${money('300.000')}+50% vs. yesterday at this time (${money('200.000')})`,
      `${money('200.000')}new vs. yesterday at this time (${money('0')})`,
      `${money('500.000')}+150% vs. yesterday at this time (${money('200.000')})`,
    ]);
    expect(cellsOf(/^Orders/)).toEqual([
      '30% vs. yesterday at this time (3)',
      '1new vs. yesterday at this time (0)',
      '4+33% vs. yesterday at this time (3)',
    ]);
    // Payment methods and tips are not compared.
    expect(cellsOf(/^Cash/)).toEqual([money('0'), money('0'), money('0')]);

    // The chain's total leads, as one branch's figures do: against the sum of the branches' figures before.
    const total = within(screen.getByRole('region', { name: 'Revenue' }));
    expect(total.getByText('500.000 ₫')).toBeInTheDocument();
    expect(total.getByText('+150%')).toBeInTheDocument();
    expect(total.getByText('vs. yesterday at this time (200.000 ₫)')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Guests' })).getByText('+75%')).toBeInTheDocument();
    expect(revenueRanges(fakeApi.configs).at(-1)).toMatchObject({ scope: 'chain', compare: 'previous' });

    await user.click(scope.getByRole('button', { name: 'This branch' }));
    expect(await screen.findByRole('region', { name: 'Figures' })).toBeInTheDocument();
    expect(
      screen.queryByRole('table', { name: "Each branch's figures and the whole chain's" }),
    ).not.toBeInTheDocument();
  });

  it('shows no chain toggle to an owner of one branch, nor to a manager', async () => {
    storeSession(makeUser({ role: 'admin' }), tokenExpiringIn(3600));
    fakeApi = serveDashboard({
      rest: ({ method, url }) =>
        method === 'GET' && url === '/api/branches' ? ok([{ _id: 'only', name: 'Quán' }]) : undefined,
    });
    renderRoutes(routes, { path: '/dashboard' });
    await screen.findByRole('region', { name: 'Figures' });
    await waitFor(() => expect(fakeApi!.requests).toContain('GET /api/branches'));
    expect(screen.queryByRole('group', { name: 'Figures of' })).not.toBeInTheDocument();
  });
});

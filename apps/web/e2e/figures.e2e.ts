import type { Item } from '@quan/contract/menu';
import type { Order, PaymentMethod } from '@quan/contract/order';
import type { Revenue } from '@quan/contract/report';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser } from './browser';
import { journey } from './journey';
import { apiClient, type Person } from './seed';
import { plain } from './pages';

let ownerToken: string;
/** The two orders that count: completed and paid. */
let paidOrders: Order[] = [];

const owner: Person = {
  name: 'Lê Minh Quân',
  email: 'owner@example.test',
  phone: '0901111222',
  password: 'pho-bo-tai-2026',
};
const waiter: Person = {
  name: 'Nguyễn Văn Bình',
  email: 'waiter@example.test',
  phone: '0903555666',
  password: 'banh-mi-pate-2026',
};

/** The restaurant's zone: the default settings, untouched here. */
const restaurantTimeZone = 'Asia/Ho_Chi_Minh';

const money = (amount: number) =>
  plain(new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND' }).format(amount));

/** The restaurant's calendar day of an instant: "2026-01-15". */
const restaurantDay = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: restaurantTimeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
/** The restaurant's hour of the day (0–23) of an instant. */
const restaurantHour = (instant: Date) =>
  Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: restaurantTimeZone, hour: 'numeric', hourCycle: 'h23' }).format(
      instant,
    ),
  );

/** A table's body rows as [row header, ...cells], whitespace normalised. */
async function bodyRows(table: Locator): Promise<string[][]> {
  const rows = table.locator('tbody').getByRole('row');
  const result: string[][] = [];
  for (let index = 0; index < (await rows.count()); index++) {
    const row = rows.nth(index);
    const header = plain(await row.getByRole('rowheader').textContent());
    const cells = (await row.getByRole('cell').allTextContents()).map(plain);
    result.push([header, ...cells]);
  }
  return result;
}

/** "151.200 ₫" → 151200. */
const amountOf = (text: string) => Number(text.replace(/\D/g, ''));

describe.skipIf(!hasBrowser)('the figures in the browser: the dashboard and the charts of a day’s takings', () => {
  const { server, pages } = journey({
    owner,
    seed: async ({ api, ownerToken: token }) => {
      await api.addVatOnTop(token);
      ownerToken = token;
      const waiterAccount = await api.register(waiter);
      await api.call('PATCH', `/api/user/users/${waiterAccount._id}/status`, { status: 'active' }, ownerToken);

      const {
        items: [pho, bunCha, comTam],
      } = await api.seedRestaurant(
        ownerToken,
        [
          { name: 'Phở bò', price: 65_000 },
          { name: 'Bún chả', price: 55_000 },
          { name: 'Cơm tấm', price: 50_000 },
        ],
        0,
      );
      // The drinks in a category of their own, so the category chart has two bars.
      const drinks = await api.call<{ _id: string }>('POST', '/api/category', { name: 'Đồ uống' }, ownerToken);
      const tea = await api.call<Item>(
        'POST',
        '/api/item',
        { name: 'Trà đá', price: 10_000, categoryId: drinks._id },
        ownerToken,
      );

      const place = (guest: string, guests: number, lines: [Item | undefined, number][]) =>
        api.call<Order>(
          'POST',
          '/api/order',
          {
            customerDetails: { name: guest, guests },
            items: lines.map(([item, quantity]) => ({ itemId: item!._id, quantity })),
          },
          ownerToken,
        );
      const settle = async (order: Order, paymentMethod: PaymentMethod) => {
        await api.call('PUT', `/api/order/${order._id}`, { status: 'ready' }, ownerToken);
        return api.call<Order>('PUT', `/api/order/${order._id}`, { status: 'completed', paymentMethod }, ownerToken);
      };

      // 2 × 65.000 + 10.000 = 140.000; tax 8 % = 11.200; total 151.200, in cash.
      const first = await place('Chị Lan', 3, [
        [pho, 2],
        [tea, 1],
      ]);
      // 55.000 + 3 × 10.000 = 85.000; tax 8 % = 6.800; total 91.800, by card.
      const second = await place('Anh Tuấn', 2, [
        [bunCha, 1],
        [tea, 3],
      ]);
      // Neither of these counts: one still cooking, one cancelled. Had they counted, Cơm tấm would top the
      // dishes and Phở bò would have sold 7.
      await place('Cô Hoa', 4, [[comTam, 4]]);
      const cancelled = await place('Chú Sơn', 5, [[pho, 5]]);
      await api.call('PUT', `/api/order/${cancelled._id}`, { status: 'cancelled' }, ownerToken);

      paidOrders = [await settle(first, 'cash'), await settle(second, 'card')];
      expect(paidOrders.map((order) => [order.status, order.paymentMethod, order.bills.total])).toEqual([
        ['completed', 'cash', 151_200],
        ['completed', 'card', 91_800],
      ]);
    },
  });

  it('the owner finds today’s takings on the dashboard: revenue, orders, payment methods and best sellers', async () => {
    const [cash, card] = paidOrders as [Order, Order];
    const takings = cash.bills.total + card.bills.total;
    expect(money(takings)).toBe('243.000 ₫');

    const manager = await pages.signedIn(owner, { width: 1440, height: 1000 });
    await manager.goto(`${server.url}/dashboard`);
    await manager.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const figures = manager.getByRole('region', { name: 'Figures' });
    await figures.getByRole('heading', { level: 2, name: 'Figures' }).waitFor();
    const period = figures.getByRole('group', { name: 'Period' });
    await period.getByRole('button', { name: 'Today' }).click();
    expect(await period.getByRole('button', { name: 'Today' }).getAttribute('aria-pressed')).toBe('true');
    const [year, month, day] = restaurantDay(new Date()).split('-');
    await figures.getByText(`Today: ${day}/${month}/${year}.`, { exact: false }).waitFor();

    const figureOf = async (title: string) => {
      const card = figures.getByRole('region', { name: title, exact: true });
      await card.getByRole('heading', { level: 3, name: title }).waitFor();
      const value = card.getByRole('paragraph').first();
      await card.locator('[aria-busy="false"]').first().waitFor();
      return plain(await value.textContent());
    };
    expect(await figureOf('Revenue')).toBe(money(takings));
    expect(await figureOf('Orders')).toBe('2');
    expect(await figureOf('Average order value')).toBe(money(Math.round(takings / 2)));
    expect(await figureOf('Guests')).toBe('5');
    // Today is under way, so it is compared with yesterday until this time; yesterday had nothing by then, and
    // the change says so instead of a percentage.
    const revenueCard = figures.getByRole('region', { name: 'Revenue', exact: true });
    await revenueCard.getByText('vs. yesterday at this time (0 ₫)', { exact: true }).waitFor();
    await revenueCard.getByText('new', { exact: true }).waitFor();

    // Every method is listed, zeros too; the share of the day's revenue under each total.
    const methods = figures.getByRole('region', { name: 'Revenue by payment method' });
    expect(await bodyRows(methods.getByRole('table'))).toEqual([
      ['Cash', '1', `${money(cash.bills.total)}62%`],
      ['Card', '1', `${money(card.bills.total)}38%`],
      ['Bank transfer', '0', `${money(0)}0%`],
      ['E-wallet', '0', `${money(0)}0%`],
      ['Voucher', '0', `${money(0)}0%`],
    ]);
    await methods.getByText('No tips in this period.').waitFor();

    // By revenue (the line totals), not by quantity: the tea sold most but earned least.
    const topDishes = figures.getByRole('region', { name: 'Top dishes' });
    expect(await bodyRows(topDishes.getByRole('table'))).toEqual([
      ['Phở bò', '1', '2', '130.000 ₫'],
      ['Bún chả', '2', '1', '55.000 ₫'],
      ['Trà đá', '3', '4', '40.000 ₫'],
    ]);

    // The server's own figures agree with the screen.
    const revenue = await apiClient(server.url).call<Revenue>('GET', '/api/order/revenue', undefined, ownerToken);
    expect(revenue).toMatchObject({ totalRevenue: takings, orderCount: 2, totalGuests: 5 });
  });

  it('the charts of the last 30 days end with today: the day’s revenue, the hour it was taken, the categories', async () => {
    const [cash, card] = paidOrders as [Order, Order];
    const takings = cash.bills.total + card.bills.total;
    const [, month, day] = restaurantDay(new Date()).split('-');
    const todayLabel = `${day}/${month}`;

    const manager = await pages.signedIn(owner, { width: 1440, height: 1000 });
    await manager.goto(`${server.url}/dashboard`);
    await manager.getByRole('link', { name: 'Charts of the last 30 days' }).click();
    await manager.waitForURL((url) => url.pathname === '/chart');
    await manager.getByRole('heading', { level: 1, name: 'Charts' }).waitFor();

    const panel = async (title: string) => {
      const region = manager.getByRole('region', { name: title });
      const heading = region.getByRole('heading', { level: 2, name: title });
      await heading.waitFor();
      expect(await heading.isVisible()).toBe(true);
      // Recharts draws once it has measured its box: a picture with a size, and bars in it.
      const picture = region.getByRole('application');
      await picture.waitFor();
      expect(await picture.evaluate((element) => element.tagName.toLowerCase())).toBe('svg');
      await picture.locator('.recharts-bar-rectangle').first().waitFor();
      const box = await picture.boundingBox();
      expect(box?.width).toBeGreaterThan(100);
      expect(box?.height).toBeGreaterThan(100);
      const summary = plain(await region.getByRole('paragraph').first().textContent());
      // The exact figures sit behind a disclosure, as a person would open it.
      await region.getByText('Show the figures as a table').click();
      const rows = await bodyRows(region.getByRole('table', { name: title }));
      return { summary, rows };
    };

    const daily = await panel('Revenue and orders by day');
    expect(daily.summary).toBe(`Best day: ${todayLabel}, ${money(takings)}. In all: ${money(takings)} from 2 orders.`);
    expect(daily.rows).toHaveLength(30);
    expect(daily.rows.at(-1)).toEqual([todayLabel, '2', money(takings)]);
    expect(daily.rows.slice(0, -1).every(([, orders, revenue]) => orders === '0' && revenue === money(0))).toBe(true);

    const hourly = await panel('Orders by hour of the day');
    expect(hourly.rows).toHaveLength(24);
    // Each paid order counts at the restaurant's hour it was completed, with its total.
    const expectedByHour = new Map<number, { orders: number; revenue: number }>();
    for (const order of [cash, card]) {
      const hour = restaurantHour(new Date(order.completedAt!));
      const sums = expectedByHour.get(hour) ?? { orders: 0, revenue: 0 };
      expectedByHour.set(hour, { orders: sums.orders + 1, revenue: sums.revenue + order.bills.total });
    }
    hourly.rows.forEach(([, orders, revenue], hour) => {
      const expected = expectedByHour.get(hour) ?? { orders: 0, revenue: 0 };
      expect({ hour, orders: Number(orders), revenue: amountOf(revenue!) }).toEqual({ hour, ...expected });
    });
    const busiest = [...expectedByHour.entries()].sort(([a, x], [b, y]) => y.orders - x.orders || a - b)[0]!;
    const busiestCount = busiest[1].orders;
    expect(hourly.summary).toBe(
      `Busiest hour: ${hourly.rows[busiest[0]]![0]}, ${busiestCount} ${busiestCount === 1 ? 'order' : 'orders'}.`,
    );

    // Line totals before tax: 2 × 65.000 + 55.000 = 185.000 of 225.000 is 82 %.
    const categories = await panel('Revenue by category');
    expect(categories.summary).toBe("Top category: Món chính, 185.000 ₫ (82% of the dishes' revenue).");
    expect(categories.rows).toEqual([
      ['Món chính', '3', '185.000 ₫'],
      ['Đồ uống', '4', '40.000 ₫'],
    ]);
  });

  it('a waiter sees that the figures are for managers, and none of them', async () => {
    const staff = await pages.signedIn(waiter, { width: 1280, height: 900 });
    await staff.goto(`${server.url}/dashboard`);
    await staff.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await staff.getByRole('status').filter({ hasText: 'Only managers see the figures' }).waitFor();
    expect(await staff.getByRole('heading', { name: 'Figures' }).count()).toBe(0);
    expect(await staff.getByRole('region', { name: 'Revenue', exact: true }).count()).toBe(0);
    expect(await staff.getByRole('group', { name: 'Period' }).count()).toBe(0);
    const page = plain(await staff.getByRole('main').textContent());
    expect(page).not.toContain('₫');
    expect(page).not.toContain('Phở bò');

    await staff.goto(`${server.url}/chart`);
    await staff.getByRole('heading', { level: 1, name: 'Charts' }).waitFor();
    await staff.getByRole('status').filter({ hasText: 'Only managers see the figures' }).waitFor();
    expect(await staff.getByRole('main').locator('svg.recharts-surface').count()).toBe(0);
    expect(plain(await staff.getByRole('main').textContent())).not.toContain('₫');

    // The server refuses them too, not only the screen.
    const api = apiClient(server.url);
    const waiterToken = await api.signIn(waiter);
    await expect(api.call('GET', '/api/order/revenue', undefined, waiterToken)).rejects.toThrow('→ 403');
    await expect(api.call('GET', '/api/order/chart-data', undefined, waiterToken)).rejects.toThrow('→ 403');
  });
});

import type { Pagination } from '@quan/contract/common';
import { couponDiscount, type Coupon } from '@quan/contract/coupon';
import { defaultLoyalty, levelForSpend, pointsFor, type Customer } from '@quan/contract/customer';
import type { Ingredient, IngredientHistory } from '@quan/contract/ingredient';
import type { Category, Item } from '@quan/contract/menu';
import type { Order } from '@quan/contract/order';
import type { ChartData, Revenue } from '@quan/contract/report';
import { NO_PRIZE_LABEL, type SpinPrize } from '@quan/contract/spin-wheel';
import type { Table } from '@quan/contract/table';
import { foldForSearch } from '@quan/contract/text';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateRestaurant, type GeneratedRestaurant } from '../src/demo/generate-restaurant';
import { roundCash, subtotalsByRate } from '@quan/contract/bill';
import { billOf } from './factories';
import { buildTestApp, type TestApp } from './helper';

const DAYS = 28;
const ORDERS = DAYS * 40;
/** Several batches: the customers are made after the first, the later orders attached as they are written. */
const BATCH_ORDERS = 300;
const cashier = {
  name: 'Võ Thị Hạnh',
  email: 'hanh.cashier@quan.example',
  phone: '0901234567',
  password: 'thu-ngan-2024',
  role: 'staff' as const,
};
/** An account of the second branch's manager: working in Quận 3 only. */
const quan3Manager = {
  name: 'Đỗ Văn Nam',
  email: 'nam.quan3@quan.example',
  phone: '0901234568',
  password: 'quan-3-quan-ly',
  role: 'manager' as const,
  branch: 1 as const,
};
const asOf = new Date();

let t: TestApp;
let generated: GeneratedRestaurant;

beforeAll(async () => {
  t = await buildTestApp();
  // The first account registered is the admin, so the helper's accounts come before the generated ones.
  await t.signInAs('admin');
  await t.signInAs('manager');
  generated = await generateRestaurant(t.app.database.db, {
    size: 'tiny',
    days: DAYS,
    orders: ORDERS,
    accounts: [cashier, quan3Manager],
    seed: 7,
    asOf,
    batchOrders: BATCH_ORDERS,
  });
}, 60_000);
afterAll(() => t?.close());

async function get<T>(url: string): Promise<T> {
  const response = await t.request({ method: 'GET', url, as: 'manager' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as T;
}

const range = (start: string, end: string) =>
  `startDate=${encodeURIComponent(start)}&endDate=${encodeURIComponent(end)}`;

/** Rows of a raw query on the generated database. */
async function query<T>(text: ReturnType<typeof sql>, app: TestApp = t): Promise<T[]> {
  return ((await app.app.database.db.execute(text)) as unknown as { rows: T[] }).rows;
}

/** The first branch's id: the one the helper's accounts work in. */
const firstBranchId = () => generated.branches[0]!.id;

/** What the first branch's orders themselves say for completions in [start, end). */
async function sumsFromOrders(start: string, end: string) {
  return query<{ method: string; orders: number; revenue: string }>(sql`
    select payment_method as method, count(*)::int as orders, sum(total)::bigint::text as revenue from orders
    where branch_id = ${firstBranchId()}::uuid and status = 'completed'
      and completed_at >= ${start}::timestamptz and completed_at < ${end}::timestamptz
    group by payment_method`);
}

describe('the generated restaurant', () => {
  it('has orders on every day up to today, busier at weekends and at lunch and dinner', async () => {
    expect(generated.orders).toBeGreaterThan(ORDERS * 0.9);
    const chart = await get<ChartData>('/api/order/chart-data');
    const days = chart.daily.filter((day) => day.date >= generated.firstDay && day.date < generated.lastDay);
    expect(days).toHaveLength(DAYS - 1);
    for (const day of days) expect(day.orders, day.date).toBeGreaterThan(0);
    // The 30 days of the chart before the first day of orders are empty.
    for (const day of chart.daily.filter((d) => d.date < generated.firstDay)) expect(day.orders).toBe(0);

    const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
    const average = (list: { orders: number }[]) => list.reduce((sum, d) => sum + d.orders, 0) / list.length;
    const weekends = days.filter((d) => weekday(d.date) === 0 || weekday(d.date) === 6);
    const mondaysTuesdays = days.filter((d) => weekday(d.date) === 1 || weekday(d.date) === 2);
    expect(average(weekends)).toBeGreaterThan(1.2 * average(mondaysTuesdays));

    // Completions per hour: lunch and dinner against the quiet mid-afternoon.
    const hour = (h: number) => chart.hourly.find((row) => row.hour === h)!.orders;
    expect(hour(12) + hour(13)).toBeGreaterThan(2 * (hour(15) + hour(16)));
    expect(hour(19) + hour(20)).toBeGreaterThan(2 * (hour(15) + hour(16)));
    expect(hour(3)).toBe(0);
  });

  it("bills every completed order like the POS: each line at its dish's VAT rate, held in the prices, copied from the menu", async () => {
    const menu = new Map((await get<Item[]>('/api/item')).map((item) => [item._id, item]));
    const completed: Order[] = [];
    for (let page = 1; ; page++) {
      const response = await t.request({
        method: 'GET',
        url: `/api/order?status=completed&limit=200&page=${page}`,
        as: 'manager',
      });
      expect(response.statusCode, response.body).toBe(200);
      const { data, pagination } = response.json() as { data: Order[]; pagination: { totalPages: number } };
      completed.push(...data);
      if (page >= pagination.totalPages) break;
    }
    expect(completed.length).toBeGreaterThan(ORDERS * 0.85);
    const coupons = new Map((await get<Coupon[]>('/api/coupons')).map((coupon) => [coupon.code, coupon]));
    let mixedRates = 0;
    for (const order of completed) {
      expect(order.items.length).toBeGreaterThanOrEqual(1);
      expect(order.items.length).toBeLessThanOrEqual(5);
      for (const line of order.items) {
        const dish = menu.get(line.itemId!)!;
        expect({ name: line.name, price: line.price }).toEqual({ name: dish.name, price: dish.price });
        expect(line.total).toBe(line.price * line.quantity);
      }
      const subtotal = order.items.reduce((sum, line) => sum + line.total, 0);
      // A coupon takes off what it would at the counter, on an order it admits.
      const coupon = order.coupon ? coupons.get(order.coupon.code)! : null;
      if (coupon) {
        expect(subtotal).toBeGreaterThanOrEqual(coupon.minOrderValue);
        expect(order.coupon!.discount).toBe(couponDiscount(coupon, subtotal));
      }
      // A new restaurant's menu prices hold the VAT: the bill shows what they contain, rate by rate (the beer at
      // its category's 10 %, the rest at the default 8 %).
      for (const line of order.items) expect(line.vatRate).toBe(menu.get(line.itemId!)!.billedVatRate);
      const subtotals = subtotalsByRate(order.items.map((line) => ({ vatRate: line.vatRate, amount: line.total })));
      expect(order.bills).toEqual(
        billOf({ subtotals, discount: order.coupon?.discount ?? 0, serviceVatRate: 8, pricesIncludeTax: true }),
      );
      // Each rate's part holds its own VAT: together the VAT of the bill, and with it the total.
      expect(order.bills.taxes.reduce((sum, part) => sum + part.tax, 0)).toBe(order.bills.tax);
      expect(order.bills.taxes.reduce((sum, part) => sum + part.taxable + part.tax, 0)).toBe(order.bills.total);
      if (order.bills.taxes.length > 1) mixedRates++;
      expect(order.paymentStatus).toBe('paid');
      expect(order.paymentMethod).not.toBeNull();
      // Cash is rounded to 1.000 ₫, half up, as a new restaurant's cashier rounds it; the rest pay to the đồng.
      for (const payment of order.payments) {
        const rounding = payment.method === 'cash' ? roundCash(order.bills.total, 1000) - order.bills.total : 0;
        expect(payment).toMatchObject({ amount: order.bills.total, rounding });
      }
      expect(Date.parse(order.completedAt!)).toBeGreaterThan(Date.parse(order.createdAt));
      expect(Date.parse(order.completedAt!)).toBeLessThanOrEqual(asOf.getTime());
    }
    // Beer with the food: many bills carry both rates.
    expect(mixedRates).toBeGreaterThan(completed.length / 20);
    // Cash first, then bank transfer, card and e-wallet.
    const paid = (method: string) => completed.filter((o) => o.paymentMethod === method).length;
    expect(paid('cash')).toBeGreaterThan(paid('transfer'));
    expect(paid('transfer')).toBeGreaterThan(paid('card'));
    expect(paid('card')).toBeGreaterThan(paid('ewallet'));
  });

  it('reports the same revenue as the orders, for whole days and for ragged ranges', async () => {
    const ranges = [
      [`${generated.firstDay}T00:00:00+07:00`, new Date(asOf.getTime() + 3_600_000).toISOString()],
      [`${generated.firstDay}T14:20:00+07:00`, `${generated.lastDay}T09:10:00+07:00`],
    ] as const;
    for (const [start, end] of ranges) {
      const revenue = await get<Revenue>(`/api/order/revenue?${range(start, end)}`);
      const expected = await sumsFromOrders(start, end);
      expect(revenue.orderCount).toBe(expected.reduce((sum, row) => sum + row.orders, 0));
      expect(revenue.totalRevenue).toBe(expected.reduce((sum, row) => sum + Number(row.revenue), 0));
      for (const row of expected) {
        expect(revenue.byPaymentMethod.find((m) => m.method === row.method)).toEqual({
          method: row.method,
          orders: row.orders,
          revenue: Number(row.revenue),
        });
      }
      expect(revenue.orderCount).toBeGreaterThan(0);
      expect(revenue.topItems.length).toBeGreaterThan(0);
    }
  });

  it('has Vietnamese dishes, a few also named in English, with recipes, ingredients in stock and tables with QR keys', async () => {
    const dishes = await get<Item[]>('/api/item');
    expect(dishes).toHaveLength(generated.dishes);
    expect(dishes.some((dish) => /[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệọỏốồổỗộớờởỡợụủứừửữự]/i.test(dish.name))).toBe(true);
    // The classics are named in English too, for diners reading English; the others only as typed.
    expect(dishes.find((dish) => dish.name === 'Phở bò tái')).toMatchObject({
      nameEn: 'Rare beef pho',
      descriptionEn: 'Beef bone broth simmered for 12 hours, with tender rare beef',
    });
    expect(dishes.some((dish) => dish.nameEn === null)).toBe(true);
    for (const dish of dishes) {
      expect(dish.recipe.length, dish.name).toBeGreaterThan(0);
      expect(dish.price % 1000, dish.name).toBe(0);
      expect(dish.isSoldOut, dish.name).toBe(false);
    }

    const stock = await get<Ingredient[]>('/api/ingredient');
    expect(stock).toHaveLength(generated.ingredients);
    for (const ingredient of stock) {
      expect(ingredient.quantity, ingredient.name).toBeGreaterThan(0);
      // Its initial stock, and what the branch sent Quận 3 since: the history adds up to what is held.
      const history = await get<IngredientHistory[]>(`/api/ingredient/${ingredient._id}/history`);
      const initial = history.filter((row) => row.reason === 'initial');
      expect(initial, ingredient.name).toHaveLength(1);
      expect(initial[0]!.change).toBe(initial[0]!.quantityAfter);
      for (const row of history) expect(['initial', 'transfer_out']).toContain(row.reason);
      const total = history.reduce((sum, row) => sum + row.change, 0);
      expect(Math.round(total * 1000) / 1000, ingredient.name).toBe(ingredient.quantity);
    }

    const tables = await get<Table[]>('/api/table');
    expect(tables.map((table) => table.tableNo)).toEqual([1, 2, 3]);
    for (const table of tables) expect(table.qrKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('has a kitchen and a bar, options on the dishes, and a history of preparation times', async () => {
    const stations = await get<{ name: string }[]>('/api/station');
    expect(stations.map((station) => station.name)).toEqual(['Bếp', 'Bar']);
    const dishes = await get<Item[]>('/api/item');
    // Noodle soups take a size, the regular one chosen already; named in English for diners reading English.
    const size = dishes.flatMap((dish) => dish.optionGroups).find((group) => group.name === 'Kích cỡ')!;
    expect(size).toMatchObject({ nameEn: 'Size', minSelected: 1, maxSelected: 1 });
    expect(size.options.filter((option) => option.isDefault).map((option) => option.name)).toEqual(['Vừa']);
    // Each group on the dishes it suits: no sugar with beer, nothing spicy about a dessert.
    const offered = (categoryName: string) =>
      new Set(
        dishes
          .filter((dish) => dish.category.name === categoryName)
          .flatMap((dish) => dish.optionGroups.flatMap((group) => group.options.map((option) => option.name))),
      );
    expect(offered('Bia & Nước ngọt').has('Ít đường')).toBe(false);
    expect(offered('Tráng miệng').has('Ít cay')).toBe(false);
    expect(offered('Phở & Bún').has('Không hành')).toBe(true);
    for (const group of dishes.flatMap((dish) => dish.optionGroups)) {
      expect(group.nameEn, group.name).toBeTruthy();
      for (const option of group.options) expect(option.nameEn, option.name).toBeTruthy();
    }
    const categories = await get<Category[]>('/api/category');
    for (const category of categories) expect(category.nameEn, category.name).toBeTruthy();
    const times = await get<{ byStation: { name: string; lines: number; averageSeconds: number }[] }>(
      `/api/order/prep-times?${range(new Date(asOf.getTime() - DAYS * 86_400_000).toISOString(), asOf.toISOString())}`,
    );
    for (const station of times.byStation) {
      expect(station.lines, station.name).toBeGreaterThan(0);
      expect(station.averageSeconds, station.name).toBeGreaterThan(60);
    }
    expect(times.byStation.map((station) => station.name)).toContain('Bếp');
  });

  it("starts from a new restaurant's settings, with a demo bank account so bills show a VietQR code", async () => {
    // Written below the services, as a restore would be: read from the tables, not the settings' cache.
    expect(await query(sql`select prices_include_tax, cash_rounding from restaurant_settings`)).toEqual([
      { prices_include_tax: true, cash_rounding: 1000 },
    ]);
    // Each branch its own account and language.
    expect(await query(sql`select slug, language, bank from branches order by position`)).toMatchObject([
      {
        slug: 'chi-nhanh-1',
        language: 'vi',
        bank: { bin: '970436', accountNumber: expect.any(String), accountName: expect.stringContaining('DEMO') },
      },
      { slug: 'quan-3', language: 'vi', bank: { bin: '970436', accountName: expect.stringContaining('DEMO') } },
    ]);
  });

  it('keeps only the last hour of orders open, at most one per table', async () => {
    const open = await get<Order[]>('/api/order?status=pending,in_progress,ready,served&limit=200');
    expect(open).toHaveLength(generated.branches[0]!.openOrders);
    expect(generated.openOrders).toBe(generated.branches[0]!.openOrders + generated.branches[1]!.openOrders);
    for (const order of open) expect(Date.parse(order.createdAt)).toBeGreaterThan(asOf.getTime() - 3_600_000);
    const tables = await get<Table[]>('/api/table');
    const seated = open.filter((order) => order.table);
    expect(new Set(seated.map((order) => order.table!._id)).size).toBe(seated.length);
    for (const order of seated) {
      const table = tables.find((candidate) => candidate._id === order.table!._id)!;
      expect(table.status).toBe('booked');
      expect(table.currentOrder?._id).toBe(order._id);
    }
    expect(tables.filter((table) => table.status === 'booked')).toHaveLength(seated.length);
  });

  it('lets the accounts it was given sign in', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: cashier.email, password: cashier.password },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.user).toMatchObject({ role: 'staff', status: 'active' });
  });

  it('generates the same orders again from the same seed', async () => {
    const again = await buildTestApp();
    try {
      await generateRestaurant(again.app.database.db, {
        size: 'tiny',
        days: DAYS,
        orders: ORDERS,
        seed: 7,
        asOf,
        batchOrders: BATCH_ORDERS,
      });
      const fingerprint = async (app: TestApp) => {
        const result = (await app.app.database.db.execute(sql`
          select created_at, status, payment_method, customer_name, customer_phone, guests, total, coupon_code,
            (select phone || ' ' || membership_level || ' ' || total_spent from customers where id = orders.customer_id) as customer,
            (select string_agg(name || ' x' || quantity, ', ' order by position) from order_lines where order_id = orders.id) as lines
          from orders order by (select position from branches where id = orders.branch_id), order_no`)) as unknown as {
          rows: unknown[];
        };
        return result.rows;
      };
      const [first, second] = [await fingerprint(t), await fingerprint(again)];
      expect(second).toHaveLength(first.length);
      expect(second).toEqual(first);
    } finally {
      await again.close();
    }
  });

  it('has loyalty customers with Vietnamese names, unique phones and search text like the service writes', async () => {
    const list = await get<Customer[]>('/api/customers?limit=100');
    expect(list).toHaveLength(generated.customers);
    expect(new Set(list.map((customer) => customer.phone)).size).toBe(list.length);
    for (const customer of list) {
      expect(customer.phone).toMatch(/^0[9378]\d{8}$/);
      // Family, middle and given name.
      expect(customer.name.split(' ')).toHaveLength(3);
      if (customer.email) expect(customer.email).toMatch(/^[a-z0-9.]+@example\.(com|net|org)$/);
    }
    expect(list.some((customer) => customer.name !== foldForSearch(customer.name))).toBe(true);
    expect(list.some((customer) => customer.email)).toBe(true);
    expect(list.some((customer) => customer.dateOfBirth)).toBe(true);
    expect(list.filter((customer) => customer.status === 'active').length).toBeGreaterThan(list.length / 2);

    const stored = (await t.app.database.db.execute(
      sql`select name, phone, email, search_text from customers`,
    )) as unknown as { rows: { name: string; phone: string; email: string; search_text: string }[] };
    expect(stored.rows).toHaveLength(generated.customers);
    for (const row of stored.rows) expect(row.search_text).toBe(foldForSearch(`${row.name} ${row.phone} ${row.email}`));
  });

  it("credits each customer with their completed orders and gives them the level of the year's spend", async () => {
    const list = await get<Customer[]>('/api/customers?limit=100');
    const result = (await t.app.database.db.execute(sql`
      select customer_id, count(*)::int as orders, sum(total)::bigint::text as spent, max(completed_at) as last_visit,
        coalesce(sum(total) filter (where completed_at > now() - interval '365 days'), 0)::bigint::text as year_spend
      from orders where status = 'completed' and customer_id is not null group by customer_id`)) as unknown as {
      rows: { customer_id: string; orders: number; spent: string; last_visit: string | Date; year_spend: string }[];
    };
    const sums = new Map(result.rows.map((row) => [row.customer_id, row]));
    expect(generated.memberOrders).toBeGreaterThan(ORDERS * 0.15);
    expect(sums.size).toBeGreaterThan(list.length / 4);
    for (const customer of list) {
      const sum = sums.get(customer._id);
      const spent = Number(sum?.spent ?? 0);
      expect(customer.totalSpent, customer.name).toBe(spent);
      expect(customer.totalOrders, customer.name).toBe(sum?.orders ?? 0);
      expect(customer.lastVisit && Date.parse(customer.lastVisit), customer.name).toBe(
        sum ? new Date(sum.last_visit).getTime() : null,
      );
      expect(customer.membershipLevel, customer.name).toBe(levelForSpend(Number(sum?.year_spend ?? 0), defaultLoyalty));
      // The generator's simplification: all points at the final level's multiplier.
      expect(customer.loyaltyPoints, customer.name).toBe(pointsFor(spent, customer.membershipLevel, defaultLoyalty));
      if (sum) expect(Date.parse(customer.createdAt)).toBeLessThanOrEqual(new Date(sum.last_visit).getTime());
    }
    expect(new Set(list.map((customer) => customer.membershipLevel)).size).toBeGreaterThan(1);

    // The members' orders carry their name and phone.
    const members = new Map(list.map((customer) => [customer._id, customer]));
    const orders = await get<Order[]>('/api/order?status=completed&limit=200');
    const theirs = orders.filter((order) => order.customerId);
    expect(theirs.length).toBeGreaterThan(0);
    for (const order of theirs) {
      const member = members.get(order.customerId!)!;
      expect(order.customerDetails).toMatchObject({ name: member.name, phone: member.phone });
    }
  });

  it('finds a customer by their name typed without accents, and by a piece of their phone', async () => {
    const list = await get<Customer[]>('/api/customers?limit=100');
    const customer = list.find((c) => c.name !== foldForSearch(c.name))!;
    const search = async (term: string) => {
      const response = await t.request({
        method: 'GET',
        url: `/api/customers?search=${encodeURIComponent(term)}&limit=100`,
        as: 'manager',
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { data: Customer[]; pagination: Pagination };
    };
    const byName = await search(foldForSearch(customer.name));
    expect(byName.data.map((c) => c._id)).toContain(customer._id);
    expect(byName.pagination.totalItems).toBe(
      list.filter((c) => foldForSearch(`${c.name} ${c.phone} ${c.email}`).includes(foldForSearch(customer.name)))
        .length,
    );
    const byPhone = await search(`${customer.phone.slice(0, 4)} ${customer.phone.slice(4, 7)}`);
    expect(byPhone.data.map((c) => c._id)).toContain(customer._id);
    expect((await search('khong ai ten nay')).pagination.totalItems).toBe(0);
  });

  it('has coupons in every state, counted by the orders that used them, and prizes on the spin wheel', async () => {
    const coupons = await get<Coupon[]>('/api/coupons');
    expect(coupons).toHaveLength(generated.coupons);
    // Each order that used a coupon points at it by id and code, like an order placed at the counter.
    const used = (await t.app.database.db.execute(sql`
      select k.code, count(*)::int as orders, count(*) filter (where o.coupon_code <> k.code)::int as mismatched
      from orders o join coupons k on k.id = o.coupon_id
      where o.status <> 'cancelled' group by k.code`)) as unknown as {
      rows: { code: string; orders: number; mismatched: number }[];
    };
    for (const row of used.rows) expect(row.mismatched, row.code).toBe(0);
    const unlinked = (await t.app.database.db.execute(
      sql`select count(*)::int as n from orders where (coupon_code is null) <> (coupon_id is null)`,
    )) as unknown as { rows: { n: number }[] };
    expect(unlinked.rows[0]!.n).toBe(0);
    const uses = new Map(used.rows.map((row) => [row.code, row.orders]));
    for (const coupon of coupons) expect(coupon.usedCount, coupon.code).toBe(uses.get(coupon.code) ?? 0);
    const today = generated.lastDay;
    expect(coupons.some((c) => c.endDate && c.endDate < today && c.usedCount > 0)).toBe(true);
    expect(coupons.some((c) => c.startDate && c.startDate > today)).toBe(true);
    expect(coupons.some((c) => c.usageLimit !== null && c.usedCount === c.usageLimit)).toBe(true);
    const tet = coupons.find((c) => c.code === 'TET50K')!;
    expect(tet).toMatchObject({ discountType: 'fixed', discountValue: 50_000, minOrderValue: 300_000 });

    const prizes = await get<SpinPrize[]>('/api/spin-wheel/prizes');
    expect(prizes.length).toBe(generated.spinPrizes + 1);
    expect(prizes.length).toBeGreaterThan(1);
    expect(prizes.at(-1)).toMatchObject({ couponId: null, label: NO_PRIZE_LABEL });
    expect(prizes.map((prize) => prize.label)).toEqual(expect.arrayContaining(['Giảm 10%', 'Tặng trà đá']));
  });

  it('opens the demo restaurant in the middle of a service, with customers at every level', async () => {
    // The last 19:30 in Ho Chi Minh City (UTC+7): the dinner service, whenever the test runs.
    const service = new Date(asOf);
    service.setUTCHours(12, 30, 0, 0);
    if (service > asOf) service.setUTCDate(service.getUTCDate() - 1);
    const demo = await buildTestApp();
    try {
      await demo.signInAs('admin');
      await demo.signInAs('manager');
      const made = await generateRestaurant(demo.app.database.db, {
        size: 'demo',
        days: 60,
        orders: 4_500,
        asOf: service,
      });
      expect(made.customers).toBe(300);
      for (const level of ['bronze', 'silver', 'gold', 'platinum'] as const) {
        expect(made.levels[level], level).toBeGreaterThan(0);
      }

      const ask = <T>(text: ReturnType<typeof sql>) => query<T>(text, demo);
      for (const branch of made.branches) {
        const seatedHere = await ask<{ n: number }>(
          sql`select count(*)::int as n from dining_tables where branch_id = ${branch.id}::uuid and status = 'booked'`,
        );
        // Each branch is in the middle of its service: about half its tables seated.
        expect(seatedHere[0]!.n, branch.name).toBeGreaterThanOrEqual(Math.floor(branch.tables / 2) - 1);
        expect(branch.openOrders, branch.name).toBeGreaterThan(0);
      }
      // The first branch's service, closely.
      const here = made.branches[0]!.id;
      const open = await ask<{
        id: string;
        status: string;
        source: string;
        table_id: string | null;
        rounds: number;
        paid: number;
        total: number;
        payment_status: string;
        version: number;
        created_at: string | Date;
      }>(sql`
        select o.id, o.status, o.source, o.table_id, o.total, o.payment_status, o.version, o.created_at,
          (select count(*) from order_rounds r where r.order_id = o.id)::int as rounds,
          (select coalesce(sum(amount), 0) from order_payments p where p.order_id = o.id)::int as paid
        from orders o where o.branch_id = ${here}::uuid and o.status in ('pending', 'in_progress', 'ready', 'served')`);
      const tables = await ask<{ id: string; status: string; current_order_id: string | null }>(
        sql`select id, status, current_order_id from dining_tables where branch_id = ${here}::uuid`,
      );
      expect(made.branches[0]!.openOrders).toBe(open.length);
      const seated = tables.filter((table) => table.status === 'booked');
      expect(seated.length).toBeGreaterThanOrEqual(5);
      expect(seated.length).toBeLessThanOrEqual(7);
      // Every seated table has exactly one open order, its current one, and every open order is at a seated table.
      for (const table of seated) {
        const here = open.filter((order) => order.table_id === table.id);
        expect(here.map((order) => order.id)).toEqual([table.current_order_id]);
      }
      for (const table of tables.filter((t) => t.status !== 'booked')) expect(table.current_order_id).toBeNull();
      for (const order of open) {
        expect(seated.map((table) => table.id)).toContain(order.table_id);
        expect(Date.parse(String(order.created_at))).toBeGreaterThan(service.getTime() - 3_600_000);
        expect(Date.parse(String(order.created_at))).toBeLessThanOrEqual(service.getTime());
      }
      expect(new Set(open.map((order) => order.status))).toEqual(
        new Set(['pending', 'in_progress', 'ready', 'served']),
      );
      // A tab ("gọi thêm món"), diners' QR orders waiting for staff, and a bill partly paid.
      expect(open.filter((order) => order.rounds >= 2).length).toBeGreaterThanOrEqual(1);
      expect(
        open.filter((order) => order.source === 'table' && order.status === 'pending').length,
      ).toBeGreaterThanOrEqual(2);
      const partly = open.filter((order) => order.paid > 0);
      expect(partly).toHaveLength(1);
      expect(partly[0]!.paid).toBeLessThan(partly[0]!.total);
      expect(partly[0]!.payment_status).toBe('unpaid');

      // The day's book: a couple late, a party due within half an hour, and a guest's request from the public
      // page waiting (a birthday of six too, when a table that seats six is free), with online booking on.
      const book = await ask<{ status: string; source: string; party_size: number; starts_at: string | Date }>(
        sql`select status, source, party_size, starts_at from reservations where branch_id = ${here}::uuid
          order by starts_at`,
      );
      expect(book.length).toBeGreaterThanOrEqual(3);
      const [late, soon] = book;
      expect(late).toMatchObject({ status: 'booked', source: 'phone', party_size: 2 });
      expect(Date.parse(String(late!.starts_at))).toBeLessThanOrEqual(service.getTime() - 15 * 60_000);
      expect(soon).toMatchObject({ status: 'booked', party_size: 4 });
      expect(Date.parse(String(soon!.starts_at))).toBeGreaterThan(service.getTime());
      expect(Date.parse(String(soon!.starts_at))).toBeLessThanOrEqual(service.getTime() + 30 * 60_000);
      expect(book.at(-1)).toMatchObject({ status: 'requested', source: 'public', party_size: 2 });
      for (const branch of await ask<{ reservations: { publicBooking: boolean } }>(
        sql`select reservations from branches`,
      )) {
        expect(branch.reservations.publicBooking).toBe(true);
      }

      // Each order's status follows its rounds (pending rounds wait for staff), its bill its lines.
      const mismatched = await ask<{ id: string }>(sql`
        select o.id from orders o
        where o.status in ('pending', 'in_progress', 'ready', 'served') and (
          o.status <> coalesce((select case min(case r.status when 'in_progress' then 1 when 'ready' then 2 when 'served' then 3 end)
              when 1 then 'in_progress' when 2 then 'ready' when 3 then 'served' end
            from order_rounds r where r.order_id = o.id and r.status <> 'pending'), 'pending')
          or o.subtotal <> (select sum(total) from order_lines l where l.order_id = o.id)
          or exists (select 1 from order_lines l where l.order_id = o.id
            and not exists (select 1 from order_rounds r where r.order_id = o.id and r.no = l.round_no)))`);
      expect(mismatched).toEqual([]);

      // Every order of both branches, open, discounted or not, keeps its VAT by rate: the beer at 10 %, the rest at
      // 8 %, each part what its lines hold, the parts adding up to the order's VAT and total.
      const rates = await ask<{ vat_rate: string; category: string; n: number }>(sql`
        select l.vat_rate, c.name as category, count(*)::int as n from order_lines l join categories c on c.id = l.category_id
        group by 1, 2 order by 2`);
      for (const row of rates) expect(row.vat_rate, row.category).toBe(row.category === 'Bia & Nước ngọt' ? '10' : '8');
      const unbalanced = await ask<{ id: string; tax: number; taxes: unknown }>(sql`
        select o.id, o.tax, o.taxes from orders o
        where o.tax <> (select coalesce(sum((part ->> 'tax')::int), 0) from jsonb_array_elements(o.taxes) part)
          or o.total <> (select coalesce(sum((part ->> 'taxable')::int + (part ->> 'tax')::int), 0)
            from jsonb_array_elements(o.taxes) part)
          or (select array_agg(part ->> 'vatRate' order by part ->> 'vatRate') from jsonb_array_elements(o.taxes) part)
            <> (select array_agg(distinct l.vat_rate order by l.vat_rate) from order_lines l where l.order_id = o.id)
          or o.service_vat_rate <> '8'`);
      expect(unbalanced).toEqual([]);
      const [mixed] = await ask<{ n: number; all: number }>(
        sql`select count(*) filter (where jsonb_array_length(taxes) = 2)::int as n, count(*)::int as all from orders`,
      );
      expect(mixed!.n).toBeGreaterThan(mixed!.all / 10);

      // The dashboard's today: orders completed since the opening, with revenue.
      const opening = new Date(service);
      opening.setUTCHours(0, 0, 0, 0);
      const response = await demo.request({
        method: 'GET',
        url: `/api/order/revenue?${range(opening.toISOString(), service.toISOString())}`,
        as: 'manager',
      });
      expect(response.statusCode, response.body).toBe(200);
      const today = response.json().data as Revenue;
      expect(today.orderCount).toBeGreaterThan(0);
      expect(today.totalRevenue).toBeGreaterThan(0);
    } finally {
      await demo.close();
    }
  }, 60_000);
});

describe('the second branch, Quận 3', () => {
  it('has orders of its own, a little fewer, numbered from 1001 in each branch without a gap', async () => {
    const [main, quan3] = generated.branches;
    expect(generated.branches.map((branch) => branch.slug)).toEqual(['chi-nhanh-1', 'quan-3']);
    expect(quan3!.name).toBe('Quận 3');
    expect(quan3!.orders).toBeGreaterThan(0);
    expect(quan3!.orders).toBeLessThan(main!.orders);
    expect(main!.orders + quan3!.orders).toBe(generated.orders);
    const numbers = await query<{ branch_id: string; first: number; last: number; orders: number; next: number }>(sql`
      select o.branch_id, min(o.order_no)::int as first, max(o.order_no)::int as last, count(*)::int as orders,
        (select next_order_no from branches b where b.id = o.branch_id) as next
      from orders o group by o.branch_id`);
    expect(numbers).toHaveLength(2);
    for (const branch of numbers) {
      expect(branch).toMatchObject({ first: 1001, last: 1000 + branch.orders, next: 1001 + branch.orders });
    }
    // The numbers follow the time the orders were placed, in each branch.
    const outOfOrder = await query<{ n: number }>(sql`
      select count(*)::int as n from orders a join orders b on a.branch_id = b.branch_id and a.order_no < b.order_no
        and a.created_at > b.created_at`);
    expect(outOfOrder[0]!.n).toBe(0);
  });

  it('sells a few dishes at prices of its own, and never the dish it does not sell', async () => {
    const quan3 = generated.branches[1]!;
    expect(quan3.ownPrices).toBeGreaterThanOrEqual(3);
    expect(quan3.notSold).toBe(1);
    const own = await query<{ item_id: string; price: number | null; is_sold: boolean; menu_price: number }>(sql`
      select bi.item_id, bi.price, bi.is_sold, i.price as menu_price from branch_items bi join items i on i.id = bi.item_id
      where bi.branch_id = ${quan3.id}::uuid`);
    expect(own).toHaveLength(quan3.ownPrices + quan3.notSold);
    for (const row of own.filter((r) => r.is_sold)) {
      expect(row.price).toBeGreaterThan(row.menu_price);
      expect(row.price! % 1000).toBe(0);
    }
    // Its orders' lines are at its prices, the first branch's at the menu's; the dish it does not sell is not on them.
    const lines = await query<{ branch_id: string; item_id: string; price: number }>(sql`
      select distinct o.branch_id, l.item_id, l.price from order_lines l join orders o on o.id = l.order_id`);
    const notSold = own.find((row) => !row.is_sold)!.item_id;
    for (const row of own.filter((r) => r.is_sold)) {
      const sold = lines.filter((line) => line.item_id === row.item_id);
      expect(sold.filter((line) => line.branch_id === quan3.id).map((line) => line.price)).toEqual([row.price]);
      expect(sold.filter((line) => line.branch_id !== quan3.id).every((line) => line.price === row.menu_price)).toBe(
        true,
      );
    }
    expect(lines.some((line) => line.branch_id === quan3.id && line.item_id === notSold)).toBe(false);
    expect(lines.some((line) => line.branch_id !== quan3.id && line.item_id === notSold)).toBe(true);
  });

  it('has a manager and staff of its own, who see its tables and orders only', async () => {
    const quan3 = generated.branches[1]!;
    const members = await query<{ branch_id: string; role: string }>(sql`select branch_id, role from branch_members`);
    for (const role of ['manager', 'staff']) {
      expect(
        members.some((m) => m.branch_id === quan3.id && m.role === role),
        role,
      ).toBe(true);
    }
    expect(members.filter((m) => m.branch_id === quan3.id)).toHaveLength(quan3.accounts);
    const login = await t.request({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: quan3Manager.email, password: quan3Manager.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const as = login.json().data.token as string;
    const tables = await t.request({ method: 'GET', url: '/api/table', as });
    expect(tables.statusCode, tables.body).toBe(200);
    expect((tables.json().data as Table[]).map((table) => table.tableNo)).toEqual([1, 2]);
    const orders = await t.request({ method: 'GET', url: '/api/order?limit=200', as });
    expect(orders.statusCode, orders.body).toBe(200);
    const theirs = orders.json().data as Order[];
    expect(theirs.length).toBeGreaterThan(0);
    const ids = new Set(
      (await query<{ id: string }>(sql`select id::text from orders where branch_id = ${quan3.id}::uuid`)).map(
        (row) => row.id,
      ),
    );
    for (const order of theirs) expect(ids.has(order._id)).toBe(true);
  });

  it('holds stock of its own, some of it sent by the first branch and received a little short, with the reason', async () => {
    const [main, quan3] = generated.branches;
    const stock = await query<{ branch_id: string; n: number }>(
      sql`select branch_id, count(*)::int as n from branch_stock group by branch_id`,
    );
    expect(stock.map((row) => row.n)).toEqual([generated.ingredients, generated.ingredients]);
    expect(generated.transfer).toMatchObject({ lines: 2, shortfall: 1 });
    const [transfer] = await query<{ id: string; from_branch_id: string; to_branch_id: string; status: string }>(
      sql`select id, from_branch_id, to_branch_id, status from stock_transfers`,
    );
    expect(transfer).toMatchObject({ from_branch_id: main!.id, to_branch_id: quan3!.id, status: 'received' });
    const lines = await query<{ ingredient_id: string; sent: string; received: string; difference_reason: string }>(
      sql`select ingredient_id, sent, received, difference_reason from stock_transfer_lines`,
    );
    const short = lines.filter((line) => Number(line.received) < Number(line.sent));
    expect(short).toHaveLength(1);
    expect(short[0]!.difference_reason).not.toBe('');
    // The receipt is audited in Quận 3, with the difference.
    const audited = await query<{ branch_id: string; summary: string }>(
      sql`select branch_id, summary from audit_log where kind = 'stock-transfer'`,
    );
    expect(audited).toHaveLength(1);
    expect(audited[0]!.branch_id).toBe(quan3!.id);
    expect(audited[0]!.summary).toContain(short[0]!.difference_reason);
    // Each branch's history of a line's ingredient adds up to what it holds, the transfer in it.
    for (const line of lines) {
      const history = await query<{ branch_id: string; reason: string; change: string; transfer_id: string | null }>(
        sql`select branch_id, reason, change, transfer_id from ingredient_history where ingredient_id = ${line.ingredient_id}::uuid`,
      );
      const moved = history.filter((row) => row.transfer_id === transfer!.id);
      expect(moved.map((row) => [row.branch_id, row.reason, Number(row.change)])).toEqual(
        expect.arrayContaining([
          [main!.id, 'transfer_out', -Number(line.sent)],
          [quan3!.id, 'transfer_in', Number(line.received)],
        ]),
      );
      const held = await query<{ branch_id: string; quantity: string }>(
        sql`select branch_id, quantity from branch_stock where ingredient_id = ${line.ingredient_id}::uuid`,
      );
      for (const row of held) {
        const total = history
          .filter((change) => change.branch_id === row.branch_id)
          .reduce((sum, change) => sum + Number(change.change), 0);
        expect(Math.round(total * 1000) / 1000).toBe(Number(row.quantity));
      }
    }
  });
});

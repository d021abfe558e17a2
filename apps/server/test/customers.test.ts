import type { Customer } from '@quan/contract/customer';
import type { Order } from '@quan/contract/order';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/orders';
import { createMenu } from './factories';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
let dish: { _id: string; price: number };

beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
  // 1.080.000 ₫ a portion, VAT inside: one portion is a 1.080.000 ₫ bill.
  dish = (await createMenu(t, [{ name: 'Lẩu hải sản', price: 1_080_000 }])).items[0]!;
});
afterAll(() => t.close());

let phoneSequence = 0;
const nextPhone = () => `0912${String(++phoneSequence).padStart(6, '0')}`;

async function createCustomer(fields: Record<string, unknown> = {}): Promise<Customer> {
  const response = await t.request({
    method: 'POST',
    url: '/api/customers',
    payload: { name: 'Khách quen', phone: nextPhone(), ...fields },
    as: 'staff',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const getCustomer = async (id: string): Promise<Customer> =>
  (await t.request({ method: 'GET', url: `/api/customers/${id}`, as: 'staff' })).json().data;

async function completedOrderFor(customerId: string, portions = 1): Promise<Order> {
  const placed = await t.request({
    method: 'POST',
    url: '/api/order',
    payload: {
      customerDetails: { name: 'Khách', guests: 2 },
      customerId,
      items: [{ itemId: dish._id, quantity: portions }],
    },
    as: 'staff',
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order: Order = placed.json().data;
  for (const status of ['ready', 'completed']) {
    const moved = await t.request({
      method: 'PUT',
      url: `/api/order/${order._id}`,
      payload: { status, paymentMethod: 'cash' },
      as: 'staff',
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  return order;
}

async function search(query: string): Promise<{ names: string[]; pagination: Record<string, number> }> {
  const response = await t.request({ method: 'GET', url: `/api/customers?${query}`, as: 'staff' });
  expect(response.statusCode, response.body).toBe(200);
  return { names: response.json().data.map((c: Customer) => c.name), pagination: response.json().pagination };
}

describe('customers', () => {
  it('stores a normalised phone, refuses a duplicate however it is written, and names bad fields', async () => {
    const created = await createCustomer({
      name: 'Trần Thị Bích',
      phone: '+84 903 111 222',
      email: 'Bich@Example.test',
    });
    expect(created).toMatchObject({
      phone: '0903111222',
      email: 'bich@example.test',
      status: 'active',
      membershipLevel: 'bronze',
      loyaltyPoints: 0,
      totalSpent: 0,
      totalOrders: 0,
      lastVisit: null,
    });
    const duplicate = await t.request({
      method: 'POST',
      url: '/api/customers',
      payload: { name: 'Someone else', phone: '090.311.1222' },
      as: 'staff',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('A customer with phone 0903111222 already exists');

    const bad = await t.request({
      method: 'POST',
      url: '/api/customers',
      payload: { name: '', phone: 'call me', email: 'nope', loyaltyPoints: 9999 },
      as: 'staff',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['email', 'loyaltyPoints', 'name', 'phone'].sort());
  });

  it('updates, and lets only managers delete, with a confirmation message', async () => {
    const customer = await createCustomer({ name: 'Lê Văn Cường' });
    const updated = await t.request({
      method: 'PUT',
      url: `/api/customers/${customer._id}`,
      payload: { address: '12 Lý Thường Kiệt, Hà Nội', status: 'inactive' },
      as: 'staff',
    });
    expect(updated.json().data).toMatchObject({
      name: 'Lê Văn Cường',
      address: '12 Lý Thường Kiệt, Hà Nội',
      status: 'inactive',
    });

    expect((await t.request({ method: 'DELETE', url: `/api/customers/${customer._id}`, as: 'staff' })).statusCode).toBe(
      403,
    );
    const deleted = await t.request({ method: 'DELETE', url: `/api/customers/${customer._id}`, as: 'manager' });
    expect(deleted.json()).toMatchObject({ success: true, message: 'Customer deleted successfully' });
    expect((await t.request({ method: 'GET', url: `/api/customers/${customer._id}`, as: 'staff' })).statusCode).toBe(
      404,
    );
  });

  it('finds customers by name, phone or email without accents or case', async () => {
    await createCustomer({ name: 'Nguyễn Văn An', phone: '0987654321', email: 'an.nguyen@example.test' });
    await createCustomer({ name: 'Đặng Thu Phương' });
    expect((await search('search=nguyen')).names).toContain('Nguyễn Văn An');
    expect((await search('search=NGUYỄN VĂN')).names).toContain('Nguyễn Văn An');
    expect((await search('search=dang thu')).names).toEqual(['Đặng Thu Phương']);
    expect((await search('search=098 765')).names).toEqual(['Nguyễn Văn An']);
    expect((await search('search=an.nguyen@')).names).toEqual(['Nguyễn Văn An']);
    expect((await search('search=100%25')).names).toEqual([]);
  });

  it('sorts by last visit (never seen last), by points or by name when asked; newest first otherwise', async () => {
    const seenLast = await createCustomer({ name: 'Thứ tự Bà Lan' });
    const bigSpender = await createCustomer({ name: 'Thứ tự Anh Ba' });
    const never = await createCustomer({ name: 'Thứ tự Chưa ghé' });
    await completedOrderFor(bigSpender._id, 4);
    await completedOrderFor(seenLast._id, 1);
    const names = async (sort: string) => (await search(`search=${encodeURIComponent('thứ tự')}&sort=${sort}`)).names;

    expect(await names('newest')).toEqual(['Thứ tự Chưa ghé', 'Thứ tự Anh Ba', 'Thứ tự Bà Lan']);
    expect(await names('recent')).toEqual(['Thứ tự Bà Lan', 'Thứ tự Anh Ba', 'Thứ tự Chưa ghé']);
    expect(await names('points')).toEqual(['Thứ tự Anh Ba', 'Thứ tự Bà Lan', 'Thứ tự Chưa ghé']);
    expect(await names('name')).toEqual(['Thứ tự Anh Ba', 'Thứ tự Bà Lan', 'Thứ tự Chưa ghé']);
    expect((await getCustomer(never._id)).lastVisit).toBeNull();
    const refused = await t.request({ method: 'GET', url: '/api/customers?sort=oldest', as: 'staff' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/Sort must be newest, recent, points or name/);
  });

  it('pages 10 at a time by default, newest first, with filters', async () => {
    const fresh = await buildTestApp();
    try {
      await fresh.signInAs('admin');
      for (let i = 1; i <= 23; i++) {
        await fresh.request({
          method: 'POST',
          url: '/api/customers',
          payload: {
            name: `Khách ${i}`,
            phone: `0933${String(i).padStart(6, '0')}`,
            status: i % 5 === 0 ? 'inactive' : 'active',
          },
          as: 'staff',
        });
      }
      const page = async (query: string) =>
        (await fresh.request({ method: 'GET', url: `/api/customers?${query}`, as: 'staff' })).json();
      const first = await page('');
      expect(first.data).toHaveLength(10);
      expect(first.data[0].name).toBe('Khách 23');
      expect(first.pagination).toEqual({ currentPage: 1, totalPages: 3, totalItems: 23, itemsPerPage: 10 });
      const last = await page('page=3');
      expect(last.data.map((c: Customer) => c.name)).toEqual(['Khách 3', 'Khách 2', 'Khách 1']);
      expect((await page('status=inactive')).pagination.totalItems).toBe(4);
      expect((await page('membershipLevel=gold')).data).toEqual([]);
      expect((await fresh.request({ method: 'GET', url: '/api/customers?limit=500', as: 'staff' })).statusCode).toBe(
        400,
      );

      const stats = (await fresh.request({ method: 'GET', url: '/api/customers/stats', as: 'staff' })).json().data;
      expect(stats).toEqual({ totalCustomers: 23, activeCustomers: 19, platinumCustomers: 0, totalLoyaltyPoints: 0 });
    } finally {
      await fresh.close();
    }
  });
});

describe('loyalty', () => {
  it('credits points, spend, orders and the visit when an order with the customer completes', async () => {
    const customer = await createCustomer({ name: 'Phạm Minh Đức' });
    const order = await completedOrderFor(customer._id);
    const credited = await getCustomer(customer._id);
    // 1.080.000 ₫ at bronze (× 1): floor(108) points.
    expect(credited).toMatchObject({
      loyaltyPoints: 108,
      totalSpent: 1_080_000,
      totalOrders: 1,
      membershipLevel: 'bronze',
    });
    expect(credited.lastVisit).not.toBeNull();
    const [stored] = await t.app.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(stored?.customerId).toBe(customer._id);
    const theirs = await t.request({ method: 'GET', url: `/api/order?customerId=${customer._id}`, as: 'staff' });
    expect(theirs.json().data.map((o: Order) => o._id)).toEqual([order._id]);
  });

  it('raises the level at once when the year’s spend crosses a threshold, and earns more from then on', async () => {
    const customer = await createCustomer({ name: 'Hoàng Thị Lan' });
    await completedOrderFor(customer._id); // 1.080.000
    expect((await getCustomer(customer._id)).membershipLevel).toBe('bronze');
    await completedOrderFor(customer._id); // 2.160.000: silver
    const silver = await getCustomer(customer._id);
    expect(silver).toMatchObject({ membershipLevel: 'silver', loyaltyPoints: 216 });
    await completedOrderFor(customer._id); // at silver: floor(1.080.000 / 10.000 × 1.2) = 129
    expect((await getCustomer(customer._id)).loyaltyPoints).toBe(216 + 129);
    await completedOrderFor(customer._id, 3); // 6.480.000: gold
    expect((await getCustomer(customer._id)).membershipLevel).toBe('gold');
  });

  it('does not credit a cancelled order, and refuses an unknown customer', async () => {
    const customer = await createCustomer();
    const placed = await t.request({
      method: 'POST',
      url: '/api/order',
      payload: {
        customerDetails: { name: 'Khách', guests: 1 },
        customerId: customer._id,
        items: [{ itemId: dish._id, quantity: 1 }],
      },
      as: 'staff',
    });
    await t.request({
      method: 'PUT',
      url: `/api/order/${placed.json().data._id}`,
      payload: { status: 'cancelled' },
      as: 'staff',
    });
    expect((await getCustomer(customer._id)).totalOrders).toBe(0);

    const unknown = await t.request({
      method: 'POST',
      url: '/api/order',
      payload: {
        customerDetails: { name: 'Khách', guests: 1 },
        customerId: '0190a1b2-0000-7000-8000-000000000001',
        items: [{ itemId: dish._id, quantity: 1 }],
      },
      as: 'staff',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('That customer does not exist');
  });

  it('re-evaluates every level on the last 365 days, lowering it when the spend is older', async () => {
    const customer = await createCustomer({ name: 'Vũ Quốc Bảo', email: 'bao@example.test' });
    const orderIds = [];
    for (let i = 0; i < 2; i++) orderIds.push((await completedOrderFor(customer._id, 3))._id); // 6.480.000: gold
    expect((await getCustomer(customer._id)).membershipLevel).toBe('gold');
    const vips = (await t.request({ method: 'GET', url: '/api/customers/vip-emails', as: 'manager' })).json().data;
    expect(vips).toContainEqual({
      _id: customer._id,
      name: 'Vũ Quốc Bảo',
      email: 'bao@example.test',
      membershipLevel: 'gold',
    });
    expect((await t.request({ method: 'GET', url: '/api/customers/vip-emails', as: 'staff' })).statusCode).toBe(403);

    // One of the two orders was 400 days ago: the year's spend is 3.240.000, silver.
    await t.app.database.db
      .update(orders)
      .set({ completedAt: new Date(Date.now() - 400 * 86_400_000) })
      .where(eq(orders.id, orderIds[0]!));
    const run = await t.request({ method: 'POST', url: '/api/customers/update-memberships', as: 'manager' });
    expect(run.statusCode).toBe(200);
    expect(run.json().data.updated).toBeGreaterThanOrEqual(1);
    expect(run.json().message).toMatch(/^Memberships updated: \d+ customers? changed level$/);
    expect((await getCustomer(customer._id)).membershipLevel).toBe('silver');
    // Nothing left to change: a second run changes nobody.
    const again = await t.request({ method: 'POST', url: '/api/customers/update-memberships', as: 'manager' });
    expect(again.json()).toMatchObject({
      data: { updated: 0 },
      message: 'Memberships updated: 0 customers changed level',
    });
    expect(
      (await t.request({ method: 'POST', url: '/api/customers/update-memberships', as: 'staff' })).statusCode,
    ).toBe(403);
  });
});

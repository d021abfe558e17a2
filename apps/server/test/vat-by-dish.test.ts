import type { Category, Item } from '@quan/contract/menu';
import type { Order } from '@quan/contract/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

// A restaurant whose default VAT rate is 8 %: beer at 10 % by its category, coconut water in that category but
// not subject to VAT (KCT) by its own rate, phở in a category of no rate of its own (so at the default 8 %).
let t: TestApp;
let drinks: Category;
let beer: Item;
let coconut: Item;
let pho: Item;
let couponCode: string;

const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  t.request({ method, url, payload, as: method === 'GET' ? 'staff' : 'manager' });

async function created<T>(url: string, payload: Record<string, unknown>): Promise<T> {
  const response = await send('POST', url, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function saveSettings(payload: Record<string, unknown>): Promise<void> {
  const response = await t.request({ method: 'PUT', url: '/api/settings', payload, as: 'admin' });
  expect(response.statusCode, response.body).toBe(200);
}

/** 2 beers (50.000 ₫ at 10 %), a coconut water (30.000 ₫, KCT) and 2 phở (130.010 ₫ at 8 %), with the coupon. */
async function placeTheOrder(): Promise<Order> {
  const response = await t.request({
    method: 'POST',
    url: '/api/order',
    payload: {
      customerDetails: { name: 'Chị Lan', guests: 2 },
      couponCode,
      items: [
        { itemId: beer._id, quantity: 2 },
        { itemId: coconut._id, quantity: 1 },
        { itemId: pho._id, quantity: 2 },
      ],
    },
    as: 'staff',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);

beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
  await saveSettings({
    taxRate: 8,
    pricesIncludeTax: false,
    serviceCharge: { rate: 5, dineIn: true, takeaway: true, table: true },
  });
  drinks = await created<Category>('/api/category', { name: 'Đồ uống', vatRate: 10 });
  const food = await created<Category>('/api/category', { name: 'Món nước' });
  beer = await created<Item>('/api/item', { name: 'Bia Sài Gòn', price: 25_000, categoryId: drinks._id });
  coconut = await created<Item>('/api/item', {
    name: 'Nước dừa',
    price: 30_000,
    categoryId: drinks._id,
    vatRate: 'KCT',
  });
  pho = await created<Item>('/api/item', { name: 'Phở bò', price: 65_005, categoryId: food._id });
  const coupon = await created<{ code: string }>('/api/coupons', {
    code: 'GIAM21K',
    discountType: 'fixed',
    discountValue: 21_000,
  });
  couponCode = coupon.code;
});
afterAll(() => t.close());

describe('VAT by dish', () => {
  it('shows each dish its own rate and the rate its bill lines carry: its own, else its category’s, else the default', async () => {
    expect(drinks.vatRate).toBe(10);
    expect([beer, coconut, pho].map(({ vatRate, billedVatRate }) => ({ vatRate, billedVatRate }))).toEqual([
      { vatRate: null, billedVatRate: 10 },
      { vatRate: 'KCT', billedVatRate: 'KCT' },
      { vatRate: null, billedVatRate: 8 },
    ]);
    const categories: Category[] = (await send('GET', '/api/category')).json().data;
    expect(categories.find((category) => category._id === drinks._id)?.vatRate).toBe(10);

    // The default rate is the settings': the POS list follows it at once.
    await saveSettings({ taxRate: 5 });
    try {
      const items: Item[] = (await send('GET', '/api/item')).json().data;
      const billed = (id: string) => items.find((item) => item._id === id)?.billedVatRate;
      expect([billed(beer._id), billed(coconut._id), billed(pho._id)]).toEqual([10, 'KCT', 5]);
    } finally {
      await saveSettings({ taxRate: 8 });
    }
  });

  it('bills each rate on its own: the discount shared, the service charge at its rate, each tax rounded once', async () => {
    const order = await placeTheOrder();
    expect(order.items.map((item) => [item.name, item.vatRate])).toEqual([
      ['Bia Sài Gòn', 10],
      ['Nước dừa', 'KCT'],
      ['Phở bò', 8],
    ]);
    // 210.010 ₫ of dishes. The 21.000 ₫ discount in proportion: 3.000 ₫ off KCT, 13.000 ₫ off 8 %, 5.000 ₫ off
    // 10 %. The service charge, 5 % of 189.010 ₫ = 9.450,5 → 9.451 ₫, is at the default 8 %.
    expect(order.bills).toEqual({
      subtotal: 210_010,
      discount: 21_000,
      serviceRate: 5,
      serviceCharge: 9_451,
      serviceVatRate: 8,
      pricesIncludeTax: false,
      taxes: [
        { vatRate: 'KCT', taxable: 27_000, tax: 0 },
        // 8 % of 117.010 + 9.451 = 126.461 ₫ is 10.116,88 ₫, rounded once for the rate.
        { vatRate: 8, taxable: 126_461, tax: 10_117 },
        { vatRate: 10, taxable: 45_000, tax: 4_500 },
      ],
      tax: 14_617,
      total: 213_078,
    });
    expect(sum(order.bills.taxes.map((part) => part.tax))).toBe(order.bills.tax);
    expect(sum(order.bills.taxes.map((part) => part.taxable + part.tax))).toBe(order.bills.total);
    const read: Order = (await send('GET', `/api/order/${order._id}`)).json().data;
    expect(read.bills).toEqual(order.bills);
  });

  it('puts the service charge at its own rate when the settings give it one', async () => {
    await saveSettings({ serviceVatRate: 10 });
    try {
      const order = await placeTheOrder();
      expect(order.bills).toMatchObject({
        serviceCharge: 9_451,
        serviceVatRate: 10,
        taxes: [
          { vatRate: 'KCT', taxable: 27_000, tax: 0 },
          { vatRate: 8, taxable: 117_010, tax: 9_361 },
          { vatRate: 10, taxable: 45_000 + 9_451, tax: 5_445 },
        ],
        tax: 9_361 + 5_445,
        total: 189_010 + 9_451 + 9_361 + 5_445,
      });
    } finally {
      await saveSettings({ serviceVatRate: null });
    }
  });

  it('with prices that hold the VAT, shows what each rate contains and charges the menu prices', async () => {
    await saveSettings({ pricesIncludeTax: true });
    try {
      const order = await placeTheOrder();
      expect(order.bills).toMatchObject({
        subtotal: 210_010,
        discount: 21_000,
        serviceCharge: 9_451,
        pricesIncludeTax: true,
        taxes: [
          { vatRate: 'KCT', taxable: 27_000, tax: 0 },
          { vatRate: 8, taxable: 117_094, tax: 9_367 }, // 126.461 × 8 / 108
          { vatRate: 10, taxable: 40_909, tax: 4_091 }, // 45.000 × 10 / 110
        ],
        tax: 13_458,
        total: 210_010 - 21_000 + 9_451,
      });
      expect(sum(order.bills.taxes.map((part) => part.taxable))).toBe(order.bills.total - order.bills.tax);
    } finally {
      await saveSettings({ pricesIncludeTax: false });
    }
  });

  it('keeps the rates an order was placed with when the menu’s rates change later', async () => {
    const order = await placeTheOrder();
    const recategorised = await send('PUT', `/api/category/${drinks._id}`, { vatRate: 5 });
    expect(recategorised.statusCode, recategorised.body).toBe(200);
    const ownRate = await send('PUT', `/api/item/${coconut._id}`, { vatRate: null });
    expect(ownRate.json().data).toMatchObject({ vatRate: null, billedVatRate: 5 });
    try {
      const read: Order = (await send('GET', `/api/order/${order._id}`)).json().data;
      expect(read.bills).toEqual(order.bills);
      expect(read.items.map((item) => item.vatRate)).toEqual([10, 'KCT', 8]);

      // Worked out again for a new round, the bill keeps each earlier line at its rate.
      const round = await t.request({
        method: 'POST',
        url: `/api/order/${order._id}/rounds`,
        payload: {
          items: [
            { itemId: pho._id, quantity: 1 },
            { itemId: beer._id, quantity: 1 },
          ],
        },
        as: 'staff',
      });
      expect(round.statusCode, round.body).toBe(201);
      const more: Order = round.json().data;
      expect(more.items.map((item) => item.vatRate)).toEqual([10, 'KCT', 8, 8, 5]);
      expect(more.bills.taxes.map((part) => part.vatRate)).toEqual(['KCT', 5, 8, 10]);
      expect(sum(more.bills.taxes.map((part) => part.tax))).toBe(more.bills.tax);
      expect(sum(more.bills.taxes.map((part) => part.taxable + part.tax))).toBe(more.bills.total);
    } finally {
      await send('PUT', `/api/category/${drinks._id}`, { vatRate: 10 });
      await send('PUT', `/api/item/${coconut._id}`, { vatRate: 'KCT' });
    }
  });

  it('refuses a rate that is not a VAT rate, naming the field', async () => {
    const message = 'A VAT rate is 0, 5, 8 or 10 (percent), or KCT for not subject to VAT';
    const dish = await send('POST', '/api/item', { name: 'Trà đá', price: 5_000, categoryId: drinks._id, vatRate: 7 });
    expect(dish.statusCode).toBe(400);
    expect(dish.json().errors).toEqual([{ path: 'vatRate', message }]);
    const category = await send('PUT', `/api/category/${drinks._id}`, { vatRate: '10' });
    expect(category.statusCode).toBe(400);
    expect(category.json().errors).toEqual([{ path: 'vatRate', message }]);
    const settings = await t.request({
      method: 'PUT',
      url: '/api/settings',
      payload: { serviceVatRate: 8.5 },
      as: 'admin',
    });
    expect(settings.statusCode).toBe(400);
    expect(settings.json().errors).toEqual([{ path: 'serviceVatRate', message }]);
    const items: Item[] = (await send('GET', '/api/item')).json().data;
    expect(items.some((item) => item.name === 'Trà đá')).toBe(false);
  });
});

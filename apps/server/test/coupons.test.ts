import type { Coupon } from '@quan/contract/coupon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDay } from '../src/lib/local-day';
import { createMenu } from './factories';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
let dish: { _id: string; price: number };
const today = localDay('Asia/Ho_Chi_Minh');

beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
  dish = (await createMenu(t, [{ name: 'Bò lúc lắc', price: 100_000 }])).items[0]!;
});
afterAll(() => t.close());

let codeSequence = 0;

async function createCoupon(fields: Partial<Coupon> = {}): Promise<Coupon> {
  const response = await t.request({
    method: 'POST',
    url: '/api/coupons',
    payload: { code: `TEST-${++codeSequence}`, discountType: 'percent', discountValue: 10, ...fields },
    as: 'manager',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const validate = (code: string, subtotal: number, customerId?: string) =>
  t.request({ method: 'POST', url: '/api/coupons/validate', payload: { code, subtotal, customerId }, as: 'staff' });

const orderWith = (couponCode: string, portions = 1) =>
  t.request({
    method: 'POST',
    url: '/api/order',
    payload: {
      customerDetails: { name: 'Khách', guests: 1 },
      items: [{ itemId: dish._id, quantity: portions }],
      couponCode,
    },
    as: 'staff',
  });

describe('coupons', () => {
  it('stores the code in upper case, refuses duplicates and broken rules, and lets only managers write', async () => {
    const created = await createCoupon({ code: 'tet-2027' as string, description: 'Tết' });
    expect(created).toMatchObject({
      code: 'TET-2027',
      usedCount: 0,
      usageLimit: null,
      isActive: true,
      spinWeight: 0,
      minOrderValue: 0,
      maxDiscount: null,
      startDate: null,
      endDate: null,
    });
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ code: 'TET-2027', discountType: 'fixed', discountValue: 5000 }, 409, 'Coupon TET-2027 already exists'],
      [
        { code: 'AB', discountType: 'fixed', discountValue: 5000 },
        400,
        'Code must be 3 to 32 letters, digits or dashes',
      ],
      [{ code: 'HALF', discountType: 'percent', discountValue: 150 }, 400, 'A percent discount is at most 100'],
      [{ code: 'ZERO', discountType: 'fixed', discountValue: 0 }, 400, 'Discount must be at least 1'],
      [
        { code: 'BACKWARDS', discountType: 'fixed', discountValue: 1, startDate: '2026-12-31', endDate: '2026-12-01' },
        400,
        'End date cannot be before the start date',
      ],
      [{ code: 'SNEAKY', discountType: 'fixed', discountValue: 1, usedCount: 5 }, 400, 'Unknown field'],
    ];
    for (const [payload, status, text] of refusals) {
      const response = await t.request({ method: 'POST', url: '/api/coupons', payload, as: 'manager' });
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.body).toContain(text);
    }
    const asStaff = await t.request({
      method: 'POST',
      url: '/api/coupons',
      payload: { code: 'STAFF', discountType: 'fixed', discountValue: 1 },
      as: 'staff',
    });
    expect(asStaff.statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/coupons', as: 'staff' })).statusCode).toBe(200);

    // An edit is checked as the coupon would be after it.
    const edit = await t.request({
      method: 'PUT',
      url: `/api/coupons/${created._id}`,
      payload: { discountValue: 120 },
      as: 'manager',
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.body).toContain('A percent discount is at most 100');
    const deleted = await t.request({ method: 'DELETE', url: `/api/coupons/${created._id}`, as: 'manager' });
    expect(deleted.statusCode).toBe(200);
  });

  it('computes the discount: percent rounded down and capped, fixed never above the subtotal', async () => {
    const percent = await createCoupon({ discountType: 'percent', discountValue: 15, maxDiscount: 40_000 });
    expect((await validate(percent.code, 123_456)).json().data.discount).toBe(18_518);
    expect((await validate(percent.code, 1_000_000)).json().data.discount).toBe(40_000);
    const fixed = await createCoupon({ discountType: 'fixed', discountValue: 50_000 });
    expect((await validate(fixed.code, 30_000)).json().data.discount).toBe(30_000);
  });

  it('refuses with the reason: inactive, not started, expired, used up, below minimum, unknown', async () => {
    const cases: [Partial<Coupon>, string][] = [
      [{ isActive: false }, 'is not active'],
      [{ startDate: addDays(today, 1) }, `starts on ${addDays(today, 1).split('-').reverse().join('/')}`],
      [{ endDate: addDays(today, -1) }, `expired on ${addDays(today, -1).split('-').reverse().join('/')}`],
      [{ minOrderValue: 500_000 }, 'needs an order of at least 500.000'],
    ];
    for (const [fields, reason] of cases) {
      const coupon = await createCoupon(fields);
      const response = await validate(coupon.code, 200_000);
      expect(response.statusCode, reason).toBe(409);
      expect(response.json().message).toContain(`Coupon ${coupon.code} ${reason}`);
    }
    // The restaurant's today is a valid first and last day.
    const todayOnly = await createCoupon({ startDate: today, endDate: today });
    expect((await validate(todayOnly.code, 200_000)).statusCode).toBe(200);

    const once = await createCoupon({ usageLimit: 1 });
    expect((await orderWith(once.code)).statusCode).toBe(201);
    expect((await validate(once.code, 200_000)).json().message).toBe(`Coupon ${once.code} has been used up`);
    const unknown = await validate('NO-SUCH-CODE', 200_000);
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().message).toBe('There is no coupon NO-SUCH-CODE');
  });

  it('takes the discount off the bill before the VAT is worked out, counts the use, and gives it back on cancel', async () => {
    const coupon = await createCoupon({ discountType: 'fixed', discountValue: 20_000, usageLimit: 5 });
    const placed = await orderWith(coupon.code.toLowerCase(), 2);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data;
    // VAT inside the prices: the guest pays 200.000 − 20.000 = 180.000 ₫, which holds 180.000 × 8 / 108 = 13.333 ₫.
    expect(order.bills).toMatchObject({
      subtotal: 200_000,
      discount: 20_000,
      taxes: [{ vatRate: 8, taxable: 180_000 - 13_333, tax: 13_333 }],
      tax: 13_333,
      total: 180_000,
    });
    expect(order.coupon).toEqual({ code: coupon.code, discount: 20_000 });
    const usedCount = async () =>
      ((await t.request({ method: 'GET', url: '/api/coupons', as: 'staff' })).json().data as Coupon[]).find(
        (c) => c._id === coupon._id,
      )!.usedCount;
    expect(await usedCount()).toBe(1);
    await t.request({ method: 'PUT', url: `/api/order/${order._id}`, payload: { status: 'cancelled' }, as: 'staff' });
    expect(await usedCount()).toBe(0);
  });

  it('gives a cancelled order’s use back to the coupon it used, even after its code moved to another', async () => {
    const summer = await createCoupon({ code: 'SUMMER', usageLimit: 10 });
    const first = (await orderWith('SUMMER')).json().data;
    await t.request({
      method: 'PUT',
      url: `/api/coupons/${summer._id}`,
      payload: { code: 'SUMMER-OLD' },
      as: 'manager',
    });
    const newSummer = await createCoupon({ code: 'SUMMER', usageLimit: 10 });
    expect((await orderWith('SUMMER')).statusCode).toBe(201);
    await t.request({ method: 'PUT', url: `/api/order/${first._id}`, payload: { status: 'cancelled' }, as: 'staff' });
    const all = (await t.request({ method: 'GET', url: '/api/coupons', as: 'staff' })).json().data as Coupon[];
    expect(all.find((c) => c._id === summer._id)?.usedCount).toBe(0);
    expect(all.find((c) => c._id === newSummer._id)?.usedCount).toBe(1);
  });

  it('keeps the customer of an order that used a coupon', async () => {
    const coupon = await createCoupon();
    const order = (await orderWith(coupon.code)).json().data;
    const customer = (
      await t.request({
        method: 'POST',
        url: '/api/customers',
        payload: { name: 'Khách mới', phone: '0944000111' },
        as: 'staff',
      })
    ).json().data;
    const moved = await t.request({
      method: 'PUT',
      url: `/api/order/${order._id}`,
      payload: { customerId: customer._id },
      as: 'staff',
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(
      `Order ${order.orderNo} used coupon ${coupon.code}; its customer can no longer change`,
    );
  });

  it('gives the last use to exactly one of 20 simultaneous orders', async () => {
    const coupon = await createCoupon({ usageLimit: 1 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => orderWith(coupon.code)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array<number>(19).fill(409)]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe(
      `Coupon ${coupon.code} has been used up`,
    );
    const stored = (
      (await t.request({ method: 'GET', url: '/api/coupons', as: 'staff' })).json().data as Coupon[]
    ).find((c) => c._id === coupon._id);
    expect(stored?.usedCount).toBe(1);
  });
});

import type { Coupon } from '@quan/contract/coupon';
import type { Customer } from '@quan/contract/customer';
import type { SpinPrize, SpinRecord } from '@quan/contract/spin-wheel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDay } from '../src/lib/local-day';
import { createSpinWheelService } from '../src/modules/spin-wheel/service';
import { createMenu } from './factories';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
let dish: { _id: string };
let tenPercent: Coupon;
let bigPrize: Coupon;
const today = localDay('Asia/Ho_Chi_Minh');

async function createCustomer(name: string, phone: string, status = 'active'): Promise<Customer> {
  const response = await t.request({
    method: 'POST',
    url: '/api/customers',
    payload: { name, phone, status },
    as: 'staff',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
  dish = (await createMenu(t, [{ price: 100_000 }])).items[0]!;
  const coupon = async (payload: Record<string, unknown>) =>
    (await t.request({ method: 'POST', url: '/api/coupons', payload, as: 'manager' })).json().data as Coupon;
  tenPercent = await coupon({ code: 'WHEEL-10', discountType: 'percent', discountValue: 10, spinWeight: 3 });
  bigPrize = await coupon({
    code: 'WHEEL-100K',
    description: '100.000 ₫ off',
    discountType: 'fixed',
    discountValue: 100_000,
    spinWeight: 1,
  });
  // Not on the wheel: no weight, not active, or not started yet.
  await coupon({ code: 'NOT-ON-WHEEL', discountType: 'fixed', discountValue: 5_000 });
  await coupon({ code: 'OFF-WHEEL', discountType: 'fixed', discountValue: 5_000, spinWeight: 9, isActive: false });
  await coupon({
    code: 'LATER-WHEEL',
    discountType: 'fixed',
    discountValue: 5_000,
    spinWeight: 9,
    startDate: addDays(today, 1),
  });
});
afterAll(() => t.close());

/** Who spins, as the service takes them: the staff account, in its branch (the first). */
const staffActor = async () => {
  const { user } = await t.signInAs('staff');
  const branches = await t.request({ method: 'GET', url: '/api/branches', as: 'staff' });
  return { id: user._id, branchId: branches.json().data[0]._id as string };
};

/** The service with a chosen draw instead of crypto randomness. */
const wheelDrawing = (draw: number) =>
  createSpinWheelService({
    db: t.app.database.db,
    settings: t.app.services.settings,
    customers: t.app.services.customers,
    coupons: t.app.services.coupons,
    random: (max) => {
      expect(max).toBe(8);
      return draw;
    },
  });

describe('spin wheel', () => {
  it('offers the active prize coupons by weight and a no-prize segment as heavy as all of them', async () => {
    const prizes: SpinPrize[] = (await t.request({ method: 'GET', url: '/api/spin-wheel/prizes', as: 'staff' })).json()
      .data;
    expect(prizes).toEqual([
      { couponId: tenPercent._id, label: '10% off', weight: 3 },
      { couponId: bigPrize._id, label: '100.000 ₫ off', weight: 1 },
      { couponId: null, label: 'Better luck next time', weight: 4 },
    ]);
  });

  it('lands on the segment the weighted draw falls in', async () => {
    const expected = [0, 0, 0, 1, 2, 2, 2, 2];
    for (const [draw, segmentIndex] of expected.entries()) {
      const customer = await createCustomer(`Draw ${draw}`, `0977${String(draw).padStart(6, '0')}`);
      const result = await wheelDrawing(draw).spin(await staffActor(), customer._id);
      expect(result.segmentIndex, `draw ${draw}`).toBe(segmentIndex);
      expect(result.prize === null).toBe(segmentIndex === 2);
    }
  });

  it('issues a single-use coupon for that customer, valid 30 days, and one spin a day', async () => {
    const winner = await createCustomer('Đỗ Hải Yến', '0966000001');
    const other = await createCustomer('Bùi Tiến Dũng', '0966000002');
    const result = await wheelDrawing(3).spin(await staffActor(), winner._id);
    expect(result.prize).toEqual({ couponId: bigPrize._id, label: '100.000 ₫ off' });
    expect(result.coupon).toMatchObject({
      discountType: 'fixed',
      discountValue: 100_000,
      usageLimit: 1,
      usedCount: 0,
      customerId: winner._id,
      startDate: today,
      endDate: addDays(today, 29),
      spinWeight: 0,
    });
    expect(result.coupon!.code).toMatch(/^SPIN-[A-Z2-9]{8}$/);

    const again = await t.request({
      method: 'POST',
      url: '/api/spin-wheel/spin',
      payload: { customerId: winner._id },
      as: 'staff',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Đỗ Hải Yến has already spun the wheel today; come back tomorrow');

    const order = (customerId: string) =>
      t.request({
        method: 'POST',
        url: '/api/order',
        payload: {
          customerDetails: { name: 'Khách', guests: 1 },
          customerId,
          couponCode: result.coupon!.code,
          items: [{ itemId: dish._id, quantity: 2 }],
        },
        as: 'staff',
      });
    const refused = await order(other._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('belongs to another customer');
    const used = await order(winner._id);
    expect(used.statusCode, used.body).toBe(201);
    expect(used.json().data.bills.discount).toBe(100_000);
    expect((await order(winner._id)).json().message).toBe(`Coupon ${result.coupon!.code} has been used up`);
  });

  it('spins through the API with crypto randomness, records every spin, and refuses inactive customers', async () => {
    const customer = await createCustomer('Ngô Bảo Châu', '0955000001');
    const spun = await t.request({
      method: 'POST',
      url: '/api/spin-wheel/spin',
      payload: { customerId: customer._id },
      as: 'staff',
    });
    expect(spun.statusCode, spun.body).toBe(200);
    const { segmentIndex } = spun.json().data;
    expect([0, 1, 2]).toContain(segmentIndex);

    const spins: SpinRecord[] = (await t.request({ method: 'GET', url: '/api/spin-wheel/spins', as: 'staff' })).json()
      .data;
    expect(spins[0]).toMatchObject({ customer: { _id: customer._id, name: 'Ngô Bảo Châu' } });
    expect(spins[0]!.spunBy?.name).toBe((await t.signInAs('staff')).user.name);

    const inactive = await createCustomer('Tạm Ngưng', '0955000002', 'inactive');
    const refused = await t.request({
      method: 'POST',
      url: '/api/spin-wheel/spin',
      payload: { customerId: inactive._id },
      as: 'staff',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Tạm Ngưng is inactive and cannot spin the wheel');
  });
});

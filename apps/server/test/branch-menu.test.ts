import type { Coupon } from '@quan/contract/coupon';
import type { Customer } from '@quan/contract/customer';
import type { Item } from '@quan/contract/menu';
import type { OptionGroup } from '@quan/contract/options';
import type { Order } from '@quan/contract/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBranch, createMenu, signInToBranch } from './factories';
import { buildTestApp, type SignedIn, type TestApp } from './helper';

let t: TestApp;
let branchA: string;
let branchB: string;
/** Staff and a manager of branch A (the first branch) and of branch B. */
let staffA: SignedIn;
let staffB: SignedIn;
let managerB: SignedIn;
let phoBo: { _id: string; price: number };
let nemRan: { _id: string; price: number };

beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
  staffA = await t.signInAs('staff');
  branchA = (await t.request({ method: 'GET', url: '/api/branches', as: 'admin' })).json().data[0]._id;
  branchB = (await addBranch(t, 'Quận 3'))._id;
  staffB = await signInToBranch(t, branchB, 'staff');
  managerB = await signInToBranch(t, branchB, 'manager');
  const { items } = await createMenu(t, [
    { name: 'Phở bò chi nhánh', price: 50_000 },
    { name: 'Nem rán chi nhánh', price: 40_000 },
  ]);
  [phoBo, nemRan] = [items[0]!, items[1]!];
  // Two branches' staff are registered and signed in: slower than one sign-in.
}, 120_000);
afterAll(() => t.close());

const menuOf = async (as: SignedIn, query = ''): Promise<Item[]> => {
  const response = await t.request({ method: 'GET', url: `/api/item${query}`, as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const dishIn = async (as: SignedIn, id: string, query = '') =>
  (await menuOf(as, query)).find((dish) => dish._id === id);

const setForBranch = (as: SignedIn, id: string, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: `/api/item/${id}/branch`, payload, as });

const order = (as: SignedIn, payload: Record<string, unknown>) =>
  t.request({
    method: 'POST',
    url: '/api/order',
    payload: { customerDetails: { name: 'Khách', guests: 1 }, ...payload },
    as,
  });

describe('one menu, each branch its prices', () => {
  it('answers each branch its own price, and prices its orders at it', async () => {
    const set = await setForBranch(managerB, phoBo._id, { price: 55_000 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ price: 55_000, menuPrice: 50_000, branchPrice: 55_000, isSold: true });

    expect(await dishIn(staffA, phoBo._id)).toMatchObject({ price: 50_000, branchPrice: null });
    expect(await dishIn(staffB, phoBo._id)).toMatchObject({ price: 55_000, menuPrice: 50_000 });

    const inB = await order(staffB, { items: [{ itemId: phoBo._id, quantity: 2 }] });
    expect(inB.statusCode, inB.body).toBe(201);
    const placedB: Order = inB.json().data;
    expect(placedB.items[0]).toMatchObject({ price: 55_000, total: 110_000 });
    const inA = await order(staffA, { items: [{ itemId: phoBo._id, quantity: 1 }] });
    expect(inA.statusCode, inA.body).toBe(201);
    expect((inA.json().data as Order).items[0]).toMatchObject({ price: 50_000 });

    // Back to the menu's price; the chain's price changes for every branch without a price of its own.
    expect((await setForBranch(managerB, phoBo._id, { price: null })).json().data.price).toBe(50_000);
  });

  it("leaves a dish the branch does not sell out of its list and refuses it on its orders; the editor's list keeps it", async () => {
    expect((await setForBranch(managerB, nemRan._id, { isSold: false })).statusCode).toBe(200);
    expect(await dishIn(staffB, nemRan._id)).toBeUndefined();
    expect(await dishIn(staffA, nemRan._id)).toMatchObject({ isSold: true, price: 40_000 });
    expect(await dishIn(managerB, nemRan._id, '?all=true')).toMatchObject({ isSold: false });

    const refused = await order(staffB, { items: [{ itemId: nemRan._id, quantity: 1 }] });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect((await order(staffA, { items: [{ itemId: nemRan._id, quantity: 1 }] })).statusCode).toBe(201);

    expect((await setForBranch(managerB, nemRan._id, { isSold: true })).statusCode).toBe(200);
    expect(await dishIn(staffB, nemRan._id)).toMatchObject({ isSold: true });
  });

  it('refuses a negative price, an unknown dish or option, and staff', async () => {
    const negative = await setForBranch(managerB, phoBo._id, { price: -1 });
    expect(negative.statusCode).toBe(400);
    const unknown = await setForBranch(managerB, '01900000-0000-7000-8000-000000000000', { price: 1_000 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('MENU_ITEM_NOT_FOUND');
    expect(unknown.json().message).toContain('01900000-0000-7000-8000-000000000000');
    const unknownOption = await t.request({
      method: 'PUT',
      url: '/api/option-group/option/01900000-0000-7000-8000-000000000000/branch',
      payload: { isSold: false },
      as: managerB,
    });
    expect(unknownOption.statusCode).toBe(404);
    expect(unknownOption.json().code).toBe('OPTION_NOT_FOUND');
    expect((await setForBranch(staffB, phoBo._id, { price: 1_000 })).statusCode).toBe(403);
  });

  it("prices an option at the branch's price change, and leaves out one the branch does not offer", async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/option-group',
      payload: {
        name: 'Thêm chi nhánh',
        minSelected: 0,
        maxSelected: 2,
        options: [
          { name: 'Trứng', priceDelta: 5_000 },
          { name: 'Quẩy', priceDelta: 3_000 },
        ],
      },
      as: 'manager',
    });
    expect(created.statusCode, created.body).toBe(201);
    const group: OptionGroup = created.json().data;
    const [egg, quay] = group.options as [OptionGroup['options'][number], OptionGroup['options'][number]];
    await t.request({
      method: 'PUT',
      url: `/api/item/${phoBo._id}`,
      payload: { optionGroupIds: [group._id] },
      as: 'manager',
    });

    const eggInB = await t.request({
      method: 'PUT',
      url: `/api/option-group/option/${egg._id}/branch`,
      payload: { priceDelta: 7_000 },
      as: managerB,
    });
    expect(eggInB.statusCode, eggInB.body).toBe(200);
    expect((eggInB.json().data as OptionGroup).options[0]).toMatchObject({
      priceDelta: 5_000,
      branchPriceDelta: 7_000,
    });
    await t.request({
      method: 'PUT',
      url: `/api/option-group/option/${quay._id}/branch`,
      payload: { isSold: false },
      as: managerB,
    });

    const offeredB = (await dishIn(staffB, phoBo._id))!.optionGroups[0]!.options;
    expect(offeredB.map((option) => [option.name, option.priceDelta])).toEqual([['Trứng', 7_000]]);
    const offeredA = (await dishIn(staffA, phoBo._id))!.optionGroups[0]!.options;
    expect(offeredA.map((option) => [option.name, option.priceDelta])).toEqual([
      ['Trứng', 5_000],
      ['Quẩy', 3_000],
    ]);

    const withEgg = await order(staffB, { items: [{ itemId: phoBo._id, quantity: 1, options: [egg._id] }] });
    expect(withEgg.statusCode, withEgg.body).toBe(201);
    expect((withEgg.json().data as Order).items[0]).toMatchObject({ price: 57_000 });
    const withQuay = await order(staffB, { items: [{ itemId: phoBo._id, quantity: 1, options: [quay._id] }] });
    expect(withQuay.statusCode).toBe(409);
  });
});

describe('coupons and loyalty across branches', () => {
  const createCoupon = async (payload: Record<string, unknown>) =>
    t.request({
      method: 'POST',
      url: '/api/coupons',
      payload: { discountType: 'fixed', discountValue: 10_000, ...payload },
      as: 'manager',
    });

  it('refuses in branch B a coupon limited to branch A, and an unknown branch when writing it', async () => {
    const created = await createCoupon({ code: 'CHI-NHANH-A', branchIds: [branchA] });
    expect(created.statusCode, created.body).toBe(201);
    expect((created.json().data as Coupon).branchIds).toEqual([branchA]);

    const validate = (as: SignedIn, code = 'CHI-NHANH-A') =>
      t.request({ method: 'POST', url: '/api/coupons/validate', payload: { code, subtotal: 100_000 }, as });
    expect((await validate(staffA)).statusCode).toBe(200);
    const refused = await validate(staffB);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('COUPON_OTHER_BRANCH');

    const inB = await order(staffB, { items: [{ itemId: phoBo._id, quantity: 1 }], couponCode: 'CHI-NHANH-A' });
    expect(inB.statusCode).toBe(409);
    expect(inB.json().code).toBe('COUPON_OTHER_BRANCH');
    const inA = await order(staffA, { items: [{ itemId: phoBo._id, quantity: 1 }], couponCode: 'CHI-NHANH-A' });
    expect(inA.statusCode, inA.body).toBe(201);

    const everywhere = await createCoupon({ code: 'MOI-NOI' });
    expect((everywhere.json().data as Coupon).branchIds).toEqual([]);
    expect((await validate(staffB, 'MOI-NOI')).statusCode).toBe(200);

    const unknown = await createCoupon({ code: 'KHONG-CO', branchIds: ['01900000-0000-7000-8000-000000000000'] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('01900000-0000-7000-8000-000000000000');

    const opened = await t.request({
      method: 'PUT',
      url: `/api/coupons/${(created.json().data as Coupon)._id}`,
      payload: { branchIds: [] },
      as: 'manager',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await validate(staffB)).statusCode).toBe(200);
  });

  it('keeps one loyalty balance: points earned in branch A are there in branch B, and B adds to them', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/customers',
      payload: { name: 'Khách hai quán', phone: '0912345670' },
      as: staffA,
    });
    expect(created.statusCode, created.body).toBe(201);
    const customer: Customer = created.json().data;

    const complete = async (as: SignedIn) => {
      const placed = await order(as, { customerId: customer._id, items: [{ itemId: phoBo._id, quantity: 2 }] });
      expect(placed.statusCode, placed.body).toBe(201);
      for (const status of ['ready', 'completed']) {
        const moved = await t.request({
          method: 'PUT',
          url: `/api/order/${(placed.json().data as Order)._id}`,
          payload: { status, paymentMethod: 'cash' },
          as,
        });
        expect(moved.statusCode, moved.body).toBe(200);
      }
    };
    const pointsSeenBy = async (as: SignedIn): Promise<number> =>
      (await t.request({ method: 'GET', url: `/api/customers/${customer._id}`, as })).json().data.loyaltyPoints;

    await complete(staffA);
    const earnedInA = await pointsSeenBy(staffA);
    expect(earnedInA).toBeGreaterThan(0);
    expect(await pointsSeenBy(staffB)).toBe(earnedInA);
    await complete(staffB);
    expect(await pointsSeenBy(staffA)).toBeGreaterThan(earnedInA);
  });
});

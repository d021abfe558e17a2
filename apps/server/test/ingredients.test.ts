import type { Ingredient, IngredientHistory } from '@quan/contract/ingredient';
import type { Item } from '@quan/contract/menu';
import type { PublicMenu } from '@quan/contract/public';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addBranch, createMenu, createTable, signInToBranch } from './factories';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(() => t.close());

let nameSequence = 0;

async function createIngredient(fields: Partial<Ingredient> & { quantity: number }): Promise<Ingredient> {
  nameSequence += 1;
  const response = await t.request({
    method: 'POST',
    url: '/api/ingredient',
    payload: { name: `Ingredient ${nameSequence}`, unit: 'kg', ...fields },
    as: 'manager',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function getIngredient(id: string): Promise<Ingredient> {
  const all: Ingredient[] = (await t.request({ method: 'GET', url: '/api/ingredient', as: 'staff' })).json().data;
  const found = all.find((ingredient) => ingredient._id === id);
  if (!found) throw new Error(`ingredient ${id} is not listed`);
  return found;
}

async function historyOf(id: string): Promise<IngredientHistory[]> {
  const response = await t.request({ method: 'GET', url: `/api/ingredient/${id}/history`, as: 'staff' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** A dish whose recipe is these lines. */
async function createDish(recipe: { ingredientId: string; quantity: number }[], price = 50_000): Promise<Item> {
  const { items } = await createMenu(t, [{ price }]);
  const response = await t.request({
    method: 'PUT',
    url: `/api/item/${items[0]!._id}`,
    payload: { recipe },
    as: 'manager',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const staffOrder = (itemId: string, quantity: number) =>
  t.request({
    method: 'POST',
    url: '/api/order',
    payload: { customerDetails: { name: 'Khách', guests: 1 }, items: [{ itemId, quantity }] },
    as: 'staff',
  });

const moveOrder = (orderId: string, status: string) =>
  t.request({ method: 'PUT', url: `/api/order/${orderId}`, payload: { status }, as: 'staff' });

const adjust = (id: string, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: `/api/ingredient/${id}`, payload, as: 'manager' });

describe('ingredients', () => {
  it('creates an ingredient with its initial history row, lets staff read and only managers write', async () => {
    const created = await createIngredient({
      name: 'Thịt bò',
      quantity: 5.5,
      lowStockThreshold: 1,
      costPerUnit: 280_000,
    });
    expect(created).toMatchObject({
      name: 'Thịt bò',
      unit: 'kg',
      quantity: 5.5,
      lowStockThreshold: 1,
      costPerUnit: 280_000,
      supplier: '',
      isLowStock: false,
    });
    const [initial] = await historyOf(created._id);
    expect(initial).toMatchObject({ change: 5.5, quantityAfter: 5.5, reason: 'initial', orderId: null });
    expect(initial!.user?.name).toBe((await t.signInAs('manager')).user.name);

    const asStaff = await t.request({
      method: 'POST',
      url: '/api/ingredient',
      payload: { name: 'Hành', unit: 'kg' },
      as: 'staff',
    });
    expect(asStaff.statusCode).toBe(403);
    expect((await adjust(created._id, { quantity: 1 })).statusCode).toBe(200);
    const staffPut = await t.request({
      method: 'PUT',
      url: `/api/ingredient/${created._id}`,
      payload: { quantity: 9 },
      as: 'staff',
    });
    expect(staffPut.statusCode).toBe(403);
  });

  it('refuses bad input with a message that names the field, and duplicate names', async () => {
    await createIngredient({ name: 'Nước mắm', unit: 'l', quantity: 2 });
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'Muối', unit: 'kg', quantity: 1.2345 }, 'quantity'],
      [{ name: 'Muối', unit: 'kg', quantity: -1 }, 'quantity'],
      [{ name: 'Muối', unit: 'cup' }, 'unit'],
      [{ name: '', unit: 'kg' }, 'name'],
      [{ name: 'Muối', unit: 'kg', isLowStock: true }, 'isLowStock'],
    ];
    for (const [payload, path] of cases) {
      const response = await t.request({ method: 'POST', url: '/api/ingredient', payload, as: 'manager' });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    const duplicate = await t.request({
      method: 'POST',
      url: '/api/ingredient',
      payload: { name: 'NƯỚC MẮM', unit: 'l' },
      as: 'manager',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('An ingredient named "NƯỚC MẮM" already exists');
  });

  it('records each change of quantity with its reason, note and author; newest first', async () => {
    const rice = await createIngredient({ quantity: 10 });
    expect((await adjust(rice._id, { change: 2.5, reason: 'restock', note: 'Giao sáng' })).json().data.quantity).toBe(
      12.5,
    );
    expect((await adjust(rice._id, { change: -0.3, reason: 'waste' })).json().data.quantity).toBe(12.2);
    expect((await adjust(rice._id, { quantity: 11.9, note: 'Kiểm kho' })).json().data.quantity).toBe(11.9);
    // Only the threshold: no history row.
    expect((await adjust(rice._id, { lowStockThreshold: 2 })).statusCode).toBe(200);

    const history = await historyOf(rice._id);
    expect(history.map(({ change, quantityAfter, reason, note }) => ({ change, quantityAfter, reason, note }))).toEqual(
      [
        { change: -0.3, quantityAfter: 11.9, reason: 'adjustment', note: 'Kiểm kho' },
        { change: -0.3, quantityAfter: 12.2, reason: 'waste', note: '' },
        { change: 2.5, quantityAfter: 12.5, reason: 'restock', note: 'Giao sáng' },
        { change: 10, quantityAfter: 10, reason: 'initial', note: '' },
      ],
    );
  });

  it('refuses changes that make no sense, and never goes below zero', async () => {
    const salt = await createIngredient({ name: 'Muối hột', quantity: 0.4 });
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ change: -0.5, reason: 'waste' }, 409, 'Only 0.40 kg of Muối hột left; cannot remove 0.50 kg'],
      [{ change: -1, reason: 'restock' }, 400, 'A restock adds stock: the change must be above 0'],
      [{ change: 1, reason: 'waste' }, 400, 'Waste removes stock: the change must be below 0'],
      [{ quantity: 0.1, reason: 'restock' }, 400, 'A restock adds stock'],
      [{ quantity: 1, change: 1 }, 400, 'Give either the new quantity or a change'],
      [{ note: 'no change' }, 400, 'A reason or note goes with a change of quantity'],
      [{ quantity: -1 }, 400, 'Quantity cannot be negative'],
    ];
    for (const [payload, status, text] of refusals) {
      const response = await adjust(salt._id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.body).toContain(text);
    }
    expect((await getIngredient(salt._id)).quantity).toBe(0.4);
    expect(await historyOf(salt._id)).toHaveLength(1);
    expect((await adjust('0190a1b2-0000-7000-8000-000000000000', { quantity: 1 })).statusCode).toBe(404);
  });

  it('refuses a change of unit while stock or a recipe counts in the old one', async () => {
    const flour = await createIngredient({ name: 'Bột gạo', quantity: 2 });
    const stocked = await adjust(flour._id, { unit: 'g' });
    expect(stocked.statusCode).toBe(409);
    expect(stocked.json().message).toBe(
      'Bột gạo has 2.00 kg in stock; set it to 0 before changing its unit (nothing is converted)',
    );
    const dish = await createDish([{ ingredientId: flour._id, quantity: 0.1 }]);
    const inRecipe = await adjust(flour._id, { unit: 'g', quantity: 0 });
    expect(inRecipe.json().message).toBe(`Bột gạo is used by the recipes of ${dish.name}; its unit cannot change`);
    expect((await getIngredient(flour._id)).unit).toBe('kg');
    await t.request({ method: 'PUT', url: `/api/item/${dish._id}`, payload: { recipe: [] }, as: 'manager' });
    await adjust(flour._id, { quantity: 0 });
    expect((await adjust(flour._id, { unit: 'g' })).json().data.unit).toBe('g');
  });

  it('refuses to delete an ingredient a recipe uses, naming the dishes; deletes it once unused', async () => {
    const beef = await createIngredient({ name: 'Bò tái', quantity: 3 });
    const dish = await createDish([{ ingredientId: beef._id, quantity: 0.15 }]);
    const refused = await t.request({ method: 'DELETE', url: `/api/ingredient/${beef._id}`, as: 'manager' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Bò tái is used by the recipe of ${dish.name}; remove it from them first`);

    await t.request({ method: 'PUT', url: `/api/item/${dish._id}`, payload: { recipe: [] }, as: 'manager' });
    const deleted = await t.request({ method: 'DELETE', url: `/api/ingredient/${beef._id}`, as: 'manager' });
    expect(deleted.statusCode).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: `/api/ingredient/${beef._id}/history`, as: 'staff' })).statusCode,
    ).toBe(404);
  });
});

describe('stock follows the orders', () => {
  it('takes recipe × portions exactly (no float drift) and writes a history row per ingredient', async () => {
    const noodles = await createIngredient({ quantity: 1 });
    const herbs = await createIngredient({ unit: 'g', quantity: 100 });
    const dish = await createDish([
      { ingredientId: noodles._id, quantity: 0.1 },
      { ingredientId: herbs._id, quantity: 7 },
    ]);
    const placed = await staffOrder(dish._id, 3);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data;

    expect((await getIngredient(noodles._id)).quantity).toBe(0.7);
    expect((await getIngredient(herbs._id)).quantity).toBe(79);
    const [taken] = await historyOf(noodles._id);
    expect(taken).toMatchObject({ change: -0.3, quantityAfter: 0.7, reason: 'order', orderId: order._id });
    expect(taken!.orderNo).toBe(order.orderNo);
    expect(taken!.user?.name).toBe((await t.signInAs('staff')).user.name);
  });

  it('refuses an order it cannot cover, naming the ingredient, and writes nothing', async () => {
    const beef = await createIngredient({ name: 'Beef', quantity: 0.4 });
    const dish = await createDish([{ ingredientId: beef._id, quantity: 0.25 }]);
    const before = (await t.request({ method: 'GET', url: '/api/order?limit=1', as: 'staff' })).json().pagination;

    const refused = await staffOrder(dish._id, 3);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Not enough Beef: need 0.75 kg, 0.40 kg left');
    expect((await getIngredient(beef._id)).quantity).toBe(0.4);
    expect(await historyOf(beef._id)).toHaveLength(1);
    const after = (await t.request({ method: 'GET', url: '/api/order?limit=1', as: 'staff' })).json().pagination;
    expect(after.totalItems).toBe(before.totalItems);
  });

  it('gives back what a cancelled order took, even after its recipe changed', async () => {
    const pork = await createIngredient({ quantity: 2 });
    const dish = await createDish([{ ingredientId: pork._id, quantity: 0.2 }]);
    const order = (await staffOrder(dish._id, 2)).json().data;
    expect((await getIngredient(pork._id)).quantity).toBe(1.6);

    await t.request({
      method: 'PUT',
      url: `/api/item/${dish._id}`,
      payload: { recipe: [{ ingredientId: pork._id, quantity: 0.5 }] },
      as: 'manager',
    });
    expect((await moveOrder(order._id, 'cancelled')).statusCode).toBe(200);
    expect((await getIngredient(pork._id)).quantity).toBe(2);
    const [givenBack] = await historyOf(pork._id);
    expect(givenBack).toMatchObject({ change: 0.4, quantityAfter: 2, reason: 'order_cancelled', orderId: order._id });
  });

  it("takes a diner's order when staff accept it, not before, and gives nothing back for a never-accepted one", async () => {
    const tofu = await createIngredient({ unit: 'pcs', quantity: 10 });
    const dish = await createDish([{ ingredientId: tofu._id, quantity: 2 }]);
    const table = await createTable(t);
    const dinerOrder = () =>
      t.request({
        method: 'POST',
        url: '/api/order',
        payload: { tableNo: table.tableNo, tableKey: table.qrKey, items: [{ itemId: dish._id, quantity: 2 }] },
      });

    const first = (await dinerOrder()).json().data;
    expect((await getIngredient(tofu._id)).quantity).toBe(10);
    expect((await moveOrder(first._id, 'in_progress')).statusCode).toBe(200);
    expect((await getIngredient(tofu._id)).quantity).toBe(6);

    // A second order from the table joins the open one as a round waiting for staff: rejecting it.
    const second = (await dinerOrder()).json().data;
    expect(second._id).toBe(first._id);
    const rejected = await t.request({
      method: 'PATCH',
      url: `/api/order/${second._id}/rounds/2`,
      payload: { status: 'cancelled' },
      as: 'staff',
    });
    expect(rejected.statusCode).toBe(200);
    expect((await getIngredient(tofu._id)).quantity).toBe(6);
    expect((await historyOf(tofu._id)).map((entry) => entry.reason)).toEqual(['order', 'initial']);
  });

  it('refuses to accept a diner order the stock no longer covers', async () => {
    const crab = await createIngredient({ name: 'Cua', unit: 'pcs', quantity: 1 });
    const dish = await createDish([{ ingredientId: crab._id, quantity: 1 }]);
    const table = await createTable(t);
    const order = (
      await t.request({
        method: 'POST',
        url: '/api/order',
        payload: { tableNo: table.tableNo, tableKey: table.qrKey, items: [{ itemId: dish._id, quantity: 2 }] },
      })
    ).json().data;
    const accept = await moveOrder(order._id, 'in_progress');
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toBe('Not enough Cua: need 2 pcs, 1 pcs left');
    expect((await t.request({ method: 'GET', url: `/api/order/${order._id}`, as: 'staff' })).json().data.status).toBe(
      'pending',
    );
  });

  it('sells the last portion exactly once to 20 simultaneous orders', async () => {
    const lobster = await createIngredient({ name: 'Tôm hùm', unit: 'pcs', quantity: 1 });
    const dish = await createDish([{ ingredientId: lobster._id, quantity: 1 }]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => staffOrder(dish._id, 1)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe(
      'Not enough Tôm hùm: need 1 pcs, 0 pcs left',
    );
    expect((await getIngredient(lobster._id)).quantity).toBe(0);
    expect((await historyOf(lobster._id)).filter((entry) => entry.reason === 'order')).toHaveLength(1);
  });

  it('shows a dish as sold out when one portion cannot be made, live, and brings it back on restock', async () => {
    const duck = await createIngredient({ quantity: 0.5 });
    const dish = await createDish([{ ingredientId: duck._id, quantity: 0.3 }]);
    const publicItems = async () =>
      ((await t.request({ method: 'GET', url: '/api/public-menu' })).json().data as PublicMenu).categories.flatMap(
        (category) => category.items.map((item) => item._id),
      );
    const itemState = async () =>
      ((await t.request({ method: 'GET', url: '/api/item', as: 'staff' })).json().data as Item[]).find(
        (item) => item._id === dish._id,
      )!;
    expect(await publicItems()).toContain(dish._id);
    const announced = vi.spyOn(t.app.realtime, 'emitToAll');

    expect((await staffOrder(dish._id, 1)).statusCode).toBe(201);
    expect(announced).toHaveBeenCalledWith('menu:updated', {});
    expect(await itemState()).toMatchObject({ isSoldOut: true, isAvailable: true });
    expect(await publicItems()).not.toContain(dish._id);

    announced.mockClear();
    await adjust(duck._id, { change: 0.1, reason: 'restock' });
    expect(announced).toHaveBeenCalledWith('menu:updated', {});
    expect((await itemState()).isSoldOut).toBe(false);
    expect(await publicItems()).toContain(dish._id);

    // A change that keeps every dish as it was announces nothing.
    announced.mockClear();
    await adjust(duck._id, { change: 1, reason: 'restock' });
    expect(announced).not.toHaveBeenCalled();
  });

  it('emits ingredient:low-stock once per crossing of the threshold', async () => {
    const shrimp = await createIngredient({ quantity: 2, lowStockThreshold: 1 });
    const dish = await createDish([{ ingredientId: shrimp._id, quantity: 0.5 }]);
    const staffEvents = vi.spyOn(t.app.realtime, 'emitToStaff');
    const lowStockEvents = () => staffEvents.mock.calls.filter(([, event]) => event === 'ingredient:low-stock');

    await staffOrder(dish._id, 1); // 1.5: above
    expect(lowStockEvents()).toHaveLength(0);
    await staffOrder(dish._id, 1); // 1.0: crosses
    await staffOrder(dish._id, 1); // 0.5: still low
    expect(lowStockEvents()).toHaveLength(1);
    expect(lowStockEvents()[0]![2]).toMatchObject({ _id: shrimp._id, quantity: 1, isLowStock: true });
    // To the staff of the branch whose stock fell, and nobody else's.
    const me = await t.request({ method: 'GET', url: '/api/user', as: 'staff' });
    expect(lowStockEvents()[0]![0]).toBe(me.json().data.branchId);
    expect((await getIngredient(shrimp._id)).isLowStock).toBe(true);

    await adjust(shrimp._id, { change: 2, reason: 'restock' }); // 2.5
    await staffOrder(dish._id, 3); // 1.0: crosses again
    expect(lowStockEvents()).toHaveLength(2);
  });
});

describe("each branch its own stock of the chain's catalogue", () => {
  it('keeps quantities, thresholds and history per branch; the catalogue is shared', async () => {
    const garlic = await createIngredient({ name: 'Tỏi', quantity: 3, lowStockThreshold: 1, costPerUnit: 60_000 });
    const other = await addBranch(t);
    const managerThere = await signInToBranch(t, other._id, 'manager');
    const staffThere = await signInToBranch(t, other._id, 'staff');
    const listThere = async () =>
      ((await t.request({ method: 'GET', url: '/api/ingredient', as: staffThere })).json().data as Ingredient[]).find(
        (ingredient) => ingredient._id === garlic._id,
      );

    // The same catalogue entry, none of it held there yet (no row: 0 and 0).
    expect(await listThere()).toMatchObject({ name: 'Tỏi', costPerUnit: 60_000, quantity: 0, lowStockThreshold: 0 });
    const emptyHistory = await t.request({
      method: 'GET',
      url: `/api/ingredient/${garlic._id}/history`,
      as: staffThere,
    });
    expect(emptyHistory.json().data).toEqual([]);

    // The first change there adds its row; the first branch's stock does not move.
    const restocked = await t.request({
      method: 'PUT',
      url: `/api/ingredient/${garlic._id}`,
      payload: { change: 2, reason: 'restock', lowStockThreshold: 0.5 },
      as: managerThere,
    });
    expect(restocked.statusCode, restocked.body).toBe(200);
    expect(restocked.json().data).toMatchObject({ quantity: 2, lowStockThreshold: 0.5, isLowStock: false });
    expect(await getIngredient(garlic._id)).toMatchObject({ quantity: 3, lowStockThreshold: 1 });
    const historyThere = (
      await t.request({ method: 'GET', url: `/api/ingredient/${garlic._id}/history`, as: staffThere })
    ).json().data as IngredientHistory[];
    expect(historyThere.map(({ change, reason }) => ({ change, reason }))).toEqual([{ change: 2, reason: 'restock' }]);
    expect((await historyOf(garlic._id)).map(({ reason }) => reason)).toEqual(['initial']);

    // A catalogue field edited in one branch is the chain's.
    await t.request({
      method: 'PUT',
      url: `/api/ingredient/${garlic._id}`,
      payload: { supplier: 'Chợ Bình Điền' },
      as: managerThere,
    });
    expect((await getIngredient(garlic._id)).supplier).toBe('Chợ Bình Điền');

    // Counting it to 0 here is not enough to change its unit while the other branch still holds some.
    await adjust(garlic._id, { quantity: 0 });
    const unit = await adjust(garlic._id, { unit: 'g' });
    expect(unit.statusCode).toBe(409);
    expect(unit.json()).toMatchObject({ code: 'INGREDIENT_UNIT_IN_STOCK_ELSEWHERE', params: { branch: other.name } });
  });

  it("takes an order's stock from its own branch, and refuses one the branch does not hold", async () => {
    const lime = await createIngredient({ quantity: 1 });
    const dish = await createDish([{ ingredientId: lime._id, quantity: 0.2 }]);
    const other = await addBranch(t);
    const staffThere = await signInToBranch(t, other._id, 'staff');
    const refused = await t.request({
      method: 'POST',
      url: '/api/order',
      payload: { customerDetails: { name: 'Khách', guests: 1 }, items: [{ itemId: dish._id, quantity: 1 }] },
      as: staffThere,
    });
    // Sold out there (or short, if the menu has not said so yet): the first branch's lime is not theirs.
    expect(refused.statusCode, refused.body).toBe(409);
    expect((await getIngredient(lime._id)).quantity).toBe(1);
  });
});

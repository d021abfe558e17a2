import type { Ingredient } from '@quan/contract/ingredient';
import type { Item } from '@quan/contract/menu';
import type { OptionGroup } from '@quan/contract/options';
import type { Order } from '@quan/contract/order';
import type { PublicMenu } from '@quan/contract/public';
import type { Station } from '@quan/contract/stations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMenu, createTable } from './factories';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
let beef: Ingredient;
let onion: Ingredient;
let egg: Ingredient;
let pho: Item;
let coffee: Item;
let comTam: Item;
let size: OptionGroup;
let prefs: OptionGroup;
let toppings: OptionGroup;
let sugar: OptionGroup;
let kitchen: Station;
let bar: Station;

const optionId = (group: OptionGroup, name: string) => group.options.find((o) => o.name === name)!._id;

async function ingredient(name: string, unit: string, quantity: number): Promise<Ingredient> {
  const response = await t.request({
    method: 'POST',
    url: '/api/ingredient',
    payload: { name, unit, quantity },
    as: 'manager',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function group(payload: object): Promise<OptionGroup> {
  const response = await t.request({ method: 'POST', url: '/api/option-group', payload, as: 'manager' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function station(payload: object): Promise<Station> {
  const response = await t.request({ method: 'POST', url: '/api/station', payload, as: 'manager' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function editItem(id: string, payload: object): Promise<Item> {
  const response = await t.request({ method: 'PUT', url: `/api/item/${id}`, payload, as: 'manager' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const getItem = async (id: string): Promise<Item> =>
  ((await t.request({ method: 'GET', url: '/api/item', as: 'staff' })).json().data as Item[]).find(
    (item) => item._id === id,
  )!;

function place(items: object[], extra: object = {}) {
  return t.request({
    method: 'POST',
    url: '/api/order',
    payload: { customerDetails: { name: 'Khách', guests: 2 }, items, ...extra },
    as: 'staff',
  });
}

async function placed(items: object[], extra: object = {}): Promise<Order> {
  const response = await place(items, extra);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const stockOf = async (id: string): Promise<number> =>
  ((await t.request({ method: 'GET', url: '/api/ingredient', as: 'manager' })).json().data as Ingredient[]).find(
    (row) => row._id === id,
  )!.quantity;

beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
  beef = await ingredient('Bò tái', 'kg', 10);
  onion = await ingredient('Hành lá', 'kg', 5);
  egg = await ingredient('Trứng', 'pcs', 1);
  kitchen = await station({ name: 'Bếp', targetMinutes: 12 });
  bar = await station({ name: 'Bar', targetMinutes: 5, sortOrder: 1 });

  size = await group({
    name: 'Size',
    minSelected: 1,
    maxSelected: 1,
    options: [
      { name: 'Nhỏ', priceDelta: -5_000, recipe: [{ ingredientId: beef._id, quantity: -0.05 }] },
      { name: 'Vừa' },
      { name: 'Lớn', priceDelta: 10_000, recipe: [{ ingredientId: beef._id, quantity: 0.1 }] },
    ],
  });
  prefs = await group({
    name: 'Preferences',
    maxSelected: 3,
    options: [
      { name: 'không hành', recipe: [{ ingredientId: onion._id, quantity: -0.02 }] },
      { name: 'ít đá' },
      { name: 'ít đường' },
    ],
  });
  toppings = await group({
    name: 'Topping',
    maxSelected: 2,
    options: [
      { name: 'thêm trứng', priceDelta: 5_000, recipe: [{ ingredientId: egg._id, quantity: 1 }] },
      { name: 'thêm bò', priceDelta: 20_000 },
      { name: 'quẩy', priceDelta: 3_000 },
    ],
  });
  sugar = await group({ name: 'Đường', minSelected: 1, maxSelected: 1, options: [{ name: 'Vừa đường' }] });

  const food = await createMenu(t, [
    { name: 'Phở bò', price: 65_000 },
    { name: 'Cơm tấm', price: 50_000 },
  ]);
  const drinks = await createMenu(t, [{ name: 'Cà phê sữa đá', price: 25_000 }]);
  await t.request({
    method: 'PUT',
    url: `/api/category/${drinks.categoryId}`,
    payload: { stationId: bar._id },
    as: 'manager',
  });
  pho = await editItem(food.items[0]!._id, {
    recipe: [
      { ingredientId: beef._id, quantity: 0.15 },
      { ingredientId: onion._id, quantity: 0.02 },
    ],
    optionGroupIds: [size._id, prefs._id, toppings._id],
    prepMinutes: 10,
  });
  comTam = await editItem(food.items[1]!._id, { optionGroupIds: [toppings._id] });
  coffee = await editItem(drinks.items[0]!._id, { optionGroupIds: [prefs._id] });
});
afterAll(() => t.close());

describe('option groups', () => {
  it('offers a dish its groups in order, options with price changes, and keeps recipes off the public menu', async () => {
    expect(pho.optionGroups.map((g) => [g.name, g.minSelected, g.maxSelected])).toEqual([
      ['Size', 1, 1],
      ['Preferences', 0, 3],
      ['Topping', 0, 2],
    ]);
    expect(pho.optionGroups[0]!.options.map((o) => [o.name, o.priceDelta])).toEqual([
      ['Nhỏ', -5_000],
      ['Vừa', 0],
      ['Lớn', 10_000],
    ]);
    expect(pho.prepMinutes).toBe(10);
    const list = (await t.request({ method: 'GET', url: '/api/option-group', as: 'staff' })).json().data;
    const listed = list.find((g: OptionGroup) => g._id === size._id) as OptionGroup;
    expect(listed.dishes).toEqual([{ _id: pho._id, name: 'Phở bò' }]);
    expect(listed.options[2]!.recipe).toEqual([{ ingredientId: beef._id, name: 'Bò tái', unit: 'kg', quantity: 0.1 }]);

    const menu: PublicMenu = (await t.app.inject({ method: 'GET', url: '/api/public-menu' })).json().data;
    const publicPho = menu.categories.flatMap((c) => c.items).find((item) => item._id === pho._id)!;
    expect(publicPho.optionGroups.map((g) => g.name)).toEqual(['Size', 'Preferences', 'Topping']);
    expect(JSON.stringify(menu)).not.toMatch(/recipe|ingredient/i);
  });

  it('refuses limits that do not fit, twin option names, unknown ingredients and a taken group name', async () => {
    const cases: [object, number, RegExp][] = [
      [
        { name: 'Đá', minSelected: 2, maxSelected: 1, options: [{ name: 'a' }, { name: 'b' }] },
        400,
        /minimum cannot be above the maximum/,
      ],
      [{ name: 'Đá', minSelected: 2, maxSelected: 2, options: [{ name: 'a' }] }, 400, /above the number of options/],
      [{ name: 'Đá', maxSelected: 1, options: [{ name: 'Ít' }, { name: 'ít' }] }, 400, /same name/],
      [
        {
          name: 'Đá',
          maxSelected: 1,
          options: [{ name: 'a', recipe: [{ ingredientId: '01a20d74-eaac-702f-b48e-05dfc2f412fd', quantity: 1 }] }],
        },
        400,
        /ingredient that does not exist/,
      ],
      [{ name: 'size', maxSelected: 1, options: [{ name: 'a' }] }, 409, /already exists/],
    ];
    for (const [payload, status, message] of cases) {
      const response = await t.request({ method: 'POST', url: '/api/option-group', payload, as: 'manager' });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toMatch(message);
    }
    const raise = await t.request({
      method: 'PUT',
      url: `/api/option-group/${sugar._id}`,
      payload: { minSelected: 2, maxSelected: 2 },
      as: 'manager',
    });
    expect(raise.statusCode).toBe(400);
    expect(raise.json().message).toMatch(/above the number of options/);
    const staff = await t.request({
      method: 'POST',
      url: '/api/option-group',
      payload: { name: 'X', maxSelected: 1, options: [{ name: 'a' }] },
      as: 'staff',
    });
    expect(staff.statusCode).toBe(403);
  });

  it('prices a line as the dish plus its options, copies them in the dish order and sends it to its station', async () => {
    const order = await placed([
      {
        itemId: pho._id,
        quantity: 2,
        options: [optionId(prefs, 'không hành'), optionId(size, 'Lớn'), optionId(toppings, 'quẩy')],
        note: 'nước trong',
      },
      { itemId: coffee._id, quantity: 1, options: [optionId(prefs, 'ít đường')] },
    ]);
    const [phoLine, coffeeLine] = order.items;
    expect(phoLine).toMatchObject({
      price: 78_000,
      quantity: 2,
      total: 156_000,
      stationId: kitchen._id,
      readyAt: null,
    });
    expect(phoLine!.options).toEqual([
      { optionId: optionId(size, 'Lớn'), group: 'Size', name: 'Lớn', priceDelta: 10_000 },
      { optionId: optionId(prefs, 'không hành'), group: 'Preferences', name: 'không hành', priceDelta: 0 },
      { optionId: optionId(toppings, 'quẩy'), group: 'Topping', name: 'quẩy', priceDelta: 3_000 },
    ]);
    expect(coffeeLine).toMatchObject({ price: 25_000, stationId: bar._id });
    expect(order.bills.subtotal).toBe(181_000);
  });

  it('takes the options’ stock: more beef for Lớn, less for Nhỏ, no onions for "không hành"', async () => {
    const [beefBefore, onionBefore] = [await stockOf(beef._id), await stockOf(onion._id)];
    await placed([{ itemId: pho._id, quantity: 2, options: [optionId(size, 'Lớn'), optionId(prefs, 'không hành')] }]);
    expect(await stockOf(beef._id)).toBeCloseTo(beefBefore - 0.5, 3);
    expect(await stockOf(onion._id)).toBeCloseTo(onionBefore, 3);
    const small = await placed([{ itemId: pho._id, quantity: 1, options: [optionId(size, 'Nhỏ')] }]);
    expect(await stockOf(beef._id)).toBeCloseTo(beefBefore - 0.6, 3);
    expect(await stockOf(onion._id)).toBeCloseTo(onionBefore - 0.02, 3);

    // A voided portion (a manager, as the kitchen started it) gives back its options' stock too.
    const large = await placed([{ itemId: pho._id, quantity: 2, options: [optionId(size, 'Lớn')] }]);
    const beforeVoid = await stockOf(beef._id);
    const voided = await t.request({
      method: 'POST',
      url: `/api/order/${large._id}/voids`,
      payload: { lines: [{ position: 0, quantity: 1 }], reason: 'changed_mind' },
      as: 'manager',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await stockOf(beef._id)).toBeCloseTo(beforeVoid + 0.25, 3);
    expect(voided.json().data.bills.subtotal).toBe(75_000);
    await t.request({ method: 'PUT', url: `/api/order/${large._id}`, payload: { status: 'cancelled' }, as: 'manager' });
    expect(await stockOf(beef._id)).toBeCloseTo(beforeVoid + 0.5, 3);

    // Cancelling gives back exactly what was taken.
    const cancel = await t.request({
      method: 'PUT',
      url: `/api/order/${small._id}`,
      payload: { status: 'cancelled' },
      as: 'staff',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await stockOf(beef._id)).toBeCloseTo(beefBefore - 0.5, 3);
  });

  it('names the group and the options of every bad choice', async () => {
    const cases: [object, number, RegExp][] = [
      [{ itemId: pho._id, quantity: 1 }, 400, /Phở bò: choose a Size/],
      [
        { itemId: pho._id, quantity: 1, options: [optionId(size, 'Nhỏ'), optionId(size, 'Lớn')] },
        400,
        /Size takes one choice, not Nhỏ and Lớn/,
      ],
      [
        {
          itemId: pho._id,
          quantity: 1,
          options: [
            optionId(size, 'Vừa'),
            optionId(toppings, 'quẩy'),
            optionId(toppings, 'thêm bò'),
            optionId(toppings, 'thêm trứng'),
          ],
        },
        400,
        /Topping takes at most 2 choices \(3 chosen: thêm trứng, thêm bò, quẩy\)|Topping takes at most 2 choices/,
      ],
      [
        { itemId: coffee._id, quantity: 1, options: [optionId(size, 'Lớn')] },
        400,
        /Lớn \(Size\) is not an option of Cà phê sữa đá/,
      ],
      [
        { itemId: pho._id, quantity: 1, options: [optionId(size, 'Vừa'), optionId(size, 'Vừa')] },
        400,
        /Vừa is chosen twice/,
      ],
    ];
    for (const [line, status, message] of cases) {
      const response = await place([line]);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toMatch(message);
    }
  });

  it('answers 409 naming an option removed meanwhile, and keeps sold options as they were sold', async () => {
    const extra = await group({
      name: 'Nước dùng',
      maxSelected: 1,
      options: [
        { name: 'Thêm nước', priceDelta: 2_000 },
        { name: 'Nước béo', priceDelta: 4_000 },
      ],
    });
    await editItem(comTam._id, { optionGroupIds: [toppings._id, extra._id] });
    const sold = await placed([{ itemId: comTam._id, quantity: 1, options: [optionId(extra, 'Nước béo')] }]);
    expect(sold.items[0]!.price).toBe(54_000);

    const kept = extra.options.find((o) => o.name === 'Thêm nước')!;
    const edit = await t.request({
      method: 'PUT',
      url: `/api/option-group/${extra._id}`,
      payload: { options: [{ _id: kept._id, name: 'Thêm nước dùng', priceDelta: 3_000 }] },
      as: 'manager',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data.options).toEqual([
      {
        _id: kept._id,
        name: 'Thêm nước dùng',
        nameEn: null,
        priceDelta: 3_000,
        branchPriceDelta: null,
        isSold: true,
        recipe: [],
        isDefault: false,
      },
    ]);
    const gone = await place([{ itemId: comTam._id, quantity: 1, options: [optionId(extra, 'Nước béo')] }]);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe('Nước dùng: Nước béo is no longer offered with Cơm tấm; choose again');

    const inUse = await t.request({ method: 'DELETE', url: `/api/option-group/${extra._id}`, as: 'manager' });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toMatch(/"Nước dùng" is offered with Cơm tấm; take it off that dish first/);
    await editItem(comTam._id, { optionGroupIds: [toppings._id] });
    const deleted = await t.request({ method: 'DELETE', url: `/api/option-group/${extra._id}`, as: 'manager' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const deletedGroup = await place([{ itemId: comTam._id, quantity: 1, options: [kept._id] }]);
    expect(deletedGroup.statusCode).toBe(409);
    expect(deletedGroup.json().message).toMatch(/no longer on the menu/);

    const history = (await t.request({ method: 'GET', url: `/api/order/${sold._id}`, as: 'staff' })).json().data;
    expect(history.items[0]).toMatchObject({
      price: 54_000,
      options: [{ group: 'Nước dùng', name: 'Nước béo', priceDelta: 4_000 }],
    });
  });

  it('refuses a choice that would cost less than nothing', async () => {
    const cheap = await group({ name: 'Giảm', maxSelected: 1, options: [{ name: 'Miễn phí', priceDelta: -99_000 }] });
    await editItem(comTam._id, { optionGroupIds: [toppings._id, cheap._id] });
    const response = await place([{ itemId: comTam._id, quantity: 1, options: [cheap.options[0]!._id] }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Cơm tấm with Miễn phí would cost less than nothing');
    await editItem(comTam._id, { optionGroupIds: [toppings._id] });
  });

  it('greys out an option whose ingredient ran out, keeps the dish, and gives the last egg to one order only', async () => {
    expect((await getItem(comTam._id)).optionGroups[0]!.options.find((o) => o.name === 'thêm trứng')!.isSoldOut).toBe(
      false,
    );
    const withEgg = { itemId: comTam._id, quantity: 1, options: [optionId(toppings, 'thêm trứng')] };
    const [first, second] = await Promise.all([place([withEgg]), place([withEgg])]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const refused = first.statusCode === 409 ? first : second;
    expect(refused.json().message).toBe('Not enough Trứng: need 1 pcs, 0 pcs left');
    expect(await stockOf(egg._id)).toBe(0);

    const after = await getItem(comTam._id);
    expect(after.isSoldOut).toBe(false);
    expect(after.optionGroups[0]!.options.map((o) => [o.name, o.isSoldOut])).toEqual([
      ['thêm trứng', true],
      ['thêm bò', false],
      ['quẩy', false],
    ]);
    const menu: PublicMenu = (await t.app.inject({ method: 'GET', url: '/api/public-menu' })).json().data;
    const publicComTam = menu.categories.flatMap((c) => c.items).find((item) => item._id === comTam._id)!;
    expect(publicComTam.optionGroups[0]!.options[0]).toMatchObject({ name: 'thêm trứng', isSoldOut: true });
  });

  it('sells a dish out when a required group has no option left', async () => {
    const rice = await ingredient('Gạo tấm', 'kg', 0.1);
    const portion = await group({
      name: 'Phần',
      minSelected: 1,
      maxSelected: 1,
      options: [{ name: 'Đầy đủ', recipe: [{ ingredientId: rice._id, quantity: 0.2 }] }],
    });
    await editItem(comTam._id, { optionGroupIds: [portion._id] });
    expect((await getItem(comTam._id)).isSoldOut).toBe(true);
    await editItem(comTam._id, { optionGroupIds: [toppings._id] });
    expect((await getItem(comTam._id)).isSoldOut).toBe(false);
  });

  it('refuses to delete an ingredient an option still changes, naming the option', async () => {
    const response = await t.request({ method: 'DELETE', url: `/api/ingredient/${egg._id}`, as: 'manager' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/Topping: thêm trứng/);
  });
});

describe('kitchen stations', () => {
  it('lets each station bump its own lines; the round is ready when the last one is done', async () => {
    const order = await placed([
      { itemId: pho._id, quantity: 1, options: [optionId(size, 'Lớn'), optionId(prefs, 'không hành')] },
      { itemId: coffee._id, quantity: 1, options: [optionId(prefs, 'ít đường')] },
    ]);
    const bump = (stationId: string, ready: boolean, expectedVersion?: number) =>
      t.request({
        method: 'PATCH',
        url: `/api/order/${order._id}/rounds/1/stations/${stationId}`,
        payload: { ready, expectedVersion },
        as: 'staff',
      });

    const barDone = await bump(bar._id, true, order.version);
    expect(barDone.statusCode, barDone.body).toBe(200);
    const afterBar: Order = barDone.json().data;
    expect(afterBar.rounds[0]!.status).toBe('in_progress');
    expect(afterBar.items.map((line) => line.readyAt !== null)).toEqual([false, true]);
    expect(afterBar.version).toBeGreaterThan(order.version);

    // An old screen is told; the same bump again changes nothing.
    expect((await bump(bar._id, true, order.version)).statusCode).toBe(409);
    expect((await bump(bar._id, true)).json().data.version).toBe(afterBar.version);
    const undone: Order = (await bump(bar._id, false)).json().data;
    expect(undone.items[1]!.readyAt).toBeNull();
    await bump(bar._id, true);

    const kitchenDone: Order = (await bump(kitchen._id, true)).json().data;
    expect(kitchenDone.rounds[0]!.status).toBe('ready');
    expect(kitchenDone.status).toBe('ready');
    const late = await bump(kitchen._id, false);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/is ready already/);
  });

  it('refuses to bump a round not started, a station with nothing in it, and an unknown station', async () => {
    const table = await createTable(t);
    const diner = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: { tableNo: table.tableNo, tableKey: table.qrKey, items: [{ itemId: coffee._id, quantity: 1 }] },
    });
    expect(diner.statusCode, diner.body).toBe(201);
    const orderId = diner.json().data._id;
    const pending = await t.request({
      method: 'PATCH',
      url: `/api/order/${orderId}/rounds/1/stations/${bar._id}`,
      payload: { ready: true },
      as: 'staff',
    });
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toMatchObject({ code: 'ROUND_NOT_ACCEPTED', message: /waits for approval/ });
    const nothing = await t.request({
      method: 'PATCH',
      url: `/api/order/${orderId}/rounds/1/stations/${kitchen._id}`,
      payload: { ready: true },
      as: 'staff',
    });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({ code: 'ROUND_NOTHING_FOR_STATION', params: { station: 'Bếp' } });
    const unknown = await t.request({
      method: 'PATCH',
      url: `/api/order/${orderId}/rounds/1/stations/01a20d74-eaac-702f-b48e-05dfc2f412fd`,
      payload: { ready: true },
      as: 'staff',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("starts a station's own lines, which then need a manager to void, while the other station's do not", async () => {
    const order = await placed([
      { itemId: pho._id, quantity: 1, options: [optionId(size, 'Lớn')] },
      { itemId: coffee._id, quantity: 1 },
    ]);
    const start = (stationId: string, expectedVersion?: number) =>
      t.request({
        method: 'POST',
        url: `/api/order/${order._id}/rounds/1/start`,
        payload: { stationId, expectedVersion },
        as: 'staff',
      });
    const barStarted = await start(bar._id, order.version);
    expect(barStarted.statusCode, barStarted.body).toBe(200);
    const started: Order = barStarted.json().data;
    expect(started.items.map((line) => line.startedAt !== null)).toEqual([false, true]);
    expect(started.version).toBeGreaterThan(order.version);
    expect((await start(bar._id, order.version)).statusCode).toBe(409);

    const voidLine = (position: number) =>
      t.request({
        method: 'POST',
        url: `/api/order/${order._id}/voids`,
        payload: { lines: [{ position, quantity: 1 }], reason: 'changed_mind' },
        as: 'staff',
      });
    const coffeeVoid = await voidLine(1);
    expect(coffeeVoid.statusCode).toBe(403);
    expect(coffeeVoid.json().code).toBe('VOID_NEEDS_MANAGER');
    expect((await voidLine(0)).statusCode).toBe(200);

    // Marking the bar's lines done starts what was not started, and the round's bump the rest.
    const other = await placed([
      { itemId: pho._id, quantity: 1, options: [optionId(size, 'Lớn')] },
      { itemId: coffee._id, quantity: 1 },
    ]);
    const barDone: Order = (
      await t.request({
        method: 'PATCH',
        url: `/api/order/${other._id}/rounds/1/stations/${bar._id}`,
        payload: { ready: true },
        as: 'staff',
      })
    ).json().data;
    expect(barDone.items.map((line) => line.startedAt !== null)).toEqual([false, true]);
    const ready: Order = (
      await t.request({
        method: 'PATCH',
        url: `/api/order/${other._id}/rounds/1`,
        payload: { status: 'ready' },
        as: 'staff',
      })
    ).json().data;
    expect(ready.items.every((line) => line.startedAt !== null)).toBe(true);
  });

  it('refuses to start a round waiting for approval or done, and a station with nothing in it', async () => {
    const table = await createTable(t);
    const diner = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: { tableNo: table.tableNo, tableKey: table.qrKey, items: [{ itemId: coffee._id, quantity: 1 }] },
    });
    const orderId = diner.json().data._id;
    const start = (stationId?: string) =>
      t.request({ method: 'POST', url: `/api/order/${orderId}/rounds/1/start`, payload: { stationId }, as: 'staff' });
    expect((await start()).json()).toMatchObject({ code: 'ROUND_NOT_ACCEPTED', params: { roundNo: 1 } });
    await t.request({
      method: 'PATCH',
      url: `/api/order/${orderId}/rounds/1`,
      payload: { status: 'in_progress' },
      as: 'staff',
    });
    expect((await start(kitchen._id)).json()).toMatchObject({ code: 'ROUND_NOTHING_FOR_STATION' });
    expect((await start(bar._id)).statusCode).toBe(200);
    await t.request({
      method: 'PATCH',
      url: `/api/order/${orderId}/rounds/1`,
      payload: { status: 'ready' },
      as: 'staff',
    });
    expect((await start()).json()).toMatchObject({ code: 'ROUND_NOT_COOKING', params: { status: 'ready' } });
    const unknown = await t.request({
      method: 'POST',
      url: `/api/order/${orderId}/rounds/2/start`,
      payload: {},
      as: 'staff',
    });
    expect(unknown.json()).toMatchObject({ code: 'ROUND_NOT_FOUND' });
  });

  it('routes a dish without a station of its own or of its category to the first station', async () => {
    const order = await placed([{ itemId: comTam._id, quantity: 1 }]);
    expect(order.items[0]!.stationId).toBe(kitchen._id);
    const drink = await placed([{ itemId: coffee._id, quantity: 1 }]);
    await editItem(coffee._id, { stationId: kitchen._id });
    expect((await placed([{ itemId: coffee._id, quantity: 1 }])).items[0]!.stationId).toBe(kitchen._id);
    await editItem(coffee._id, { stationId: null });
    expect(drink.items[0]!.stationId).toBe(bar._id);
  });

  it('counts ticket prints so the second copy is a reprint', async () => {
    const order = await placed([{ itemId: coffee._id, quantity: 1 }]);
    const print = () =>
      t.request({
        method: 'POST',
        url: `/api/order/${order._id}/rounds/1/tickets`,
        payload: { stationId: bar._id },
        as: 'staff',
      });
    expect((await print()).json().data).toEqual({ copy: 1, sentTo: null });
    expect((await print()).json().data).toEqual({ copy: 2, sentTo: null });
    const whole = await t.request({
      method: 'POST',
      url: `/api/order/${order._id}/rounds/1/tickets`,
      payload: {},
      as: 'staff',
    });
    expect(whole.json().data).toEqual({ copy: 1, sentTo: null });
  });

  it('reports sales by option and preparation times per station and dish', async () => {
    const order = await placed([
      { itemId: pho._id, quantity: 3, options: [optionId(size, 'Lớn')] },
      { itemId: coffee._id, quantity: 2, options: [optionId(prefs, 'ít đá')] },
    ]);
    for (const stationId of [kitchen._id, bar._id]) {
      await t.request({
        method: 'PATCH',
        url: `/api/order/${order._id}/rounds/1/stations/${stationId}`,
        payload: { ready: true },
        as: 'staff',
      });
    }
    const done = await t.request({
      method: 'PUT',
      url: `/api/order/${order._id}`,
      payload: { status: 'completed', paymentMethod: 'cash' },
      as: 'staff',
    });
    expect(done.statusCode, done.body).toBe(200);

    const sales = (await t.request({ method: 'GET', url: '/api/order/option-sales', as: 'manager' })).json().data;
    expect(sales.options).toEqual(
      expect.arrayContaining([
        { group: 'Size', name: 'Lớn', portions: 3, revenue: 30_000 },
        { group: 'Preferences', name: 'ít đá', portions: 2, revenue: 0 },
      ]),
    );
    const times = (await t.request({ method: 'GET', url: '/api/order/prep-times', as: 'manager' })).json().data;
    expect(times.byStation.map((row: { name: string }) => row.name).sort()).toEqual(['Bar', 'Bếp']);
    expect(times.byDish.find((row: { name: string }) => row.name === 'Phở bò').averageSeconds).toBeGreaterThanOrEqual(
      0,
    );
    const staff = await t.request({ method: 'GET', url: '/api/order/option-sales', as: 'staff' });
    expect(staff.statusCode).toBe(403);
  });

  it('sends a deleted station’s dishes to the first station', async () => {
    const grill = await station({ name: 'Nướng', sortOrder: 2 });
    await editItem(comTam._id, { stationId: grill._id });
    expect((await placed([{ itemId: comTam._id, quantity: 1 }])).items[0]!.stationId).toBe(grill._id);
    expect((await t.request({ method: 'DELETE', url: `/api/station/${grill._id}`, as: 'manager' })).statusCode).toBe(
      200,
    );
    expect((await getItem(comTam._id)).stationId).toBeNull();
    expect((await placed([{ itemId: comTam._id, quantity: 1 }])).items[0]!.stationId).toBe(kitchen._id);
  });
});

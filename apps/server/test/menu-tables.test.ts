import type { Category, Item } from '@quan/contract/menu';
import type { Table } from '@quan/contract/table';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMenu, createTable } from './factories';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
});
afterAll(() => t.close());

describe('menu', () => {
  it('keeps writes for managers and reads for everyone signed in', async () => {
    const asStaff = await t.request({
      method: 'POST',
      url: '/api/category',
      payload: { name: 'Đồ uống' },
      as: 'staff',
    });
    expect(asStaff.statusCode).toBe(403);
    const { categoryId, items } = await createMenu(t, [{ name: 'Cà phê sữa đá', price: 29_000 }]);
    const list = await t.request({ method: 'GET', url: `/api/item?categoryId=${categoryId}`, as: 'staff' });
    expect(list.json().data).toEqual([
      expect.objectContaining({
        _id: items[0]!._id,
        name: 'Cà phê sữa đá',
        price: 29_000,
        isAvailable: true,
        recipe: [],
      }),
    ]);
    const editByStaff = await t.request({
      method: 'PUT',
      url: `/api/item/${items[0]!._id}`,
      payload: { price: 1 },
      as: 'staff',
    });
    expect(editByStaff.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/item' })).statusCode).toBe(401);
  });

  it('orders categories by sort order then name, counts their dishes, and refuses duplicates', async () => {
    const later = await t.request({
      method: 'POST',
      url: '/api/category',
      payload: { name: 'Tráng miệng', sortOrder: 90 },
      as: 'manager',
    });
    const first = await t.request({
      method: 'POST',
      url: '/api/category',
      payload: { name: 'Khai vị', sortOrder: 1, color: '#15803d' },
      as: 'manager',
    });
    expect(first.json().data).toMatchObject({ name: 'Khai vị', color: '#15803d', itemCount: 0, description: '' });
    const dup = await t.request({ method: 'POST', url: '/api/category', payload: { name: 'KHAI VỊ' }, as: 'manager' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A category named "KHAI VỊ" already exists');
    const names = (
      (await t.request({ method: 'GET', url: '/api/category', as: 'staff' })).json().data as Category[]
    ).map((c) => c.name);
    expect(names.indexOf('Khai vị')).toBeLessThan(names.indexOf('Tráng miệng'));
    expect(later.statusCode).toBe(201);
  });

  it('will not delete a category that still has dishes, and says how many', async () => {
    const { categoryId, items } = await createMenu(t, [{ price: 10_000 }, { price: 20_000 }]);
    const refused = await t.request({ method: 'DELETE', url: `/api/category/${categoryId}`, as: 'manager' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/still has 2 dishes; move or delete them first$/);
    for (const item of items) await t.request({ method: 'DELETE', url: `/api/item/${item._id}`, as: 'manager' });
    expect((await t.request({ method: 'DELETE', url: `/api/category/${categoryId}`, as: 'manager' })).statusCode).toBe(
      200,
    );
  });

  it('checks the references of a dish: its category and its recipe ingredients', async () => {
    const { categoryId } = await createMenu(t, []);
    const ghost = '01900000-0000-7000-8000-000000000000';
    const badCategory = await t.request({
      method: 'POST',
      url: '/api/item',
      payload: { name: 'Gỏi cuốn', price: 40_000, categoryId: ghost },
      as: 'manager',
    });
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json().errors).toEqual([{ path: 'categoryId', message: 'Unknown category' }]);
    const badRecipe = await t.request({
      method: 'POST',
      url: '/api/item',
      payload: { name: 'Gỏi cuốn', price: 40_000, categoryId, recipe: [{ ingredientId: ghost, quantity: 0.25 }] },
      as: 'manager',
    });
    expect(badRecipe.statusCode).toBe(400);
    expect(badRecipe.json().errors).toEqual([{ path: 'recipe.0.ingredientId', message: 'Unknown ingredient' }]);
    const badPrice = await t.request({
      method: 'POST',
      url: '/api/item',
      payload: { name: 'X', price: 2 ** 31, categoryId },
      as: 'manager',
    });
    expect(badPrice.statusCode).toBe(400);
    expect(badPrice.json().errors[0].path).toBe('price');
  });

  it('edits a dish partially, keeping what was not sent', async () => {
    const { items } = await createMenu(t, [{ name: 'Bò lúc lắc', price: 120_000 }]);
    const edited = await t.request({
      method: 'PUT',
      url: `/api/item/${items[0]!._id}`,
      payload: { isAvailable: false },
      as: 'manager',
    });
    expect(edited.json().data as Item).toMatchObject({ name: 'Bò lúc lắc', price: 120_000, isAvailable: false });
  });

  it("keeps a dish's English name and description, clears them with '' and refuses them too long", async () => {
    const { categoryId } = await createMenu(t, []);
    const created = await t.request({
      method: 'POST',
      url: '/api/item',
      payload: { name: 'Phở bò', price: 65_000, categoryId, nameEn: '  Beef pho ', descriptionEn: 'Rice noodle soup' },
      as: 'manager',
    });
    expect(created.statusCode).toBe(201);
    const pho = created.json().data as Item;
    expect(pho).toMatchObject({ name: 'Phở bò', nameEn: 'Beef pho', descriptionEn: 'Rice noodle soup' });

    const plain = await t.request({
      method: 'POST',
      url: '/api/item',
      payload: { name: 'Bún chả', price: 55_000, categoryId },
      as: 'manager',
    });
    expect(plain.json().data).toMatchObject({ nameEn: null, descriptionEn: null });

    const renamed = await t.request({
      method: 'PUT',
      url: `/api/item/${pho._id}`,
      payload: { nameEn: 'Beef noodle soup' },
      as: 'manager',
    });
    expect(renamed.json().data).toMatchObject({ nameEn: 'Beef noodle soup', descriptionEn: 'Rice noodle soup' });

    const cleared = await t.request({
      method: 'PUT',
      url: `/api/item/${pho._id}`,
      payload: { descriptionEn: '   ' },
      as: 'manager',
    });
    expect(cleared.json().data).toMatchObject({ nameEn: 'Beef noodle soup', descriptionEn: null });
    const listed = (await t.request({ method: 'GET', url: `/api/item?categoryId=${categoryId}`, as: 'staff' })).json()
      .data as Item[];
    expect(listed.map(({ name, nameEn, descriptionEn }) => [name, nameEn, descriptionEn])).toEqual([
      ['Bún chả', null, null],
      ['Phở bò', 'Beef noodle soup', null],
    ]);

    const tooLong = await t.request({
      method: 'PUT',
      url: `/api/item/${pho._id}`,
      payload: { nameEn: 'x'.repeat(81), descriptionEn: 'x'.repeat(501) },
      as: 'manager',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual([
      { path: 'nameEn', message: 'English name can be at most 80 characters' },
      { path: 'descriptionEn', message: 'English description can be at most 500 characters' },
    ]);
  });
});

describe('tables', () => {
  it('creates tables with a 128-bit QR key, refuses a duplicate number and lists them by number', async () => {
    const table = await createTable(t, 6);
    expect(table).toMatchObject({ seats: 6, status: 'available', currentOrder: null });
    expect(Buffer.from(table.qrKey, 'base64url').length).toBeGreaterThanOrEqual(16);
    const dup = await t.request({
      method: 'POST',
      url: '/api/table',
      payload: { tableNo: table.tableNo, seats: 2 },
      as: 'manager',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(`Table ${table.tableNo} already exists`);
    const numbers = ((await t.request({ method: 'GET', url: '/api/table', as: 'staff' })).json().data as Table[]).map(
      (x) => x.tableNo,
    );
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    const tooMany = await t.request({
      method: 'POST',
      url: '/api/table',
      payload: { tableNo: 999, seats: 51 },
      as: 'manager',
    });
    expect(tooMany.json().errors).toEqual([{ path: 'seats', message: 'A table has at most 50 seats' }]);
  });

  it('lets staff seat and free a table, and keeps number, seats and QR key for managers', async () => {
    const table = await createTable(t);
    const seat = await t.request({
      method: 'PUT',
      url: `/api/table/${table._id}`,
      payload: { status: 'booked' },
      as: 'staff',
    });
    expect(seat.json().data.status).toBe('booked');
    const free = await t.request({
      method: 'PUT',
      url: `/api/table/${table._id}`,
      payload: { status: 'available' },
      as: 'staff',
    });
    expect(free.json().data.status).toBe('available');
    for (const payload of [{ seats: 8 }, { tableNo: 500 }, { rotateQrKey: true }]) {
      const response = await t.request({ method: 'PUT', url: `/api/table/${table._id}`, payload, as: 'staff' });
      expect(response.statusCode, JSON.stringify(payload)).toBe(403);
    }
    const rotated = await t.request({
      method: 'PUT',
      url: `/api/table/${table._id}`,
      payload: { rotateQrKey: true, seats: 8 },
      as: 'manager',
    });
    expect(rotated.json().data.qrKey).not.toBe(table.qrKey);
    expect(rotated.json().data.seats).toBe(8);
  });

  it('will not delete a booked table', async () => {
    const table = await createTable(t);
    await t.request({ method: 'PUT', url: `/api/table/${table._id}`, payload: { status: 'booked' }, as: 'staff' });
    const refused = await t.request({ method: 'DELETE', url: `/api/table/${table._id}`, as: 'manager' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Table ${table.tableNo} is booked; free it before deleting it`);
    await t.request({ method: 'PUT', url: `/api/table/${table._id}`, payload: { status: 'available' }, as: 'staff' });
    expect((await t.request({ method: 'DELETE', url: `/api/table/${table._id}`, as: 'manager' })).statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url: `/api/table/${table._id}`, as: 'staff' })).statusCode).toBe(403);
  });
});

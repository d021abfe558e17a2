import type { TestApp } from './helper';
import type { RegisterBody } from '@quan/contract/user';

let sequence = 0;

/** Registration fields that pass validation and never collide within a test run. */
export function newAccountInput(overrides: Partial<RegisterBody> = {}): RegisterBody {
  sequence += 1;
  const n = `${process.pid}${sequence}`.slice(-8).padStart(8, '0');
  return {
    name: `Nhân viên ${sequence}`,
    email: `person${sequence}.${process.pid}@example.test`,
    phone: `09${n}`,
    password: 'correct-horse-42',
    ...overrides,
  };
}

let menuSequence = 0;

/** A category and dishes created through the API as a manager; returns their ids and prices. */
export async function createMenu(
  t: TestApp,
  dishes: { name?: string; price: number; isAvailable?: boolean }[],
): Promise<{ categoryId: string; items: { _id: string; name: string; price: number }[] }> {
  menuSequence += 1;
  const category = await t.request({
    method: 'POST',
    url: '/api/category',
    payload: { name: `Món ${menuSequence}` },
    as: 'manager',
  });
  if (category.statusCode !== 201) throw new Error(`category: ${category.body}`);
  const categoryId = category.json().data._id as string;
  const items = [];
  for (const [index, dish] of dishes.entries()) {
    const response = await t.request({
      method: 'POST',
      url: '/api/item',
      payload: {
        name: dish.name ?? `Dish ${menuSequence}.${index}`,
        price: dish.price,
        categoryId,
        isAvailable: dish.isAvailable,
      },
      as: 'manager',
    });
    if (response.statusCode !== 201) throw new Error(`item: ${response.body}`);
    items.push(response.json().data);
  }
  return { categoryId, items };
}

let tableSequence = 0;

export async function createTable(t: TestApp, seats = 4): Promise<{ _id: string; tableNo: number; qrKey: string }> {
  tableSequence += 1;
  const response = await t.request({
    method: 'POST',
    url: '/api/table',
    payload: { tableNo: tableSequence, seats },
    as: 'manager',
  });
  if (response.statusCode !== 201) throw new Error(`table: ${response.body}`);
  return response.json().data;
}

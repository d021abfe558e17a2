import type { Item } from '@quan/contract/menu';
import type { OptionGroup } from '@quan/contract/options';
import type { Order } from '@quan/contract/order';
import type { PublicMenu } from '@quan/contract/public';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMenu } from './factories';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
let pho: { _id: string; name: string; price: number };

const sizes = [
  { name: 'Nhỏ', nameEn: 'Small', priceDelta: -5_000 },
  { name: 'Vừa', nameEn: 'Regular', isDefault: true },
  { name: 'Lớn', nameEn: 'Large', priceDelta: 10_000 },
];

const createGroup = (payload: object) =>
  t.request({ method: 'POST', url: '/api/option-group', payload, as: 'manager' });
const updateGroup = (id: string, payload: object) =>
  t.request({ method: 'PUT', url: `/api/option-group/${id}`, payload, as: 'manager' });

async function offerWithPho(group: OptionGroup): Promise<Item> {
  const response = await t.request({
    method: 'PUT',
    url: `/api/item/${pho._id}`,
    payload: { optionGroupIds: [group._id] },
    as: 'manager',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
  pho = (await createMenu(t, [{ name: 'Phở bò', price: 65_000 }])).items[0]!;
});

afterAll(() => t.close());

describe('a default option', () => {
  it('is kept with the group and offered with the dish, to staff and diners', async () => {
    const response = await createGroup({ name: 'Kích cỡ', minSelected: 1, maxSelected: 1, options: sizes });
    expect(response.statusCode, response.body).toBe(201);
    const size: OptionGroup = response.json().data;
    expect(size.options.map((option) => [option.name, option.isDefault])).toEqual([
      ['Nhỏ', false],
      ['Vừa', true],
      ['Lớn', false],
    ]);

    const dish = await offerWithPho(size);
    expect(dish.optionGroups[0]!.options.find((option) => option.isDefault)?.name).toBe('Vừa');
    const menu: PublicMenu = (await t.request({ method: 'GET', url: '/api/public-menu' })).json().data;
    const publicPho = menu.categories.flatMap((category) => category.items).find((item) => item._id === pho._id)!;
    expect(publicPho.optionGroups[0]!.options.map((option) => option.isDefault)).toEqual([false, true, false]);

    // Moved to another option on an edit, the default is that one alone.
    const moved = await updateGroup(size._id, {
      options: size.options.map(({ _id, name }) => ({ _id, name, isDefault: name === 'Lớn' })),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json().data as OptionGroup).options.filter((option) => option.isDefault).map((o) => o.name)).toEqual([
      'Lớn',
    ]);
  });

  it('is one per group: a second is refused with its code, naming the option', async () => {
    const twice = await createGroup({
      name: 'Độ chín',
      maxSelected: 1,
      options: [
        { name: 'Tái', isDefault: true },
        { name: 'Chín', isDefault: true },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({
      code: 'OPTION_GROUP_TWO_DEFAULTS',
      params: { option: 'Chín' },
      errors: [{ path: 'options.1.isDefault' }],
    });

    const size = (await t.request({ method: 'GET', url: '/api/option-group', as: 'manager' }))
      .json()
      .data.find((group: OptionGroup) => group.name === 'Kích cỡ') as OptionGroup;
    const edit = await updateGroup(size._id, {
      options: size.options.map(({ _id, name }) => ({ _id, name, isDefault: true })),
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().code).toBe('OPTION_GROUP_TWO_DEFAULTS');
  });

  it('is not chosen by the server: a required group without a choice is refused as before', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/order',
      payload: { customerDetails: { name: 'Khách', guests: 1 }, items: [{ itemId: pho._id, quantity: 1 }] },
      as: 'staff',
    });
    expect(response.statusCode).toBe(400);

    const size = (await t.request({ method: 'GET', url: '/api/item', as: 'staff' }))
      .json()
      .data.find((item: Item) => item._id === pho._id).optionGroups[0];
    const large = size.options.find((option: { isDefault?: boolean }) => option.isDefault);
    const chosen = await t.request({
      method: 'POST',
      url: '/api/order',
      payload: {
        customerDetails: { name: 'Khách', guests: 1 },
        items: [{ itemId: pho._id, quantity: 1, options: [large._id] }],
      },
      as: 'staff',
    });
    expect(chosen.statusCode, chosen.body).toBe(201);
    // The line keeps the option as sold, in the name staff typed.
    expect((chosen.json().data as Order).items[0]!.options).toMatchObject([{ group: 'Kích cỡ', name: 'Lớn' }]);
  });
});

import type { Category } from '@quan/contract/menu';
import type { OptionGroup } from '@quan/contract/options';
import type { PublicMenu } from '@quan/contract/public';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;

async function send<T>(method: 'POST' | 'PUT', url: string, payload: object): Promise<T> {
  const response = await t.request({ method, url, payload, as: 'manager' });
  expect(response.statusCode, response.body).toBe(method === 'POST' ? 201 : 200);
  return response.json().data;
}

const publicMenu = async (): Promise<PublicMenu> =>
  (await t.request({ method: 'GET', url: '/api/public-menu' })).json().data;

beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
});

afterAll(() => t.close());

describe('English names of categories, option groups and options', () => {
  it('are kept, sent to diners beside the names as typed, and cleared when emptied', async () => {
    const noodles = await send<Category>('POST', '/api/category', { name: 'Món nước', nameEn: '  Noodle soups ' });
    expect(noodles.nameEn).toBe('Noodle soups');
    const requests = await send<OptionGroup>('POST', '/api/option-group', {
      name: 'Yêu cầu',
      nameEn: 'Requests',
      maxSelected: 2,
      options: [{ name: 'Không hành', nameEn: 'No spring onion' }, { name: 'Thêm chanh' }],
    });
    expect(requests).toMatchObject({
      nameEn: 'Requests',
      options: [{ nameEn: 'No spring onion' }, { name: 'Thêm chanh', nameEn: null }],
    });
    await send('POST', '/api/item', {
      name: 'Phở bò',
      price: 65_000,
      categoryId: noodles._id,
      optionGroupIds: [requests._id],
    });

    const [category] = (await publicMenu()).categories;
    expect(category).toMatchObject({ name: 'Món nước', nameEn: 'Noodle soups' });
    expect(category!.items[0]!.optionGroups[0]).toMatchObject({
      name: 'Yêu cầu',
      nameEn: 'Requests',
      options: [
        { name: 'Không hành', nameEn: 'No spring onion' },
        { name: 'Thêm chanh', nameEn: null },
      ],
    });

    // An edit that leaves the English name out keeps it; an empty one clears it.
    expect((await send<Category>('PUT', `/api/category/${noodles._id}`, { description: 'Nóng' })).nameEn).toBe(
      'Noodle soups',
    );
    expect((await send<Category>('PUT', `/api/category/${noodles._id}`, { nameEn: '' })).nameEn).toBeNull();
    const renamed = await send<OptionGroup>('PUT', `/api/option-group/${requests._id}`, { nameEn: '' });
    expect(renamed.nameEn).toBeNull();
    expect(renamed.options[0]!.nameEn).toBe('No spring onion');
    expect((await publicMenu()).categories[0]!.nameEn).toBeNull();
  });

  it('are refused when longer than a name may be', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/category',
      payload: { name: 'Đồ uống', nameEn: 'D'.repeat(61) },
      as: 'manager',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject([{ path: 'nameEn' }]);
  });
});

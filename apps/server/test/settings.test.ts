import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.signInAs('admin');
});
afterAll(() => t.close());

describe('settings', () => {
  it('starts with the defaults and shows them to any signed-in user', async () => {
    const response = await t.request({ method: 'GET', url: '/api/settings', as: 'staff' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      restaurantName: 'Quán Ngon',
      taxRate: 8,
      timezone: 'Asia/Ho_Chi_Minh',
      currency: 'VND',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
  });

  it('lets only an admin change them, and keeps what was not sent', async () => {
    const byManager = await t.request({ method: 'PUT', url: '/api/settings', payload: { taxRate: 10 }, as: 'manager' });
    expect(byManager.statusCode).toBe(403);
    const first = await t.request({
      method: 'PUT',
      url: '/api/settings',
      payload: { restaurantName: 'Phở Hà Nội', taxRate: 10.5 },
      as: 'admin',
    });
    expect(first.statusCode).toBe(200);
    const second = await t.request({
      method: 'PUT',
      url: '/api/settings',
      payload: { timezone: 'Asia/Bangkok' },
      as: 'admin',
    });
    expect(second.json().data).toEqual({
      restaurantName: 'Phở Hà Nội',
      taxRate: 10.5,
      timezone: 'Asia/Bangkok',
      currency: 'VND',
    });
    const read = await t.request({ method: 'GET', url: '/api/settings', as: 'staff' });
    expect(read.json().data.restaurantName).toBe('Phở Hà Nội');
  });

  it('refuses values that make no sense, naming the field, and changes nothing', async () => {
    const before = (await t.request({ method: 'GET', url: '/api/settings', as: 'admin' })).json().data;
    const cases = [
      [{ taxRate: -1 }, 'taxRate', 'Tax rate cannot be negative'],
      [{ taxRate: 8.123 }, 'taxRate', 'Tax rate can have at most two decimals'],
      [{ timezone: 'Mars/Olympus' }, 'timezone', 'Unknown time zone (use an IANA name such as Asia/Ho_Chi_Minh)'],
      [{ currency: 'USD' }, 'currency', 'Only VND is supported'],
      [{ restaurantName: '   ' }, 'restaurantName', 'Restaurant name cannot be empty'],
    ] as const;
    for (const [payload, path, message] of cases) {
      const response = await t.request({ method: 'PUT', url: '/api/settings', payload, as: 'admin' });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors).toEqual([{ path, message }]);
    }
    expect((await t.request({ method: 'GET', url: '/api/settings', as: 'admin' })).json().data).toEqual(before);
  });
});

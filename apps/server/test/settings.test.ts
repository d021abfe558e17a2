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
      loyalty: {
        vndPerPoint: 10_000,
        multipliers: { bronze: 1, silver: 1.2, gold: 1.5, platinum: 2 },
        thresholds: { silver: 2_000_000, gold: 5_000_000, platinum: 15_000_000 },
      },
      bank: null,
      serviceCharge: { rate: 0, dineIn: true, takeaway: false, table: true },
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
    expect(second.json().data).toMatchObject({
      restaurantName: 'Phở Hà Nội',
      taxRate: 10.5,
      timezone: 'Asia/Bangkok',
      currency: 'VND',
    });
    const read = await t.request({ method: 'GET', url: '/api/settings', as: 'staff' });
    expect(read.json().data.restaurantName).toBe('Phở Hà Nội');

    // The loyalty programme's numbers are settings too.
    const loyalty = {
      vndPerPoint: 20_000,
      multipliers: { bronze: 1, silver: 1.5, gold: 2, platinum: 3 },
      thresholds: { silver: 1_000_000, gold: 4_000_000, platinum: 10_000_000 },
    };
    const changed = await t.request({ method: 'PUT', url: '/api/settings', payload: { loyalty }, as: 'admin' });
    expect(changed.json().data.loyalty).toEqual(loyalty);
  });

  it('refuses values that make no sense, naming the field, and changes nothing', async () => {
    const before = (await t.request({ method: 'GET', url: '/api/settings', as: 'admin' })).json().data;
    const cases = [
      [{ taxRate: -1 }, 'taxRate', 'Tax rate cannot be negative'],
      [{ taxRate: 8.123 }, 'taxRate', 'Tax rate can have at most two decimals'],
      [{ timezone: 'Mars/Olympus' }, 'timezone', 'Unknown time zone (use an IANA name such as Asia/Ho_Chi_Minh)'],
      [{ currency: 'USD' }, 'currency', 'Only VND is supported'],
      [{ restaurantName: '   ' }, 'restaurantName', 'Restaurant name cannot be empty'],
      [
        {
          loyalty: {
            vndPerPoint: 10_000,
            multipliers: { bronze: 1, silver: 1.2, gold: 1.5, platinum: 2 },
            thresholds: { silver: 5_000_000, gold: 2_000_000, platinum: 15_000_000 },
          },
        },
        'loyalty.thresholds',
        'Thresholds must rise from silver to gold to platinum',
      ],
    ] as const;
    for (const [payload, path, message] of cases) {
      const response = await t.request({ method: 'PUT', url: '/api/settings', payload, as: 'admin' });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors).toEqual([{ path, message }]);
    }
    expect((await t.request({ method: 'GET', url: '/api/settings', as: 'admin' })).json().data).toEqual(before);
  });
});

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
      // The default VAT rate of the dishes, and the service charge at that rate too.
      taxRate: 8,
      serviceVatRate: null,
      timezone: 'Asia/Ho_Chi_Minh',
      currency: 'VND',
      loyalty: {
        vndPerPoint: 10_000,
        multipliers: { bronze: 1, silver: 1.2, gold: 1.5, platinum: 2 },
        thresholds: { silver: 2_000_000, gold: 5_000_000, platinum: 15_000_000 },
      },
      bank: null,
      serviceCharge: { rate: 0, dineIn: true, takeaway: false, table: true },
      // A new restaurant speaks Vietnamese.
      language: 'vi',
      // Online booking stays off until a manager switches it on; lunch and dinner every day.
      reservations: {
        publicBooking: false,
        defaultMinutes: 90,
        warnMinutes: 60,
        openingHours: Array.from({ length: 7 }, () => [
          { from: '10:00', to: '14:00' },
          { from: '17:00', to: '22:00' },
        ]),
      },
      // Menu prices with VAT inside and cash in whole thousands, as most restaurants in Vietnam work.
      pricesIncludeTax: true,
      cashRounding: 1000,
      publicAddress: null,
      // No e-invoices until an admin sets up the branch's provider account.
      einvoicing: false,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
  });

  it('keeps the staff screens’ language of the restaurant, and each person’s own in their profile', async () => {
    const english = await buildTestApp({ RESTAURANT_LANGUAGE: 'en' });
    try {
      await english.signInAs('admin');
      const settings = await english.request({ method: 'GET', url: '/api/settings', as: 'admin' });
      expect(settings.json().data.language).toBe('en');
      // Saving another setting keeps the language the restaurant started with.
      await english.request({ method: 'PUT', url: '/api/settings', payload: { taxRate: 10 }, as: 'admin' });
      expect((await english.request({ method: 'GET', url: '/api/settings', as: 'admin' })).json().data.language).toBe(
        'en',
      );
    } finally {
      await english.close();
    }

    const changed = await t.request({ method: 'PUT', url: '/api/settings', payload: { language: 'en' }, as: 'admin' });
    expect(changed.json().data.language).toBe('en');
    const unknown = await t.request({ method: 'PUT', url: '/api/settings', payload: { language: 'fr' }, as: 'admin' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({ path: 'language' });
    await t.request({ method: 'PUT', url: '/api/settings', payload: { language: 'vi' }, as: 'admin' });

    const me = await t.request({ method: 'GET', url: '/api/user', as: 'staff' });
    expect(me.json().data).toMatchObject({ language: null, screenLanguage: 'vi' });
    const chosen = await t.request({ method: 'PUT', url: '/api/user', payload: { language: 'en' }, as: 'staff' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().data).toMatchObject({ language: 'en', screenLanguage: 'en' });
    const restaurants = await t.request({ method: 'PUT', url: '/api/user', payload: { language: null }, as: 'staff' });
    expect(restaurants.json().data).toMatchObject({ language: null, screenLanguage: 'vi' });
  });

  it('lets only an admin change them, and keeps what was not sent', async () => {
    const byManager = await t.request({ method: 'PUT', url: '/api/settings', payload: { taxRate: 10 }, as: 'manager' });
    expect(byManager.statusCode).toBe(403);
    const first = await t.request({
      method: 'PUT',
      url: '/api/settings',
      payload: { restaurantName: 'Phở Hà Nội', taxRate: 10, serviceVatRate: 'KCT' },
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
      taxRate: 10,
      serviceVatRate: 'KCT',
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

    // How the bill counts VAT and how cash is rounded.
    const money = await t.request({
      method: 'PUT',
      url: '/api/settings',
      payload: { pricesIncludeTax: false, cashRounding: 500 },
      as: 'admin',
    });
    expect(money.json().data).toMatchObject({ pricesIncludeTax: false, cashRounding: 500, loyalty });
  });

  it('refuses values that make no sense, naming the field, and changes nothing', async () => {
    const before = (await t.request({ method: 'GET', url: '/api/settings', as: 'admin' })).json().data;
    const cases = [
      [{ taxRate: -1 }, 'taxRate', 'A VAT rate is 0, 5, 8 or 10 (percent), or KCT for not subject to VAT'],
      [{ taxRate: 10.5 }, 'taxRate', 'A VAT rate is 0, 5, 8 or 10 (percent), or KCT for not subject to VAT'],
      [{ taxRate: null }, 'taxRate', 'A VAT rate is 0, 5, 8 or 10 (percent), or KCT for not subject to VAT'],
      [{ serviceVatRate: 7 }, 'serviceVatRate', 'A VAT rate is 0, 5, 8 or 10 (percent), or KCT for not subject to VAT'],
      [{ timezone: 'Mars/Olympus' }, 'timezone', 'Unknown time zone (use an IANA name such as Asia/Ho_Chi_Minh)'],
      [{ currency: 'USD' }, 'currency', 'Only VND is supported'],
      [{ restaurantName: '   ' }, 'restaurantName', 'Restaurant name cannot be empty'],
      [{ cashRounding: 200 }, 'cashRounding', 'Cash rounding is 0 (none), 500 or 1000 ₫'],
      [{ pricesIncludeTax: 'yes' }, 'pricesIncludeTax', 'Say whether prices include VAT'],
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

describe('the restaurant’s bank account for VietQR', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.signInAs('admin');
  });
  afterAll(() => t.close());

  it('is set by an admin, written as the bank writes it, read by staff, and cleared with null', async () => {
    expect((await t.request({ method: 'GET', url: '/api/settings', as: 'staff' })).json().data.bank).toBeNull();
    const bank = { bin: '970415', accountNumber: '0011001932418', accountName: 'Nguyễn Văn Đạt' };
    const byManager = await t.request({ method: 'PUT', url: '/api/settings', payload: { bank }, as: 'manager' });
    expect(byManager.statusCode).toBe(403);
    const saved = await t.request({ method: 'PUT', url: '/api/settings', payload: { bank }, as: 'admin' });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await t.request({ method: 'GET', url: '/api/settings', as: 'staff' })).json().data.bank;
    expect(read).toEqual({ bin: '970415', accountNumber: '0011001932418', accountName: 'NGUYEN VAN DAT' });
    const cleared = await t.request({ method: 'PUT', url: '/api/settings', payload: { bank: null }, as: 'admin' });
    expect(cleared.json().data.bank).toBeNull();
  });

  it('refuses an unknown bank, a malformed account number and an empty holder, changing nothing', async () => {
    const cases: [object, string][] = [
      [{ bin: '123456', accountNumber: '0011001932418', accountName: 'AN' }, 'Choose a bank from the list'],
      [{ bin: 'VCB', accountNumber: '0011001932418', accountName: 'AN' }, 'Choose a bank from the list'],
      [
        { bin: '970415', accountNumber: '0011 0019', accountName: 'AN' },
        'An account number has 4 to 19 letters and digits',
      ],
      [{ bin: '970415', accountNumber: '0011001932418', accountName: '  ' }, 'Enter the account holder'],
    ];
    for (const [bank, message] of cases) {
      const response = await t.request({ method: 'PUT', url: '/api/settings', payload: { bank }, as: 'admin' });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toContain(message);
    }
    expect((await t.request({ method: 'GET', url: '/api/settings', as: 'admin' })).json().data.bank).toBeNull();
  });
});

import type { AuditEntry } from '@quan/contract/audit';
import { type EinvoiceSettings, type UpdateEinvoiceSettingsBody } from '@quan/contract/einvoice';
import { eq } from 'drizzle-orm';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { einvoiceSettings } from '../src/db/schema/einvoices';
import { startSInvoiceSimulator, type SInvoiceSimulator } from '../src/demo/sinvoice-simulator';
import { loadEinvoiceSettings, providerFor } from '../src/modules/einvoices/provider-for-branch';
import { addBranch, signInToBranch } from './factories';
import { buildTestApp, type TestApp } from './helper';

// A branch's account at its e-invoice provider, set by an admin: saved, read back without its password, kept when
// saved again without one, checked by signing in to the loopback stand-in of Viettel S-Invoice.

const SELLER_TAX_CODE = '0100109106';
const PASSWORD = 'S3cret-pass-42';

let t: TestApp;
let simulator: SInvoiceSimulator;
const logLines: string[] = [];

beforeAll(async () => {
  simulator = await startSInvoiceSimulator({
    username: SELLER_TAX_CODE,
    password: PASSWORD,
    sellerTaxCode: SELLER_TAX_CODE,
  });
  // The most the log ever says, to be sure the password is in none of it.
  t = await buildTestApp({ LOG_LEVEL: 'trace' }, undefined, {
    logStream: { write: (line) => void logLines.push(line) },
  });
  await t.signInAs('admin');
});
afterAll(async () => {
  await t.close();
  await simulator.close();
});

function settingsBody(extra: Partial<UpdateEinvoiceSettingsBody> = {}): UpdateEinvoiceSettingsBody {
  return {
    provider: 'viettel',
    signInUrl: simulator.signInUrl,
    apiUrl: simulator.apiUrl,
    username: SELLER_TAX_CODE,
    password: PASSWORD,
    sellerTaxCode: SELLER_TAX_CODE,
    templateCode: '1/001',
    invoiceSeries: 'c25maa',
    enabled: true,
    ...extra,
  };
}

const save = (payload: object, as: Parameters<TestApp['request']>[0]['as'] = 'admin') =>
  t.request({ method: 'PUT', url: '/api/einvoice-settings', payload, as });
const read = (as: Parameters<TestApp['request']>[0]['as'] = 'admin') =>
  t.request({ method: 'GET', url: '/api/einvoice-settings', as });
const check = (as: Parameters<TestApp['request']>[0]['as'] = 'admin') =>
  t.request({ method: 'POST', url: '/api/einvoice-settings/check', as });

describe('a branch’s e-invoice settings', () => {
  it('are saved by an admin, read back without the password, kept when saved again without it, and sign in', async () => {
    expect((await read()).json().data).toBeNull();

    const first = await save(settingsBody());
    expect(first.statusCode, first.body).toBe(200);
    const expected: EinvoiceSettings = {
      provider: 'viettel',
      signInUrl: simulator.signInUrl,
      apiUrl: simulator.apiUrl,
      username: SELLER_TAX_CODE,
      hasPassword: true,
      sellerTaxCode: SELLER_TAX_CODE,
      templateCode: '1/001',
      // Kept in capitals, as the law writes it.
      invoiceSeries: 'C25MAA',
      enabled: true,
    };
    expect(first.json().data).toEqual(expected);
    expect(first.body).not.toContain(PASSWORD);

    const readBack = await read();
    expect(readBack.json().data).toEqual(expected);
    expect(readBack.body).not.toContain(PASSWORD);
    // Every screen learns that the branch issues invoices: the payment dialog then offers a company invoice.
    const einvoicing = async () =>
      (await t.request({ method: 'GET', url: '/api/settings', as: 'staff' })).json().data.einvoicing as boolean;
    expect(await einvoicing()).toBe(true);

    // Switched off, the password left out (and left empty, as the page sends it): the stored one still signs in.
    const { password: _left, ...withoutPassword } = settingsBody({ enabled: false });
    const second = await save(withoutPassword);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toEqual({ ...expected, enabled: false });
    expect(await einvoicing()).toBe(false);
    expect((await save({ ...withoutPassword, password: '' })).statusCode).toBe(200);

    const signInsBefore = simulator.signIns;
    const checked = await check();
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().data).toEqual({ ok: true });
    expect(simulator.signIns).toBe(signInsBefore + 1);
  });

  it('write each save to the audit trail, without the password', async () => {
    const response = await t.request({ method: 'GET', url: '/api/audit?kind=einvoice', as: 'admin' });
    expect(response.statusCode, response.body).toBe(200);
    const entries = response.json<{ data: AuditEntry[] }>().data;
    expect(entries.length).toBeGreaterThanOrEqual(3);
    expect(entries.map((entry) => entry.details.passwordChanged)).toEqual([false, false, true]);
    expect(entries[2]!.details).toMatchObject({ action: 'settings', sellerTaxCode: SELLER_TAX_CODE, enabled: true });
    expect(entries[2]!.actor).not.toBeNull();
    expect(response.body).not.toContain(PASSWORD);
  });

  it('are for admins only', async () => {
    for (const role of ['manager', 'staff'] as const) {
      expect((await read(role)).statusCode, role).toBe(403);
      expect((await save(settingsBody(), role)).statusCode, role).toBe(403);
      expect((await check(role)).statusCode, role).toBe(403);
    }
  });

  it.each([
    ['a series without M', { invoiceSeries: 'C25AAA' }, 'invoiceSeries', /M as its fourth character/],
    ['a series with the form number', { invoiceSeries: '1C25MAA' }, 'invoiceSeries', /without the form number/],
    ['a tax code whose check digit is wrong', { sellerTaxCode: '0100109107' }, 'sellerTaxCode', /10th digit/],
    [
      'a plain http address that is not this machine',
      { signInUrl: 'http://api-vinvoice.viettel.vn/auth/login' },
      'signInUrl',
      /https address/,
    ],
    ['a template code of no form', { templateCode: '01GTKT0/001' }, 'templateCode', /form number 1/],
  ])('refuse %s, naming the field', async (_what, change, field, message) => {
    const response = await save(settingsBody(change));
    expect(response.statusCode, response.body).toBe(400);
    const errors = response.json<{ errors: { path: string; message: string }[] }>().errors;
    expect(errors).toContainEqual({ path: field, message: expect.stringMatching(message) });
  });

  it('answer a wrong password with the provider’s own message', async () => {
    expect((await save(settingsBody({ password: 'not-the-password' }))).statusCode).toBe(200);
    const response = await check();
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ code: 'EINVOICE_SIGN_IN_REFUSED' });
    expect(response.json().message).toContain('Tên đăng nhập hoặc mật khẩu không đúng');
    expect(response.body).not.toContain('not-the-password');
    expect((await save(settingsBody())).statusCode).toBe(200);
  });

  it('answer 502 when the provider cannot be reached', async () => {
    const gone = await startSInvoiceSimulator({ username: 'x', password: 'y', sellerTaxCode: SELLER_TAX_CODE });
    await gone.close();
    expect((await save(settingsBody({ signInUrl: gone.signInUrl, apiUrl: gone.apiUrl }))).statusCode).toBe(200);
    const response = await check();
    expect(response.statusCode, response.body).toBe(502);
    expect(response.json()).toMatchObject({ code: 'EINVOICE_PROVIDER_UNREACHABLE' });
    expect((await save(settingsBody())).statusCode).toBe(200);
  });

  it('are each branch’s own: another branch starts without any, and its first save needs a password', async () => {
    const branch = await addBranch(t);
    const admin = await signInToBranch(t, branch._id, 'admin');
    expect((await read(admin)).json().data).toBeNull();
    expect((await check(admin)).statusCode).toBe(404);

    const { password: _left, ...withoutPassword } = settingsBody({ templateCode: '2/001', invoiceSeries: 'C26MQ3' });
    const refused = await save(withoutPassword, admin);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'EINVOICE_PASSWORD_REQUIRED' });
    expect(refused.json().errors).toContainEqual({ path: 'password', message: expect.any(String) });

    const saved = await save({ ...withoutPassword, password: 'branch-two-password' }, admin);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ templateCode: '2/001', invoiceSeries: 'C26MQ3' });
    // The first branch's are as they were.
    expect((await read()).json().data).toMatchObject({ templateCode: '1/001', invoiceSeries: 'C25MAA' });
  });

  it('give the adapter the series with the template’s form number in front, as Viettel numbers invoices', async () => {
    // The first branch's, saved last by the tests above.
    const [first] = await t.app.database.db
      .select({ branchId: einvoiceSettings.branchId })
      .from(einvoiceSettings)
      .where(eq(einvoiceSettings.templateCode, '1/001'));
    const row = await loadEinvoiceSettings(t.app.database.db, first!.branchId);
    expect(row).not.toBeNull();
    const outcome = await providerFor(row!).issue({
      transactionId: 'settings-test-1',
      seller: { taxCode: SELLER_TAX_CODE, legalName: 'Quán Ăn Ngon', address: '18 Phan Bội Châu, Hà Nội' },
      buyer: { kind: 'walk-in' },
      lines: [
        {
          kind: 'item',
          name: 'Phở bò',
          unitName: 'Bát',
          quantity: 1,
          unitPrice: 50_000,
          vatRate: 8,
          amountBeforeTax: 50_000,
          taxAmount: 4_000,
        },
      ],
      taxesByRate: [{ vatRate: 8, taxableAmount: 50_000, taxAmount: 4_000 }],
      totals: { amountBeforeTax: 50_000, taxAmount: 4_000, amountWithTax: 54_000 },
      paymentMethod: 'cash',
      paid: true,
      issuedAt: new Date(),
    });
    expect(outcome).toMatchObject({ kind: 'issued', invoice: { invoiceNumber: '1C25MAA1', templateCode: '1/001' } });
  });

  it.each([
    ['sign-in address', { signInUrl: 'https://elsewhere.example/auth/login' }],
    ['API address', { apiUrl: 'https://elsewhere.example/api/' }],
    ['user name', { username: 'someone-else' }],
  ])('ask for the password again when the %s changes, rather than send the saved one there', async (_what, change) => {
    const { password: _left, ...withoutPassword } = settingsBody(change);
    const refused = await save(withoutPassword);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'EINVOICE_PASSWORD_REQUIRED' });
    expect(refused.json().errors).toContainEqual({ path: 'password', message: expect.any(String) });
    // Nothing was saved: the check still signs in where it did.
    expect((await read()).json().data).toMatchObject({ signInUrl: simulator.signInUrl, username: SELLER_TAX_CODE });
    expect((await check()).statusCode).toBe(200);
  });

  it('do not follow a redirect from the provider, which would carry the password elsewhere', async () => {
    const redirector = http.createServer((_request, response) => {
      response.writeHead(307, { location: simulator.signInUrl }).end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    const { port } = redirector.address() as AddressInfo;
    try {
      expect((await save(settingsBody({ signInUrl: `http://127.0.0.1:${port}/auth/login` }))).statusCode).toBe(200);
      const signInsBefore = simulator.signIns;
      const response = await check();
      expect(response.statusCode, response.body).toBe(502);
      expect(response.json()).toMatchObject({ code: 'EINVOICE_PROVIDER_UNREACHABLE' });
      expect(response.json().message).toMatch(/redirect/);
      expect(simulator.signIns).toBe(signInsBefore);
    } finally {
      await new Promise((resolve) => redirector.close(resolve));
      expect((await save(settingsBody())).statusCode).toBe(200);
    }
  });

  it('never write the password to the log', () => {
    // Should anything ever log a body, its password is masked all the same.
    t.app.log.info({ body: settingsBody({ password: 'logged-by-mistake' }) }, 'a body logged by mistake');
    expect(logLines.some((line) => line.includes('a body logged by mistake'))).toBe(true);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.some((line) => line.includes('/api/einvoice-settings'))).toBe(true);
    expect(
      logLines.filter((line) =>
        [PASSWORD, 'not-the-password', 'logged-by-mistake'].some((secret) => line.includes(secret)),
      ),
    ).toEqual([]);
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { viettelAddresses, type EinvoiceSettings } from '@quan/contract/einvoice';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { fail, installFakeApi, ok, type FakeHandler } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { preloadRoutes, renderRoutes } from '../../../test/render-routes';

const saved: EinvoiceSettings = {
  provider: 'viettel',
  signInUrl: viettelAddresses.signInUrl,
  apiUrl: viettelAddresses.apiUrl,
  username: '0100109106',
  hasPassword: true,
  sellerTaxCode: '0100109106',
  templateCode: '1/001',
  invoiceSeries: 'C25MAA',
  enabled: true,
};

/** The branch's settings as the server keeps them, and what the check answers. */
function einvoiceApi(
  initial: EinvoiceSettings | null,
  checkAnswer: ReturnType<FakeHandler> = ok({ ok: true }),
): FakeHandler {
  let settings = initial;
  return ({ method, url, config }) => {
    if (method === 'GET' && url === '/api/einvoice-settings') return ok(settings);
    if (method === 'PUT' && url === '/api/einvoice-settings') {
      const { password, ...body } = JSON.parse(config.data as string) as EinvoiceSettings & { password?: string };
      settings = { ...body, hasPassword: Boolean(password) || (settings?.hasPassword ?? false) };
      return ok(settings);
    }
    if (method === 'POST' && url === '/api/einvoice-settings/check') return checkAnswer;
    return fail(404, 'Not found');
  };
}

describe('EinvoicesPage', { timeout: 20_000 }, () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());
  beforeAll(() => preloadRoutes(routes, '/einvoices'));

  function open(handler: FakeHandler, role: 'admin' | 'manager' = 'admin') {
    storeSession(makeUser({ role }), tokenExpiringIn(3600));
    const api = installFakeApi(handler);
    fakeApi = api;
    return { api, ...renderRoutes(routes, { path: '/einvoices' }) };
  }

  it('sets up a branch from Viettel’s addresses, keeps the password unseen, and checks the saved account', async () => {
    const { api } = open(einvoiceApi(null));

    expect(await screen.findByLabelText('Sign-in address')).toHaveValue(viettelAddresses.signInUrl);
    expect(screen.getByLabelText('API address')).toHaveValue(viettelAddresses.apiUrl);
    expect(screen.getByLabelText('Provider')).toHaveDisplayValue('Viettel S-Invoice');
    // Nothing saved yet: nothing to check.
    expect(screen.getByRole('button', { name: 'Check the connection' })).toBeDisabled();

    await userEvent.type(screen.getByLabelText('User name'), '0100109106');
    await userEvent.type(screen.getByLabelText('Password'), 'S3cret-pass-42');
    await userEvent.type(screen.getByLabelText("Seller's tax code"), '0100109106');
    await userEvent.type(screen.getByLabelText('Template code'), '1/001');
    await userEvent.type(screen.getByLabelText('Series'), 'c25maa');
    await userEvent.click(screen.getByRole('switch', { name: 'Invoice completed orders by themselves' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('E-invoice settings saved')).toBeInTheDocument();
    const put = api.configs.find((request) => request.method === 'put');
    expect(JSON.parse(put?.data as string)).toEqual({
      provider: 'viettel',
      signInUrl: viettelAddresses.signInUrl,
      apiUrl: viettelAddresses.apiUrl,
      username: '0100109106',
      password: 'S3cret-pass-42',
      sellerTaxCode: '0100109106',
      templateCode: '1/001',
      invoiceSeries: 'C25MAA',
      enabled: true,
    });
    const password = screen.getByLabelText('Password');
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('placeholder', 'Saved — leave empty to keep it');

    await userEvent.click(screen.getByRole('button', { name: 'Check the connection' }));
    expect(await screen.findByText('Signed in to the provider with the saved account.')).toBeInTheDocument();
    expect(api.requests).toContain('POST /api/einvoice-settings/check');
  });

  it('saves again without the password, which the server then keeps', async () => {
    const { api } = open(einvoiceApi(saved));

    await userEvent.click(await screen.findByRole('switch', { name: 'Invoice completed orders by themselves' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('E-invoice settings saved')).toBeInTheDocument();
    const put = api.configs.find((request) => request.method === 'put');
    expect(JSON.parse(put?.data as string)).not.toHaveProperty('password');
    expect(JSON.parse(put?.data as string)).toMatchObject({ enabled: false, invoiceSeries: 'C25MAA' });
  });

  it('shows the provider’s own message when the saved account does not sign in', async () => {
    const refusal = 'Viettel S-Invoice refused the sign-in: Tên đăng nhập hoặc mật khẩu không đúng';
    open(
      einvoiceApi(saved, {
        status: 422,
        body: { success: false, message: refusal, code: 'EINVOICE_SIGN_IN_REFUSED', params: { message: refusal } },
      }),
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Check the connection' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
  });

  it('refuses a series with the form number and a wrong tax code before asking the server, in Vietnamese too', async () => {
    await activateLanguage('vi', 'staff');
    try {
      storeSession(makeUser({ role: 'admin', language: 'vi' }), tokenExpiringIn(3600));
      const api = installFakeApi(einvoiceApi(saved));
      fakeApi = api;
      renderRoutes(routes, { path: '/einvoices' });

      const series = await screen.findByLabelText('Ký hiệu');
      await userEvent.clear(series);
      await userEvent.type(series, '1C25MAA');
      const taxCode = screen.getByLabelText('Mã số thuế người bán');
      await userEvent.clear(taxCode);
      await userEvent.type(taxCode, '0100109107');
      await userEvent.click(screen.getByRole('button', { name: 'Lưu' }));

      expect(
        await screen.findByText('Nhập ký hiệu hóa đơn không kèm mẫu số phía trước: C25MAA, không phải 1C25MAA'),
      ).toBeInTheDocument();
      expect(screen.getByText(/^Chữ số thứ 10 của mã số thuế không khớp/)).toBeInTheDocument();
      expect(series).toHaveAttribute('aria-invalid', 'true');
      expect(taxCode).toHaveAttribute('aria-invalid', 'true');
      expect(api.requests.filter((request) => request.startsWith('PUT'))).toEqual([]);
      // The check would sign in with what is saved, not what is typed.
      expect(screen.getByRole('button', { name: 'Kiểm tra kết nối' })).toBeDisabled();
    } finally {
      await activateLanguage('en', 'staff');
    }
  });

  it('tells a manager that only an admin sets it up', async () => {
    const { api } = open(einvoiceApi(saved), 'manager');
    expect(await screen.findByText('Only an admin can set up e-invoices.')).toBeInTheDocument();
    expect(api.requests).not.toContain('GET /api/einvoice-settings');
  });
});

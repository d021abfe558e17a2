import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultSettings, type Settings } from '@quan/contract/settings';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';

describe('MorePage', { timeout: 20_000 }, () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  it('links a manager to the cash drawer, the unmatched bank transfers and the audit trail', async () => {
    storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
    const transfer = { transactionId: 'FT1', outcome: 'refused' };
    fakeApi = installFakeApi(({ method, url }) => {
      if (method === 'GET' && url === '/api/payments/bank-transfers') {
        return ok({ transfers: [transfer, { ...transfer, transactionId: 'FT2' }] });
      }
      return fail(404, 'Not found');
    });
    renderRoutes(routes, { path: '/more' });

    expect(await screen.findByRole('link', { name: /Audit trail/ })).toHaveAttribute('href', '/audit');
    const transfers = screen.getByRole('link', { name: /^Unmatched bank transfers/ });
    expect(transfers).toHaveAttribute('href', '/bank-transfers');
    // The transfers waiting for a manager are counted on the card.
    expect(await within(transfers).findByText('2 waiting')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Shifts & cash drawer/ })).toHaveAttribute('href', '/shifts');
    expect(screen.getByRole('link', { name: /^Accounts/ })).toHaveAttribute('href', '/accounts');
    expect(screen.getByRole('link', { name: /^Charts/ })).toHaveAttribute('href', '/chart');
    // The header's navigation offers the dashboard to those who may read the figures.
    const navigation = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(navigation.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('links staff to their cash drawer, not to the audit trail', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(() => fail(404, 'Not found'));
    renderRoutes(routes, { path: '/more' });

    expect(await screen.findByRole('link', { name: /Shifts & cash drawer/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Audit trail/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Unmatched bank transfers/ })).not.toBeInTheDocument();
    expect(fakeApi.requests.filter((request) => request.includes('/api/payments/bank-transfers'))).toEqual([]);
    // Staff see only the pages they can use: no accounts, dashboard or charts, here or in the header.
    expect(screen.queryByRole('link', { name: /^Accounts/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Dashboard/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Charts/ })).not.toBeInTheDocument();
    const navigation = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(navigation.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Home',
      'Orders',
      'Tables',
      'Menu',
      'More',
    ]);
  });

  it('counts the booking requests waiting on the reservations card', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const request = { _id: 'r1', status: 'requested' };
    fakeApi = installFakeApi(({ method, url }) => {
      if (method === 'GET' && url === '/api/reservations/requests') return ok([request, { ...request, _id: 'r2' }]);
      return fail(404, 'Not found');
    });
    renderRoutes(routes, { path: '/more' });

    const link = await screen.findByRole('link', { name: /^Reservations/ });
    expect(await within(link).findByText('2 waiting')).toBeInTheDocument();
  });

  it("lets an admin set the public address table QR codes carry, and empty it to use the app's own", async () => {
    storeSession(makeUser({ role: 'admin' }), tokenExpiringIn(3600));
    let settings: Settings = defaultSettings;
    const puts: Partial<Settings>[] = [];
    fakeApi = installFakeApi(({ method, url, config }) => {
      if (url !== '/api/settings') return fail(404, 'Not found');
      if (method === 'PUT') {
        const body = JSON.parse(config.data as string) as Partial<Settings>;
        puts.push(body);
        settings = { ...settings, ...body };
      }
      return ok(settings);
    });
    renderRoutes(routes, { path: '/more' });
    const form = within(await screen.findByRole('region', { name: 'Restaurant settings' }));
    const address = await form.findByLabelText('The restaurant’s public address');

    await userEvent.type(address, 'quan.example.vn/menu');
    await userEvent.click(form.getByRole('button', { name: 'Save settings' }));
    expect(
      await form.findByText('Enter an address such as https://quan.example.vn, without a path'),
    ).toBeInTheDocument();
    expect(puts).toEqual([]);

    await userEvent.clear(address);
    await userEvent.type(address, 'https://Quan.Example.vn/');
    await userEvent.click(form.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Restaurant settings saved.')).toBeInTheDocument();
    expect(puts.at(-1)).toMatchObject({ publicAddress: 'https://quan.example.vn' });
    expect(address).toHaveValue('https://quan.example.vn');

    await userEvent.clear(address);
    await userEvent.click(form.getByRole('button', { name: 'Save settings' }));
    await vi.waitFor(() => expect(puts).toHaveLength(2));
    expect(puts.at(-1)).toMatchObject({ publicAddress: null });
  });

  it('lets an admin set VAT in the prices, cash rounding, the service charge and the bank account for VietQR', async () => {
    storeSession(makeUser({ role: 'admin' }), tokenExpiringIn(3600));
    let settings: Settings = defaultSettings;
    const puts: unknown[] = [];
    fakeApi = installFakeApi(({ method, url, config }) => {
      if (url !== '/api/settings') return fail(404, 'Not found');
      if (method === 'PUT') {
        const body = JSON.parse(config.data as string) as Partial<Settings>;
        puts.push(body);
        settings = { ...settings, ...body, bank: body.bank ? { ...body.bank, accountName: 'QUAN NGON' } : null };
      }
      return ok(settings);
    });
    renderRoutes(routes, { path: '/more' });
    const form = within(await screen.findByRole('region', { name: 'Payments' }));

    // A new restaurant: prices with VAT inside, cash rounded to 1.000 ₫; a change is for orders placed next.
    const vatInside = form.getByRole('switch', { name: 'Menu prices include VAT' });
    expect(vatInside).toBeChecked();
    expect(form.getByLabelText('Round cash to')).toHaveValue('1000');
    expect(form.getByText(/applies to orders placed after it/)).toBeInTheDocument();
    await userEvent.click(vatInside);
    await userEvent.selectOptions(form.getByLabelText('Round cash to'), '500');

    const rate = form.getByLabelText('Service charge (%)');
    await userEvent.clear(rate);
    await userEvent.type(rate, '5');
    await userEvent.click(form.getByLabelText('Takeaway (POS order without a table)'));
    await userEvent.selectOptions(form.getByLabelText('Bank for VietQR'), '970415');
    await userEvent.type(form.getByLabelText('Account number'), '0011 0019');
    await userEvent.click(form.getByRole('button', { name: 'Save payment settings' }));
    // The account number is checked before anything is sent.
    expect(await form.findByText('An account number has 4 to 19 letters and digits, no spaces')).toBeInTheDocument();
    expect(puts).toEqual([]);

    await userEvent.clear(form.getByLabelText('Account number'));
    await userEvent.type(form.getByLabelText('Account number'), '0011001932418');
    await userEvent.type(form.getByLabelText('Account holder'), 'Quán Ngon');
    await userEvent.click(form.getByRole('button', { name: 'Save payment settings' }));

    expect(await screen.findByText('Payment settings saved.')).toBeInTheDocument();
    expect(puts).toEqual([
      {
        pricesIncludeTax: false,
        cashRounding: 500,
        serviceCharge: { rate: 5, dineIn: true, takeaway: true, table: true },
        bank: { bin: '970415', accountNumber: '0011001932418', accountName: 'Quán Ngon' },
      },
    ]);
    // The server keeps the holder as banks print it, and the form shows what was saved.
    expect(form.getByLabelText('Account holder')).toHaveValue('QUAN NGON');
  });

  it('lets an admin open online booking and set the hours, refusing spans that overlap', async () => {
    storeSession(makeUser({ role: 'admin' }), tokenExpiringIn(3600));
    let settings: Settings = defaultSettings;
    const puts: unknown[] = [];
    fakeApi = installFakeApi(({ method, url, config }) => {
      if (url !== '/api/settings') return fail(404, 'Not found');
      if (method === 'PUT') {
        const body = JSON.parse(config.data as string) as Partial<Settings>;
        puts.push(body);
        settings = { ...settings, ...body };
      }
      return ok(settings);
    });
    renderRoutes(routes, { path: '/more' });
    const form = within(await screen.findByRole('region', { name: 'Reservations' }));
    const monday = within(form.getByRole('group', { name: 'Monday' }));

    // Monday's dinner opening at 13:00 runs into lunch (10:00–14:00): refused by the field, nothing sent.
    const dinnerOpens = monday.getByLabelText('Monday: opens, span 2');
    await userEvent.clear(dinnerOpens);
    await userEvent.type(dinnerOpens, '13:00');
    await userEvent.click(form.getByRole('button', { name: 'Save reservation settings' }));
    expect(
      await monday.findByText('The spans of a day must be in order and must not touch or overlap'),
    ).toBeInTheDocument();
    expect(puts).toEqual([]);

    await userEvent.clear(dinnerOpens);
    await userEvent.type(dinnerOpens, '17:30');
    // Monday until midnight: a time input writes midnight as 00:00, the contract as 24:00.
    const dinnerCloses = monday.getByLabelText('Monday: closes, span 2');
    await userEvent.clear(dinnerCloses);
    await userEvent.type(dinnerCloses, '00:00');
    await userEvent.click(form.getByRole('button', { name: 'Copy Monday to every day' }));
    const sunday = within(form.getByRole('group', { name: 'Sunday' }));
    await userEvent.click(sunday.getByRole('button', { name: "Remove Sunday's span 2" }));
    await userEvent.click(sunday.getByRole('button', { name: "Remove Sunday's span 1" }));
    expect(sunday.getByText('Closed')).toBeInTheDocument();
    await userEvent.click(form.getByRole('checkbox', { name: 'Guests may book online' }));
    const length = form.getByRole('spinbutton', { name: 'Default booking length (minutes)' });
    await userEvent.clear(length);
    await userEvent.type(length, '120');
    const warning = form.getByRole('spinbutton', { name: 'Walk-in warning (minutes)' });
    await userEvent.clear(warning);
    await userEvent.type(warning, '45');
    await userEvent.click(form.getByRole('button', { name: 'Save reservation settings' }));

    expect(await screen.findByText('Reservation settings saved.')).toBeInTheDocument();
    const week = [
      { from: '10:00', to: '14:00' },
      { from: '17:30', to: '24:00' },
    ];
    expect(puts).toEqual([
      {
        reservations: {
          publicBooking: true,
          defaultMinutes: 120,
          warnMinutes: 45,
          openingHours: [week, week, week, week, week, week, []],
        },
      },
    ]);
    expect(form.queryByText(/must not touch or overlap/)).not.toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Save reservation settings' })).toBeDisabled();
  });

  it('speaks Vietnamese: the links, the restaurant settings and the payments, with their checks', async () => {
    await activateLanguage('vi', 'staff');
    storeSession(makeUser({ role: 'admin' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(({ method, url }) => {
      if (url === '/api/settings' && method === 'GET') return ok(defaultSettings);
      return fail(404, 'Not found');
    });
    renderRoutes(routes, { path: '/more' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Khác' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Đơn hàng.+/ })).toHaveAttribute('href', '/orders');
    expect(screen.getByRole('link', { name: /Tài khoản/ })).toHaveAttribute('href', '/accounts');
    const money = within(screen.getByRole('list', { name: 'Tiền và sổ sách' }));
    expect(money.getByRole('link', { name: /Ca làm việc & két tiền/ })).toHaveAttribute('href', '/shifts');
    expect(money.getByRole('link', { name: /Nhật ký thao tác/ })).toHaveAttribute('href', '/audit');

    const restaurant = within(await screen.findByRole('region', { name: 'Cài đặt quán' }));
    expect(await restaurant.findByRole('textbox', { name: 'Tên quán' })).toBeInTheDocument();
    expect(restaurant.getByRole('combobox', { name: 'Múi giờ' })).toBeInTheDocument();
    expect(restaurant.getByRole('button', { name: 'Lưu cài đặt' })).toBeInTheDocument();

    const bookings = within(screen.getByRole('region', { name: 'Đặt bàn' }));
    expect(bookings.getByRole('checkbox', { name: 'Cho khách đặt bàn trực tuyến' })).toBeInTheDocument();
    expect(bookings.getByRole('group', { name: 'Thứ Hai' })).toBeInTheDocument();
    expect(bookings.getByLabelText('Chủ Nhật: giờ đóng, khung 2')).toHaveValue('22:00');

    const payments = within(screen.getByRole('region', { name: 'Thanh toán' }));
    const rate = payments.getByLabelText('Phí phục vụ (%)');
    expect(payments.getByRole('group', { name: 'Áp dụng cho' })).toBeInTheDocument();
    expect(payments.getByRole('checkbox', { name: 'Mang đi (đơn tại quầy không có bàn)' })).toBeInTheDocument();
    expect(payments.getByRole('option', { name: 'Không có ngân hàng: không hiện mã VietQR' })).toBeInTheDocument();
    await userEvent.clear(rate);
    await userEvent.click(payments.getByRole('button', { name: 'Lưu cài đặt thanh toán' }));
    expect(await payments.findByText('Nhập phí phục vụ bằng một con số')).toBeInTheDocument();
    await userEvent.selectOptions(payments.getByLabelText('Ngân hàng nhận VietQR'), '970415');
    expect(payments.getByLabelText('Số tài khoản')).toBeInTheDocument();
    expect(payments.getByLabelText('Chủ tài khoản')).toBeInTheDocument();
  });
});

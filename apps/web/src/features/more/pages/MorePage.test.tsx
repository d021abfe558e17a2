import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultSettings, type Settings } from '@quan/contract/settings';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render-routes';

describe('MorePage', { timeout: 20_000 }, () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  it('links a manager to the cash drawer and the audit trail', async () => {
    storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(() => fail(404, 'Not found'));
    renderRoutes(routes, { path: '/more' });

    expect(await screen.findByRole('link', { name: /Audit trail/ })).toHaveAttribute('href', '/audit');
    expect(screen.getByRole('link', { name: /Shifts & cash drawer/ })).toHaveAttribute('href', '/shifts');
  });

  it('links staff to their cash drawer, not to the audit trail', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    fakeApi = installFakeApi(() => fail(404, 'Not found'));
    renderRoutes(routes, { path: '/more' });

    expect(await screen.findByRole('link', { name: /Shifts & cash drawer/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Audit trail/ })).not.toBeInTheDocument();
  });

  it('lets an admin set the service charge and the bank account for VietQR', async () => {
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
        serviceCharge: { rate: 5, dineIn: true, takeaway: true, table: true },
        bank: { bin: '970415', accountNumber: '0011001932418', accountName: 'Quán Ngon' },
      },
    ]);
    // The server keeps the holder as banks print it, and the form shows what was saved.
    expect(form.getByLabelText('Account holder')).toHaveValue('QUAN NGON');
  });
});

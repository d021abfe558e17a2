import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultSettings } from '@quan/contract/settings';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { restaurantDay } from '../../../lib/restaurant-day';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-routes';
import { closedShift, makeShift } from '../../../test/data/shifts';
import { manager, money, serveShifts, signIn, shiftsScene } from './shifts-test-kit';
import { makeUser } from '../../../test/data/session';

describe('ShiftsPage', { timeout: 20_000 }, () => {
  const scene = shiftsScene();

  it('lets a manager open a past shift’s report and reopen it with a reason', async () => {
    signIn(manager);
    const closed = closedShift();
    const reopened = makeShift({ reopenCount: 1 });
    const served = serveShifts({ shifts: [closed], answer: () => ok(reopened) });
    scene.fakeApi = served.fakeApi;
    renderRoutes(routes, { path: '/shifts' });

    const row = within(await screen.findByRole('article', { name: 'Shift 12, Quầy 1' }));
    expect(row.getByText(`Short \u2212${money(20_000)}`)).toBeInTheDocument();
    await userEvent.click(row.getByRole('button', { name: 'View report of shift 12' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Shift 12' }));
    expect(await dialog.findByRole('article', { name: 'Z report of shift 12' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Reopen' }));

    const reopen = within(screen.getByRole('dialog', { name: 'Reopen shift 12' }));
    await userEvent.click(reopen.getByRole('button', { name: 'Reopen shift' }));
    expect(reopen.getByText('Say why in a few words')).toBeInTheDocument();
    await userEvent.type(reopen.getByRole('textbox', { name: 'Reason' }), 'A card payment was missed');
    await userEvent.click(reopen.getByRole('button', { name: 'Reopen shift' }));

    await waitFor(() => expect(served.writes).toHaveLength(1));
    expect(served.writes[0]).toEqual({
      method: 'POST',
      url: `/api/shifts/${closed._id}/reopen`,
      body: { reason: 'A card payment was missed' },
    });
  });

  it('downloads an export of the chosen period, kind and format', async () => {
    signIn(manager);
    const csv = new Blob(['Mã đơn,Tổng\n1042,245000\n'], { type: 'text/csv' });
    scene.fakeApi = installFakeApi(({ url }) => {
      if (url.startsWith('/api/exports/')) return { status: 200, body: csv };
      if (url === '/api/settings') return ok(defaultSettings);
      if (url === '/api/shifts/current') return ok(null);
      if (url === '/api/shifts') return ok([]);
      return fail(404, 'Not found');
    });
    const createObjectURL = vi.fn((_file: Blob) => 'blob:quan/export');
    const revokeObjectURL = vi.fn();
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: revokeObjectURL, configurable: true });
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(`${this.download} ${this.href}`);
    });
    renderRoutes(routes, { path: '/shifts' });

    const from = await screen.findByLabelText('From');
    const [year, month, day] = restaurantDay(new Date()).split('-');
    // The days as the screen writes them, whatever the browser's own format.
    expect(from).toHaveValue(`01/${month}/${year}`);
    expect(screen.getByLabelText('To')).toHaveValue(`${day}/${month}/${year}`);
    await userEvent.clear(from);
    await userEvent.type(from, '01/02/2026');
    await userEvent.clear(screen.getByLabelText('To'));
    await userEvent.type(screen.getByLabelText('To'), '28/02/2026');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'What' }), 'Payments');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Format' }), 'Excel');
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));

    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(scene.fakeApi.requests).toContain('GET /api/exports/payments');
    const request = scene.fakeApi.configs.find((config) => config.url === '/api/exports/payments');
    expect(request?.params).toEqual({ from: '2026-02-01', to: '2026-02-28', format: 'xlsx' });
    expect(request?.responseType).toBe('blob');
    expect(downloads[0]).toBe('quan-payments-2026-02-01-2026-02-28.xlsx blob:quan/export');
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
  });

  it("lets an owner of two branches export the whole chain's rows", async () => {
    signIn(makeUser({ role: 'admin' }));
    scene.fakeApi = installFakeApi(({ url }) => {
      if (url.startsWith('/api/exports/'))
        return { status: 200, body: new Blob(['Chi nhánh\n'], { type: 'text/csv' }) };
      if (url === '/api/settings') return ok(defaultSettings);
      if (url === '/api/shifts/current') return ok(null);
      if (url === '/api/shifts') return ok([]);
      if (url === '/api/branches')
        return ok([
          { _id: 'a', name: 'Quận 1' },
          { _id: 'b', name: 'Quận 3' },
        ]);
      return fail(404, 'Not found');
    });
    Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:quan/export'), configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderRoutes(routes, { path: '/shifts' });

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Every branch (with a branch column)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(scene.fakeApi.requests).toContain('GET /api/exports/orders'));
    const request = scene.fakeApi.configs.find((config) => config.url === '/api/exports/orders');
    expect(request?.params).toMatchObject({ format: 'csv', scope: 'chain' });
  });

  it('offers a manager no chain export', async () => {
    signIn(manager);
    scene.fakeApi = serveShifts({}).fakeApi;
    renderRoutes(routes, { path: '/shifts' });
    expect(await screen.findByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Every branch (with a branch column)' })).not.toBeInTheDocument();
    expect(scene.fakeApi.requests).not.toContain('GET /api/branches');
  });

  it('shows a manager the past shifts and the exports in Vietnamese', async () => {
    await activateLanguage('vi', 'staff');
    signIn(manager);
    const served = serveShifts({ shifts: [closedShift()] });
    scene.fakeApi = served.fakeApi;
    renderRoutes(routes, { path: '/shifts' });

    expect(await screen.findByRole('heading', { name: 'Mở ca' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Tên két tiền' })).toHaveValue('Quầy 1');
    expect(screen.getByRole('textbox', { name: 'Tiền đầu ca' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Đếm tiền đầu ca theo từng mệnh giá' })).toBeInTheDocument();

    const row = within(await screen.findByRole('article', { name: 'Ca 12, Quầy 1' }));
    expect(row.getByText(`Thiếu \u2212${money(20_000)}`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Các ca trước' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Xuất dữ liệu' })).toBeInTheDocument();
    const what = screen.getByRole('combobox', { name: 'Dữ liệu' });
    expect(within(what).getByRole('option', { name: 'Thanh toán' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Định dạng' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tải xuống' })).toBeInTheDocument();

    await userEvent.click(row.getByRole('button', { name: 'Xem báo cáo của ca 12' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Ca 12' }));
    expect(await dialog.findByRole('article', { name: 'Báo cáo cuối ca (Z) của ca 12' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Mở lại' }));
    const reopen = within(screen.getByRole('dialog', { name: 'Mở lại ca 12' }));
    expect(reopen.getByRole('textbox', { name: 'Lý do' })).toBeInTheDocument();
    expect(reopen.getByRole('button', { name: 'Mở lại ca' })).toBeInTheDocument();
  });
});

import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultSettings } from '@quan/contract/settings';
import type { CashMovementBody, Shift } from '@quan/contract/shifts';
import type { User } from '@quan/contract/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import { deviceIdStorageKey } from '../../../lib/device-id';
import { formatMoney } from '../../../lib/format';
import { activateLanguage } from '../../../lib/i18n';
import { restaurantDay } from '../../../lib/restaurant-day';
import { fail, installFakeApi, ok, type FakeHandler, type FakeResponse } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import { closedShift, makeShift, summaryOf } from '../../../test/data/shifts';
import { ZReport } from '../components/ZReport';

/** Text as Testing Library reads it: its matchers turn the no-break space of vi-VN amounts into a space. */
const spaced = (text: string) => text.replace(/\s/g, ' ');
const money = (amount: number) => spaced(formatMoney(amount));

const deviceId = 'device-test-0001';
const manager = makeUser({ _id: '0190a1b2-c3d4-7e5f-8a9b-00000000000a', name: 'Bình', role: 'manager' });
const staff = makeUser({ _id: '0190a1b2-c3d4-7e5f-8a9b-00000000000b', name: 'Lan', role: 'staff' });

interface Write {
  method: string;
  url: string;
  body: unknown;
}

/**
 * The shifts API as the page uses it: this device's current shift, the settings, the past shifts; `answer`
 * decides the writes. Every write is kept with its body. As on the server, a shift a write answers with
 * becomes this device's current one while it is open (none once it is closed), so the refetch that follows
 * a write sees what the write did.
 */
function serveShifts({
  current = null,
  shifts = [],
  answer = () => fail(404, 'Not found'),
}: {
  current?: Shift | null;
  shifts?: Shift[];
  answer?: (write: Write) => FakeResponse;
}) {
  const writes: Write[] = [];
  const handler: FakeHandler = ({ method, url, config }) => {
    if (method === 'GET' && url === '/api/settings') return ok(defaultSettings);
    if (method === 'GET' && url === '/api/shifts/current') return ok(current);
    if (method === 'GET' && url === '/api/shifts') {
      const data = shifts.map(summaryOf);
      const pagination = { currentPage: 1, totalPages: 1, totalItems: data.length, itemsPerPage: 10 };
      return { status: 200, body: { success: true, data, pagination } };
    }
    const one = shifts.find((shift) => url === `/api/shifts/${shift._id}`);
    if (method === 'GET' && one) return ok(one);
    if (method === 'POST') {
      const write = { method, url, body: JSON.parse(String(config.data)) as unknown };
      writes.push(write);
      const response = answer(write);
      const shift = (response.body as { data?: Shift }).data;
      if (response.status < 300 && shift?.deviceId === deviceId) current = shift.status === 'open' ? shift : null;
      return response;
    }
    return fail(404, 'Not found');
  };
  return { writes, fakeApi: installFakeApi(handler) };
}

function signIn(user: User) {
  storeSession(user, tokenExpiringIn(3600));
}

describe('ShiftsPage', { timeout: 20_000 }, () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  beforeEach(() => localStorage.setItem(deviceIdStorageKey, deviceId));
  afterEach(() => {
    fakeApi?.restore();
    vi.restoreAllMocks();
  });

  it('opens a shift with the float and this device’s id, and remembers the drawer’s name', async () => {
    signIn(staff);
    const opened = makeShift({ deviceName: 'Quầy 2' });
    const served = serveShifts({ answer: () => ({ status: 201, body: { success: true, data: opened } }) });
    fakeApi = served.fakeApi;
    renderRoutes(routes, { path: '/shifts' });

    const name = await screen.findByRole('textbox', { name: 'Drawer name' });
    expect(name).toHaveValue('Quầy 1');
    await userEvent.clear(name);
    await userEvent.type(name, 'Quầy 2');
    const float = screen.getByRole('textbox', { name: 'Opening float' });
    await userEvent.type(float, '1000000');
    expect(float).toHaveValue(spaced('1.000.000'));
    await userEvent.click(screen.getByRole('button', { name: 'Open shift' }));

    expect(await screen.findByRole('heading', { name: 'Shift 12 · Quầy 2 · opened 08:02 by Lan' })).toBeInTheDocument();
    expect(served.writes).toEqual([
      { method: 'POST', url: '/api/shifts', body: { deviceId, deviceName: 'Quầy 2', openingFloat: 1_000_000 } },
    ]);
    const post = fakeApi.configs.find((config) => config.method === 'post');
    expect(post?.headers.get('X-Device-Id')).toBe(deviceId);
    expect(localStorage.getItem('quan.drawerName')).toBe('Quầy 2');
    // The live figures of the open shift.
    const figures = within(screen.getByLabelText('Shift figures'));
    expect(figures.getByText(money(4_050_000))).toBeInTheDocument();
    expect(figures.getByText(money(2_885_000))).toBeInTheDocument();
    // Staff run their drawer; past shifts and exports are for managers, and are not asked for.
    expect(screen.queryByRole('heading', { name: 'Past shifts' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Exports' })).not.toBeInTheDocument();
    expect(fakeApi.requests).not.toContain('GET /api/shifts');
  });

  it('counts the float note by note', async () => {
    signIn(staff);
    const served = serveShifts({ answer: () => ({ status: 201, body: { success: true, data: makeShift() } }) });
    fakeApi = served.fakeApi;
    renderRoutes(routes, { path: '/shifts' });

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Count the float note by note' }));
    await userEvent.type(screen.getByLabelText(`Count of ${money(200_000)}`), '4');
    await userEvent.type(screen.getByLabelText(`Count of ${money(10_000)}`), '20');
    // "Float:" and the amount are separate elements of one line.
    expect(screen.getByText('Float:')).toHaveTextContent(`Float: ${money(1_000_000)}`);
    await userEvent.click(screen.getByRole('button', { name: 'Open shift' }));

    await waitFor(() => expect(served.writes).toHaveLength(1));
    expect(served.writes[0]?.body).toEqual({ deviceId, deviceName: 'Quầy 1', openingFloat: 1_000_000 });
  });

  it('records cash taken out with its reason', async () => {
    signIn(staff);
    const shift = makeShift();
    const served = serveShifts({
      current: shift,
      answer: ({ body }) => ({
        status: 201,
        body: {
          success: true,
          data: makeShift({
            movements: [
              {
                _id: '0190a1b2-c3d4-7e5f-8a9b-0000000000f1',
                ...(body as CashMovementBody),
                by: null,
                at: '2026-03-14T03:15:00.000Z',
              },
            ],
          }),
        },
      }),
    });
    fakeApi = served.fakeApi;
    renderRoutes(routes, { path: '/shifts' });

    await userEvent.click(await screen.findByRole('button', { name: 'Cash out' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Cash out' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Amount' }), '150000');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Ice delivery');
    await userEvent.click(dialog.getByRole('button', { name: 'Record cash out' }));

    expect(await screen.findByText('Ice delivery')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(served.writes).toEqual([
      {
        method: 'POST',
        url: `/api/shifts/${shift._id}/cash-movements`,
        body: { kind: 'out', amount: 150_000, reason: 'Ice delivery' },
      },
    ]);
  });

  it('closes with a count by note, showing “Short −20.000 ₫” before confirming, then the Z report to print', async () => {
    signIn(staff);
    const shift = makeShift();
    const closed = closedShift({
      noteCounts: [
        { note: 500_000, count: 5 },
        { note: 200_000, count: 1 },
        { note: 100_000, count: 1 },
        { note: 50_000, count: 1 },
        { note: 10_000, count: 1 },
        { note: 5_000, count: 1 },
      ],
    });
    const served = serveShifts({ current: shift, answer: () => ok(closed) });
    fakeApi = served.fakeApi;
    renderRoutes(routes, { path: '/shifts' });

    await userEvent.click(await screen.findByRole('button', { name: 'Close shift' }));
    for (const { note, count } of closed.noteCounts ?? []) {
      await userEvent.type(screen.getByLabelText(`Count of ${money(note)}`), String(count));
    }
    const summary = within(screen.getByLabelText('Count against expected'));
    expect(summary.getByText(money(2_885_000))).toBeInTheDocument();
    expect(summary.getByText(money(2_865_000))).toBeInTheDocument();
    expect(summary.getByText(`Short \u2212${money(20_000)}`)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Review and close' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Close shift 12?' }));
    expect(confirm.getByText(`Short \u2212${money(20_000)}`)).toHaveClass('text-red-800');
    expect(served.writes).toEqual([]);
    await userEvent.click(confirm.getByRole('button', { name: 'Close shift 12' }));

    expect(await screen.findByRole('heading', { name: 'Shift 12 closed' })).toBeInTheDocument();
    expect(served.writes).toEqual([
      { method: 'POST', url: `/api/shifts/${shift._id}/close`, body: { noteCounts: closed.noteCounts } },
    ]);
    expect(screen.getByRole('article', { name: 'Z report of shift 12' })).toBeInTheDocument();

    const printed: string[] = [];
    vi.spyOn(window, 'print').mockImplementation(() => {
      printed.push(document.querySelector('body > .print-sheet')?.textContent ?? '');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Print Z report' }));
    await waitFor(() => expect(printed).toHaveLength(1));
    expect(spaced(printed[0] ?? '')).toContain('Z REPORT');
    expect(spaced(printed[0] ?? '')).toContain(`Short \u2212${money(20_000)}`);
    fireEvent(window, new Event('afterprint'));
    await waitFor(() => expect(document.querySelector('.print-sheet')).toBeNull());
  });

  it('shows the server’s refusal listing the open orders, with the way to the orders screen', async () => {
    signIn(staff);
    const shift = makeShift();
    const served = serveShifts({
      current: shift,
      answer: () => ({
        status: 409,
        body: {
          success: false,
          message: 'Shift 12 is the last open shift and 2 orders are still open',
          errors: [
            { path: 'orders.0', message: 'Order #1042 · Table 4 · 245.000 ₫ to pay' },
            { path: 'orders.1', message: 'Order #1043 · Takeaway · 80.000 ₫ to pay' },
          ],
        },
      }),
    });
    fakeApi = served.fakeApi;
    renderRoutes(routes, { path: '/shifts' });

    await userEvent.click(await screen.findByRole('button', { name: 'Close shift' }));
    await userEvent.click(screen.getByRole('radio', { name: 'One total' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Counted cash' }), '2885000');
    expect(screen.getAllByText('Balanced').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Review and close' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Close shift 12?' })).getByRole('button', { name: 'Close shift 12' }),
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Shift 12 is the last open shift and 2 orders are still open');
    const orders = within(within(alert).getByRole('list', { name: 'Open orders' })).getAllByRole('link');
    expect(orders.map((link) => link.textContent)).toEqual([
      'Order #1042 · Table 4 · 245.000 ₫ to pay',
      'Order #1043 · Takeaway · 80.000 ₫ to pay',
    ]);
    expect(orders[0]).toHaveAttribute('href', '/orders');
    expect(within(alert).getByRole('link', { name: 'Go to the orders' })).toHaveAttribute('href', '/orders');
    expect(served.writes[0]?.body).toEqual({ countedCash: 2_885_000 });
    // Still open: the shift's figures stay on screen.
    expect(screen.getByRole('heading', { name: /^Shift 12 · Quầy 1/ })).toBeInTheDocument();
  });

  it('lets a manager open a past shift’s report and reopen it with a reason', async () => {
    signIn(manager);
    const closed = closedShift();
    const reopened = makeShift({ reopenCount: 1 });
    const served = serveShifts({ shifts: [closed], answer: () => ok(reopened) });
    fakeApi = served.fakeApi;
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
    fakeApi = installFakeApi(({ url }) => {
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
    expect(fakeApi.requests).toContain('GET /api/exports/payments');
    const request = fakeApi.configs.find((config) => config.url === '/api/exports/payments');
    expect(request?.params).toEqual({ from: '2026-02-01', to: '2026-02-28', format: 'xlsx' });
    expect(request?.responseType).toBe('blob');
    expect(downloads[0]).toBe('quan-payments-2026-02-01-2026-02-28.xlsx blob:quan/export');
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
  });

  it('runs the drawer in Vietnamese: the open shift, the count by note, the close and its Z report', async () => {
    await activateLanguage('vi', 'staff');
    signIn(staff);
    const shift = makeShift();
    const closed = closedShift({ noteCounts: [{ note: 500_000, count: 5 }] });
    const served = serveShifts({ current: shift, answer: () => ok(closed) });
    fakeApi = served.fakeApi;
    renderRoutes(routes, { path: '/shifts' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Ca làm việc & két tiền' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Ca 12 · Quầy 1 · mở lúc 08:02 bởi Lan' })).toBeInTheDocument();
    const figures = within(screen.getByLabelText('Số liệu của ca'));
    expect(figures.getByText('24 đơn')).toBeInTheDocument();
    expect(figures.getByText('1 lần hoàn tiền')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nộp tiền' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rút tiền' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Đóng ca' }));
    expect(screen.getByRole('group', { name: 'Két tiền, đếm theo từng mệnh giá' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(`Số tờ ${money(500_000)}`), '5');
    const summary = within(screen.getByLabelText('Số đếm so với số phải có'));
    expect(summary.getByText(`Thiếu \u2212${money(385_000)}`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Xem lại và đóng ca' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Đóng ca 12?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Đóng ca 12' }));

    expect(await screen.findByRole('heading', { name: 'Đã đóng ca 12' })).toBeInTheDocument();
    const report = within(screen.getByRole('article', { name: 'Báo cáo cuối ca (Z) của ca 12' }));
    expect(report.getByText('BÁO CÁO CUỐI CA (Z)')).toBeInTheDocument();
    expect(report.getByText('Ca 12 · Quầy 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'In báo cáo cuối ca (Z)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mở ca tiếp theo' })).toBeInTheDocument();
  });

  it('shows a manager the past shifts and the exports in Vietnamese', async () => {
    await activateLanguage('vi', 'staff');
    signIn(manager);
    const served = serveShifts({ shifts: [closedShift()] });
    fakeApi = served.fakeApi;
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

describe('ZReport', () => {
  /** The value a report's row shows next to its label. */
  function row(label: string) {
    const term = screen.getByText(label, { selector: 'dt, dt > span' });
    return spaced(term.closest('div')?.querySelector('dd')?.textContent ?? '');
  }

  it('prints the shift’s figures: sales by method, orders, tips by staff and the cash against the count', () => {
    render(<ZReport shift={closedShift({ note: 'Tờ 20.000 rách' })} restaurantName="Quán Ngon" />);

    const report = screen.getByRole('article', { name: 'Z report of shift 12' });
    expect(within(report).getByText('Quán Ngon')).toBeInTheDocument();
    expect(screen.getByText('Z REPORT')).toBeInTheDocument();
    expect(screen.getByText('Shift 12 · Quầy 1')).toBeInTheDocument();
    expect(row('Cash (12)')).toBe(money(1_850_000));
    expect(row('Card (5)')).toBe(money(1_240_000));
    expect(row('Bank transfer (7)')).toBe(money(960_000));
    // The methods are net of the refunds given in the shift, which are named under them.
    expect(row('of which refunded (1)')).toBe(`\u2212${money(65_000)}`);
    expect(row('Net sales')).toBe(money(4_050_000));
    expect(row('Discounts')).toBe(`\u2212${money(50_000)}`);
    expect(row('Service charge')).toBe(money(110_000));
    expect(row('Taxes')).toBe(money(305_000));
    expect(row('Voids (2)')).toBe(`\u2212${money(90_000)}`);
    expect(row('Orders')).toBe('24');
    expect(row('Guests')).toBe('61');
    expect(row('Tips')).toBe(money(120_000));
    expect(row('Lan')).toBe(money(80_000));
    expect(row('Bình')).toBe(money(40_000));
    expect(row('Opening float')).toBe(money(1_000_000));
    expect(row('Cash sales')).toBe(money(1_850_000));
    expect(row('Cash tips')).toBe(money(50_000));
    expect(row('Cash refunds')).toBe(`\u2212${money(65_000)}`);
    expect(row('Pay-ins')).toBe(money(200_000));
    expect(row('Pay-outs')).toBe(`\u2212${money(150_000)}`);
    expect(row('Expected')).toBe(money(2_885_000));
    expect(row('Counted')).toBe(money(2_865_000));
    expect(row('Over/short')).toBe(`Short \u2212${money(20_000)}`);
    expect(screen.getByText('Note: Tờ 20.000 rách')).toBeInTheDocument();
  });

  it('reads in Vietnamese', async () => {
    await activateLanguage('vi', 'staff');
    render(<ZReport shift={closedShift({ reopenCount: 2 })} restaurantName="Quán Ngon" />);

    expect(screen.getByRole('article', { name: 'Báo cáo cuối ca (Z) của ca 12' })).toBeInTheDocument();
    expect(screen.getByText('Đã mở lại 2 lần')).toBeInTheDocument();
    expect(row('Tiền mặt (12)')).toBe(money(1_850_000));
    expect(row('Chuyển khoản (7)')).toBe(money(960_000));
    expect(row('trong đó hoàn tiền (1)')).toBe(`\u2212${money(65_000)}`);
    expect(row('Doanh thu thuần')).toBe(money(4_050_000));
    expect(row('Hủy món (2)')).toBe(`\u2212${money(90_000)}`);
    expect(row('Tiền đầu ca')).toBe(money(1_000_000));
    expect(row('Thừa/thiếu')).toBe(`Thiếu \u2212${money(20_000)}`);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CashMovementBody } from '@quan/contract/shifts';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-routes';
import { closedShift, makeShift } from '../../../test/data/shifts';
import { deviceId, money, serveShifts, signIn, spaced, staff, shiftsScene } from './shifts-test-kit';

describe('ShiftsPage', { timeout: 20_000 }, () => {
  const scene = shiftsScene();

  it('opens a shift with the float and this device’s id, and remembers the drawer’s name', async () => {
    signIn(staff);
    const opened = makeShift({ deviceName: 'Quầy 2' });
    const served = serveShifts({ answer: () => ({ status: 201, body: { success: true, data: opened } }) });
    scene.fakeApi = served.fakeApi;
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
    const post = scene.fakeApi.configs.find((config) => config.method === 'post');
    expect(post?.headers.get('X-Device-Id')).toBe(deviceId);
    expect(localStorage.getItem('quan.drawerName')).toBe('Quầy 2');
    // The live figures of the open shift.
    const figures = within(screen.getByLabelText('Shift figures'));
    expect(figures.getByText(money(4_050_000))).toBeInTheDocument();
    expect(figures.getByText(money(2_885_000))).toBeInTheDocument();
    // Staff run their drawer; past shifts and exports are for managers, and are not asked for.
    expect(screen.queryByRole('heading', { name: 'Past shifts' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Exports' })).not.toBeInTheDocument();
    expect(scene.fakeApi.requests).not.toContain('GET /api/shifts');
  });

  it('counts the float note by note', async () => {
    signIn(staff);
    const served = serveShifts({ answer: () => ({ status: 201, body: { success: true, data: makeShift() } }) });
    scene.fakeApi = served.fakeApi;
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
    scene.fakeApi = served.fakeApi;
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

  it('runs the drawer in Vietnamese: the open shift, the count by note, the close and its Z report', async () => {
    await activateLanguage('vi', 'staff');
    signIn(staff);
    const shift = makeShift();
    const closed = closedShift({ noteCounts: [{ note: 500_000, count: 5 }] });
    const served = serveShifts({ current: shift, answer: () => ok(closed) });
    scene.fakeApi = served.fakeApi;
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
});

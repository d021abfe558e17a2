import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-routes';
import { closedShift, makeShift } from '../../../test/data/shifts';
import { ZReport } from '../components/ZReport';
import { money, serveShifts, signIn, spaced, staff, shiftsScene } from './shifts-test-kit';

describe('ShiftsPage', { timeout: 20_000 }, () => {
  const scene = shiftsScene();

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
    scene.fakeApi = served.fakeApi;
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
          message: 'Orders 1042, 1043 are still open: take their payments or cancel them before closing the last shift',
          code: 'SHIFT_OPEN_ORDERS',
          params: { count: 2, orderNos: '1042, 1043' },
          errors: [
            { path: 'orders.1042', message: 'In the kitchen' },
            { path: 'orders.1043', message: 'Served, not paid yet' },
          ],
        },
      }),
    });
    scene.fakeApi = served.fakeApi;
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
    expect(alert).toHaveTextContent('Orders 1042, 1043 are still open: take their payments or cancel them');
    const orders = within(within(alert).getByRole('list', { name: 'Open orders' })).getAllByRole('link');
    expect(orders.map((link) => link.textContent)).toEqual([
      'Order #1042: In the kitchen',
      'Order #1043: Served, not paid yet',
    ]);
    expect(orders[0]).toHaveAttribute('href', '/orders');
    expect(within(alert).getByRole('link', { name: 'Go to the orders' })).toHaveAttribute('href', '/orders');
    expect(served.writes[0]?.body).toEqual({ countedCash: 2_885_000 });
    // Still open: the shift's figures stay on screen.
    expect(screen.getByRole('heading', { name: /^Shift 12 · Quầy 1/ })).toBeInTheDocument();
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

  it('counts the cash rounding in the drawer on a line of its own, never in the sales', () => {
    const shift = closedShift();
    const cash = { ...shift.report.cash, rounding: -1_500, expected: 2_883_500, counted: 2_883_500, overShort: 0 };
    render(<ZReport shift={{ ...shift, report: { ...shift.report, cash } }} restaurantName="Quán Ngon" />);
    expect(row('Cash sales')).toBe(money(1_850_000));
    expect(row('Cash rounding')).toBe(`\u2212${money(1_500)}`);
    expect(row('Expected')).toBe(money(2_883_500));
    expect(row('Net sales')).toBe(money(4_050_000));
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

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import { makePayment, makeRound } from '../../../test/data/orders';
import { card, makeTab, openAction, serveTab, tabActionsScene } from './tab-actions-test-kit';

/** The amounts a split dialog's preview shows, "Part 1 75.600 ₫" each. */
const previewOf = (dialog: ReturnType<typeof within>, name: string) =>
  within(dialog.getByRole('region', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace(/\s+/g, ' '));

/** A part of a split bill as the server answers it. */
const part = (no: number, total: number, paid = 0, lines: { position: number; quantity: number }[] = []) => ({
  no,
  lines,
  subtotal: total,
  discount: 0,
  serviceCharge: 0,
  tax: 0,
  total,
  paid,
  due: total - paid,
  paymentMethod: paid >= total ? ('cash' as const) : null,
  paidAt: paid >= total ? '2026-11-28T19:30:00.000Z' : null,
});

describe('splitting what a table owes', { timeout: 20_000 }, () => {
  const scene = tabActionsScene();

  it('splits by dishes into three parts, the dishes left over making the last', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const order = makeTab();
    scene.server = serveTab([order], { role: 'staff' });
    renderRoutes(routes, { path: '/orders' });

    await openAction(/^Split bill of order #42$/);
    const dialog = within(screen.getByRole('dialog', { name: 'Split the bill · order #42' }));
    await userEvent.click(dialog.getByRole('radio', { name: /Split by dishes/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'More Phở bò, round 1' }));
    await userEvent.click(dialog.getByRole('button', { name: /Add a part/ }));
    // Part 2 is shown: one Phở bò is in part 1, so one is left for it.
    expect(dialog.getByRole('button', { name: 'Part 2 · 0 dishes' })).toHaveAttribute('aria-pressed', 'true');
    expect(dialog.getByRole('group', { name: 'Dishes in part 2' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Split the bill' }));
    expect(dialog.getByText('Put at least one dish in part 2.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'More Phở bò, round 1' }));
    expect(dialog.getByRole('button', { name: 'More Phở bò, round 1' })).toBeDisabled();
    await userEvent.click(dialog.getByRole('button', { name: 'More Trà đá, round 1' }));
    expect(dialog.getByText('The dishes in no part make part 3.')).toBeInTheDocument();
    // 65 000, 70 000 and 60 000 ₫ with their 8 % tax: 210 600 ₫ together.
    expect(previewOf(dialog, 'Each part pays')).toEqual(['Part 170.200 ₫', 'Part 275.600 ₫', 'Part 364.800 ₫']);
    expect(dialog.getByText('Together 210.600 ₫, the whole bill.')).toBeInTheDocument();
    // Part 1 again: what part 2 holds is no longer there to pick.
    await userEvent.click(dialog.getByRole('button', { name: 'Part 1 · 1 dish' }));
    expect(dialog.getByRole('button', { name: 'More Phở bò, round 1' })).toBeDisabled();
    await userEvent.click(dialog.getByRole('button', { name: 'Split into 3 parts' }));

    expect(await screen.findByText('Order #42’s bill is split into 3 parts.')).toBeInTheDocument();
    expect(scene.server.posts.map((post) => post.body)).toEqual([
      {
        by: 'lines',
        parts: [
          [{ position: 0, quantity: 1 }],
          [
            { position: 0, quantity: 1 },
            { position: 1, quantity: 1 },
          ],
        ],
        expectedVersion: 3,
      },
    ]);
  });

  it('after one part is paid, splits what is left again, the new parts numbered after it', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const order = makeTab({
      status: 'served',
      rounds: [makeRound(1, { status: 'served' }), makeRound(2, { status: 'served' })],
      billParts: [
        part(1, 75_600, 75_600, [{ position: 0, quantity: 1 }]),
        part(2, 70_200, 0, [{ position: 0, quantity: 1 }]),
        part(3, 64_800, 0, [
          { position: 1, quantity: 2 },
          { position: 2, quantity: 1 },
        ]),
      ],
      payments: [makePayment({ amount: 75_600, partNo: 1 })],
      paid: 75_600,
    });
    scene.server = serveTab([{ ...order, due: order.bills.total - 75_600 }], { role: 'staff' });
    renderRoutes(routes, { path: '/orders' });

    await openAction(/^Split again of order #42$/);
    const dialog = within(screen.getByRole('dialog', { name: 'Split the bill · order #42' }));
    expect(
      dialog.getByText('Parts with money on them (1) stay as they are; only the 135.000 ₫ left is split.'),
    ).toBeInTheDocument();
    expect(previewOf(dialog, 'Each guest pays')).toEqual(['Part 267.500 ₫', 'Part 367.500 ₫']);
    expect(dialog.getByText('Together 135.000 ₫, all that is left to split.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'More guests' }));
    expect(previewOf(dialog, 'Each guest pays')).toEqual(['Part 245.000 ₫', 'Part 345.000 ₫', 'Part 445.000 ₫']);
    await userEvent.click(dialog.getByRole('button', { name: 'Split into 3 parts' }));

    expect(await screen.findByText('Order #42’s bill is split into 4 parts.')).toBeInTheDocument();
    expect(scene.server.posts.map((post) => post.body)).toEqual([{ by: 'guests', guests: 3, expectedVersion: 3 }]);
    const parts = within(await card().findByRole('region', { name: 'Split bill · 1 of 4 parts paid' }));
    expect(parts.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Pay part 2 of order #42',
      'Pay part 3 of order #42',
      'Pay part 4 of order #42',
    ]);
  });

  it('speaks Vietnamese, and offers only an even split once money was paid on the whole bill', async () => {
    await activateLanguage('vi', 'staff');
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const tab = makeTab({
      status: 'served',
      rounds: [makeRound(1, { status: 'served' }), makeRound(2, { status: 'served' })],
    });
    const order = { ...tab, payments: [makePayment({ amount: 10_600 })], paid: 10_600, due: tab.bills.total - 10_600 };
    scene.server = serveTab([order], { role: 'staff' });
    renderRoutes(routes, { path: '/orders' });

    await openAction(/^Tách hóa đơn của đơn #42$/);
    const dialog = within(screen.getByRole('dialog', { name: 'Tách hóa đơn · đơn #42' }));
    expect(
      dialog.getByText('10.600 ₫ đã trả thành phần 1, đã thanh toán; chỉ tách 200.000 ₫ còn lại.'),
    ).toBeInTheDocument();
    expect(dialog.getByRole('radio', { name: /Tách theo món/ })).toBeDisabled();
    expect(
      dialog.getByText('Đã có tiền trả không theo món nào, nên phần còn lại chỉ chia đều được.'),
    ).toBeInTheDocument();
    expect(previewOf(dialog, 'Mỗi khách trả')).toEqual(['Phần 2100.000 ₫', 'Phần 3100.000 ₫']);
    expect(dialog.getByRole('button', { name: 'Tách thành 2 phần' })).toBeInTheDocument();
  });
});

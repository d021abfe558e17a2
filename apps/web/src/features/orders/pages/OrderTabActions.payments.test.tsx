import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import { makePayment, makeRound } from '../../../test/data/orders';
import { card, makeTab, openAction, serveTab, tabActionsScene } from './tab-actions-test-kit';

describe('changing a table’s bill by hand', { timeout: 20_000 }, () => {
  const scene = tabActionsScene();

  it('splits a bill evenly with a live preview, then shows parts that add up to the total', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const order = makeTab({
      status: 'served',
      rounds: [makeRound(1, { status: 'served' }), makeRound(2, { status: 'served' })],
    });
    scene.server = serveTab([order], { role: 'staff' });
    renderRoutes(routes, { path: '/orders' });

    await openAction(/^Split bill of order #42$/);
    const dialog = within(screen.getByRole('dialog', { name: 'Split the bill · order #42' }));
    expect(dialog.getByRole('radio', { name: /Split evenly/ })).toBeChecked();
    // Two guests on the order: two parts to start with.
    const preview = () =>
      within(dialog.getByRole('region', { name: 'Each guest pays' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace(/\s+/g, ' '));
    expect(preview()).toEqual(['Part 1105.300 ₫', 'Part 2105.300 ₫']);
    await userEvent.click(dialog.getByRole('button', { name: 'More guests' }));
    expect(dialog.getByRole('spinbutton', { name: 'Number of guests' })).toHaveValue(3);
    expect(preview()).toEqual(['Part 170.200 ₫', 'Part 270.200 ₫', 'Part 370.200 ₫']);
    await userEvent.clear(dialog.getByRole('spinbutton', { name: 'Number of guests' }));
    await userEvent.type(dialog.getByRole('spinbutton', { name: 'Number of guests' }), '4');
    expect(preview()).toEqual(['Part 152.650 ₫', 'Part 252.650 ₫', 'Part 352.650 ₫', 'Part 452.650 ₫']);
    await userEvent.clear(dialog.getByRole('spinbutton', { name: 'Number of guests' }));
    await userEvent.type(dialog.getByRole('spinbutton', { name: 'Number of guests' }), '21');
    expect(dialog.getByText('Split between 2 and 20 guests.')).toBeInTheDocument();
    await userEvent.clear(dialog.getByRole('spinbutton', { name: 'Number of guests' }));
    await userEvent.type(dialog.getByRole('spinbutton', { name: 'Number of guests' }), '4');
    await userEvent.click(dialog.getByRole('button', { name: 'Split into 4 parts' }));

    expect(await screen.findByText('Order #42’s bill is split into 4 parts.')).toBeInTheDocument();
    expect(scene.server.posts).toEqual([
      { url: `/api/order/${order._id}/split`, body: { by: 'guests', guests: 4, expectedVersion: 3 } },
    ]);
    const parts = within(await card().findByRole('region', { name: 'Split bill · 0 of 4 parts paid' }));
    const amounts = parts.getAllByText(/₫$/).map((amount) => Number(amount.textContent?.replace(/\D/g, '')));
    expect(amounts).toHaveLength(4);
    expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(order.bills.total);
    // A split bill is settled part by part: the order's Complete button gives way to the parts.
    expect(card().queryByRole('button', { name: 'Complete order #42' })).not.toBeInTheDocument();
    expect(parts.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Pay part 1 of order #42',
      'Pay part 2 of order #42',
      'Pay part 3 of order #42',
      'Pay part 4 of order #42',
    ]);
  });

  it('splits by dishes: part 1 the dishes picked, part 2 the rest', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const order = makeTab();
    scene.server = serveTab([order], { role: 'staff' });
    renderRoutes(routes, { path: '/orders' });

    await openAction(/^Split bill of order #42$/);
    const dialog = within(screen.getByRole('dialog', { name: 'Split the bill · order #42' }));
    await userEvent.click(dialog.getByRole('radio', { name: /Split by dishes/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Split the bill' }));
    expect(dialog.getByText('Put at least one dish in part 1.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'More Phở bò, round 1' }));
    await userEvent.click(dialog.getByRole('button', { name: 'More Trà đá, round 1' }));
    // 70 000 and 125 000 ₫ with their 8 % tax.
    expect(
      within(dialog.getByRole('region', { name: 'Each part pays' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace(/\s+/g, ' ')),
    ).toEqual(['Part 175.600 ₫', 'Part 2135.000 ₫']);
    await userEvent.click(dialog.getByRole('button', { name: 'Split into 2 parts' }));

    expect(await screen.findByText('Order #42’s bill is split into 2 parts.')).toBeInTheDocument();
    expect(scene.server.posts.map((post) => post.body)).toEqual([
      {
        by: 'lines',
        parts: [
          [
            { position: 0, quantity: 1 },
            { position: 1, quantity: 1 },
          ],
        ],
        expectedVersion: 3,
      },
    ]);
  });

  it('pays one part of a split bill in the payment dialog', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const part = {
      lines: [],
      subtotal: 0,
      discount: 0,
      serviceCharge: 0,
      tax: 0,
      paid: 0,
      due: 105300,
      paymentMethod: null,
      paidAt: null,
    };
    const order = makeTab({
      status: 'in_progress',
      rounds: [makeRound(1, { status: 'served' }), makeRound(2, { status: 'in_progress' })],
      billParts: [
        { ...part, no: 1, total: 105300 },
        { ...part, no: 2, total: 105300 },
      ],
    });
    scene.server = serveTab([order], { role: 'staff' });
    renderRoutes(routes, { path: '/orders' });

    await openAction(/^Pay part 1 of order #42$/);
    const dialog = within(screen.getByRole('dialog', { name: 'Pay part 1 of order #42' }));
    // The part's total, and all of it due.
    expect(dialog.getAllByText('105.300 ₫')).toHaveLength(2);
    const confirm = dialog.getByRole('button', { name: 'Take payment' });
    expect(confirm).toBeDisabled();
    await userEvent.click(dialog.getByRole('radio', { name: 'Cash' }));
    await userEvent.click(confirm);

    expect(await screen.findByText('Part 1 of order #42 paid')).toBeInTheDocument();
    expect(scene.server.posts).toEqual([
      {
        url: `/api/order/${order._id}/payments`,
        body: { method: 'cash', amount: 105300, partNo: 1, expectedVersion: order.version },
      },
    ]);
    const parts = within(await card().findByRole('region', { name: 'Split bill · 1 of 2 parts paid' }));
    expect(parts.getByText(/^Paid by cash/)).toBeInTheDocument();
    // The last part completes the order: it waits until the kitchen is done.
    expect(parts.getByRole('button', { name: 'Pay part 2 of order #42' })).toBeDisabled();
    expect(parts.getByText('The last part is paid once the kitchen is done with the order.')).toBeInTheDocument();
    // With a part paid, the dishes stay as they are; what is left can still be split again.
    const changes = within(card().getByRole('group', { name: 'Change the bill' }));
    expect(changes.getAllByRole('button').map((button) => button.textContent)).toEqual(['Split again of order #42']);
  });

  it('takes a payment before the kitchen is done, and keeps the paid dishes where they are', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const tab = makeTab({
      status: 'in_progress',
      rounds: [makeRound(1, { status: 'served' }), makeRound(2, { status: 'in_progress' })],
    });
    const order = { ...tab, due: tab.bills.total };
    scene.server = serveTab([order], { role: 'staff' });
    renderRoutes(routes, { path: '/orders' });

    await openAction(/^Take payment of order #42$/);
    const dialog = within(screen.getByRole('dialog', { name: 'Pay order #42' }));
    await userEvent.click(dialog.getByRole('radio', { name: 'Card' }));
    expect(dialog.getByLabelText('Amount')).toHaveValue('210.600');
    await userEvent.clear(dialog.getByLabelText('Amount'));
    await userEvent.type(dialog.getByLabelText('Amount'), '100.000');
    await userEvent.click(dialog.getByRole('button', { name: 'Take payment' }));

    expect(await dialog.findByText('100.000 ₫ taken by card. 110.600 ₫ left to pay.')).toBeInTheDocument();
    expect(scene.server.posts).toEqual([
      { url: `/api/order/${order._id}/payments`, body: { method: 'card', amount: 100000, expectedVersion: 3 } },
    ]);
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(await card().findByText('110.600 ₫ still due')).toBeInTheDocument();
    // Money on the bill: a void may still take dishes off it and what is due may be split, but nothing moves
    // to another table.
    const changes = within(card().getByRole('group', { name: 'Change the bill' }));
    expect(changes.getByRole('button', { name: /^Void dishes/ })).toBeInTheDocument();
    expect(changes.queryByRole('button', { name: /^Move dishes/ })).not.toBeInTheDocument();
    expect(changes.getByRole('button', { name: /^Split bill/ })).toBeInTheDocument();
  });

  it('keeps a completed order’s payments open to a manager’s refund, and to nobody else', async () => {
    const tab = makeTab({ status: 'completed', rounds: [makeRound(1, { status: 'served' })] });
    const completed = { ...tab, paid: tab.bills.total, due: 0, payments: [makePayment({ amount: tab.bills.total })] };
    storeSession(makeUser({ role: 'manager' }), tokenExpiringIn(3600));
    scene.server = serveTab([completed], { role: 'manager' });
    const view = renderRoutes(routes, { path: '/orders?status=completed' });

    await openAction(/^Payments & refunds of order #42$/);
    const dialog = within(screen.getByRole('dialog', { name: 'Pay order #42' }));
    expect(dialog.getByRole('button', { name: /^Refund cash payment of 210\.600/ })).toBeInTheDocument();
    view.unmount();
    scene.server.fakeApi.restore();

    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    scene.server = serveTab([completed], { role: 'staff' });
    renderRoutes(routes, { path: '/orders?status=completed' });
    await screen.findByRole('article', { name: /^#42 / });
    expect(screen.queryByRole('button', { name: /^Payments & refunds/ })).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { fail } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import { makeOrder } from '../../../test/data/orders';
import { actionNames, serveOrders, ordersScene } from './orders-test-kit';

// Whole-page journeys through the lazy routes: on a busy two-core machine one can pass the default 5 s.
describe('OrdersPage', { timeout: 20_000 }, () => {
  const scene = ordersScene();

  it('accepts a pending diner order', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const order = makeOrder({ orderNo: 1042, status: 'pending', source: 'table' });
    scene.server = serveOrders([order]);
    renderRoutes(routes, { path: '/orders' });

    await userEvent.click(await screen.findByRole('button', { name: 'Accept order #1042' }));

    expect(await screen.findByText('Order #1042 accepted.')).toBeInTheDocument();
    expect(scene.server.puts).toEqual([{ id: order._id, body: { status: 'in_progress' } }]);
    await waitFor(() => expect(actionNames(1042)).toEqual(['Ready order #1042', 'Cancel order #1042']));
  });

  it('takes the payment before completing: the payment that settles the bill completes the order', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const order = makeOrder({ orderNo: 1042, status: 'served' });
    scene.server = serveOrders([order]);
    renderRoutes(routes, { path: '/orders' });

    await userEvent.click(await screen.findByRole('button', { name: 'Complete order #1042' }));
    const dialog = screen.getByRole('dialog', { name: 'Pay order #1042' });
    const confirm = within(dialog).getByRole('button', { name: 'Take payment' });
    expect(confirm).toBeDisabled();
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['cash', 'card', 'transfer', 'ewallet', 'voucher']);

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Card' }));
    await userEvent.click(confirm);

    expect(await screen.findByText('Order #1042 paid')).toBeInTheDocument();
    expect(scene.server.payments).toEqual([
      { id: order._id, body: { method: 'card', amount: order.bills.total, expectedVersion: order.version } },
    ]);
    expect(scene.server.puts).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Completed orders leave the Active tab.
    await waitFor(() => expect(screen.queryByRole('article', { name: /^#1042 / })).not.toBeInTheDocument());
  });

  it('completes an order paid in advance at once', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const order = makeOrder({ orderNo: 1042, status: 'served', paid: 151_200 });
    scene.server = serveOrders([order]);
    renderRoutes(routes, { path: '/orders' });

    await userEvent.click(await screen.findByRole('button', { name: 'Complete order #1042' }));

    expect(await screen.findByText('Order #1042 completed.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(scene.server.puts).toEqual([{ id: order._id, body: { status: 'completed' } }]);
  });

  it('confirms a cancellation, sends nothing when dismissed, and shows a refusal', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const order = makeOrder({ orderNo: 1042, status: 'in_progress' });
    scene.server = serveOrders([order], () => fail(409, 'Cannot move order 1042 from completed to cancelled'));
    renderRoutes(routes, { path: '/orders' });

    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order #1042' }));
    let dialog = screen.getByRole('dialog', { name: 'Cancel order #1042?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(scene.server.puts).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel order #1042' }));
    dialog = screen.getByRole('dialog', { name: 'Cancel order #1042?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel order' }));

    expect(await screen.findByText('Cannot move order 1042 from completed to cancelled')).toBeInTheDocument();
    expect(scene.server.puts).toEqual([{ id: order._id, body: { status: 'cancelled' } }]);
  });
});

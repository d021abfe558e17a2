import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import { makeLine, makeOrder, makeRound } from '../../../test/data/orders';
import { actionNames, makeTab, serveOrders, ordersScene } from './orders-test-kit';

// Whole-page journeys through the lazy routes: on a busy two-core machine one can pass the default 5 s.
describe('OrdersPage', { timeout: 20_000 }, () => {
  const scene = ordersScene();

  describe('a tab of several rounds', () => {
    /** Order #1042 at table 5: its first round made, a diner's second round waiting, a third rejected. */
    const tabWithDinerRound = () =>
      makeOrder({
        orderNo: 1042,
        status: 'pending',
        source: 'pos',
        table: { _id: '0190a1b2-c3d4-7e5f-8a9b-7ab1e0000005', tableNo: 5 },
        version: 4,
        rounds: [
          makeRound(1, { status: 'in_progress', sentAt: '2026-01-15T12:05:00.000Z' }),
          makeRound(2, { status: 'pending', source: 'table', sentAt: '2026-01-15T12:42:00.000Z' }),
          makeRound(3, { status: 'cancelled', source: 'table', sentAt: '2026-01-15T12:30:00.000Z' }),
        ],
        items: [
          makeLine({ name: 'Phở bò', quantity: 3, voidedQuantity: 1, position: 0, roundNo: 1 }),
          makeLine({ name: 'Trà đá', price: 5000, quantity: 2, voidedQuantity: 2, position: 1, roundNo: 1 }),
          makeLine({ name: 'Chè ba màu', price: 25000, quantity: 2, position: 2, roundNo: 2 }),
          makeLine({ name: 'Bia Hà Nội', price: 20000, quantity: 4, voidedQuantity: 4, position: 3, roundNo: 3 }),
        ],
      });

    it('groups the lines by round, shows what was voided, and lets staff accept a diner’s round', async () => {
      storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
      const order = tabWithDinerRound();
      scene.server = serveOrders([order]);
      renderRoutes(routes, { path: '/orders' });

      const tab = within(await screen.findByRole('article', { name: /^#1042 / }));
      expect(tab.getByText('Round 2 waiting for approval')).toBeInTheDocument();
      const first = within(tab.getByRole('region', { name: 'Round 1 · 19:05 · Preparing' }));
      expect(first.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        '2 × Phở bò (1 voided)',
        '2 × Trà đá (voided)',
      ]);
      expect(first.queryByRole('button')).not.toBeInTheDocument();
      const second = within(tab.getByRole('region', { name: 'Round 2 · 19:42 · Waiting for approval' }));
      expect(second.getByText('Chè ba màu')).toBeInTheDocument();
      expect(second.getAllByRole('button').map((button) => button.textContent)).toEqual([
        'Accept round 2 of order #1042',
        'Reject round 2 of order #1042',
      ]);
      const third = within(tab.getByRole('region', { name: 'Round 3 · 19:30 · Cancelled' }));
      expect(third.queryByRole('button')).not.toBeInTheDocument();
      // The order's own moves stay, acting on the order as a whole.
      expect(tab.getByRole('button', { name: 'Accept order #1042' })).toBeInTheDocument();

      await userEvent.click(second.getByRole('button', { name: 'Accept round 2 of order #1042' }));

      expect(await screen.findByText('Round 2 of order #1042 accepted.')).toBeInTheDocument();
      expect(scene.server.patches).toEqual([
        { id: order._id, roundNo: 2, body: { status: 'in_progress', expectedVersion: 4 } },
      ]);
      expect(scene.server.fakeApi.requests).toContain(`PATCH /api/order/${order._id}/rounds/2`);
      await waitFor(() => expect(tab.getByRole('region', { name: 'Round 2 · 19:42 · Preparing' })).toBeInTheDocument());
      expect(tab.queryByRole('button', { name: /round 2/ })).not.toBeInTheDocument();
      expect(tab.queryByText('Round 2 waiting for approval')).not.toBeInTheDocument();
    });

    it('decides a tab whose rounds all wait for approval round by round, without the order’s own buttons', async () => {
      storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
      const order = makeOrder({
        orderNo: 1044,
        status: 'pending',
        source: 'table',
        version: 2,
        rounds: [
          makeRound(1, { status: 'pending', source: 'table', sentAt: '2026-01-15T12:05:00.000Z' }),
          makeRound(2, { status: 'pending', source: 'table', sentAt: '2026-01-15T12:08:00.000Z' }),
        ],
        items: [
          makeLine({ name: 'Phở bò', position: 0, roundNo: 1 }),
          makeLine({ name: 'Chè ba màu', price: 25000, position: 1, roundNo: 2 }),
        ],
      });
      scene.server = serveOrders([order]);
      renderRoutes(routes, { path: '/orders' });

      const tab = within(await screen.findByRole('article', { name: '#1044 · Table 4' }));
      expect(tab.getByText('Rounds 1 and 2 waiting for approval')).toBeInTheDocument();
      expect(tab.getAllByRole('button', { name: /^Accept/ }).map((button) => button.textContent)).toEqual([
        'Accept round 1 of order #1044',
        'Accept round 2 of order #1044',
      ]);
      expect(tab.queryByRole('group', { name: 'Move the order' })).not.toBeInTheDocument();

      // Once the kitchen has taken one round, the order moves on as a whole again.
      await userEvent.click(tab.getByRole('button', { name: 'Accept round 1 of order #1044' }));
      expect(await screen.findByText('Round 1 of order #1044 accepted.')).toBeInTheDocument();
      await waitFor(() => expect(actionNames(1044)).toEqual(['Ready order #1044', 'Cancel order #1044']));
      expect(tab.getByRole('button', { name: 'Accept round 2 of order #1044' })).toBeInTheDocument();
    });

    it('confirms before rejecting a diner’s round, and sends nothing when dismissed', async () => {
      storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
      const order = tabWithDinerRound();
      scene.server = serveOrders([order]);
      renderRoutes(routes, { path: '/orders' });

      await userEvent.click(await screen.findByRole('button', { name: 'Reject round 2 of order #1042' }));
      let dialog = screen.getByRole('dialog', { name: 'Reject round 2 of order #1042?' });
      expect(dialog).toHaveTextContent('the rest of the order stays');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(scene.server.patches).toEqual([]);

      await userEvent.click(screen.getByRole('button', { name: 'Reject round 2 of order #1042' }));
      dialog = screen.getByRole('dialog', { name: 'Reject round 2 of order #1042?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, reject round' }));

      expect(await screen.findByText('Round 2 of order #1042 rejected.')).toBeInTheDocument();
      expect(scene.server.patches).toEqual([
        { id: order._id, roundNo: 2, body: { status: 'cancelled', expectedVersion: 4 } },
      ]);
    });
    it('says a cancel of a tab stops only the rounds not yet ready, and that the rest stays on the bill', async () => {
      storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
      scene.server = serveOrders([makeTab()]);
      renderRoutes(routes, { path: '/orders' });

      await userEvent.click(await screen.findByRole('button', { name: 'Cancel order #42' }));
      const dialog = screen.getByRole('dialog', { name: 'Cancel order #42?' });
      expect(dialog).toHaveTextContent(
        'Cancels the rounds not yet ready; dishes already ready or served stay on the bill. Round 2 stops here',
      );
      expect(dialog).not.toHaveTextContent('the table is freed');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(scene.server.puts).toEqual([]);
    });
  });
});

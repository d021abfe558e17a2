import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { fail } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import { makeOrder, makeRound } from '../../../test/data/orders';
import { makeTab, minutesAgo, serveOrders, ordersScene } from './orders-test-kit';

/** The dishes on a ticket, as the kitchen reads them. */
function ticketLines(ticket: HTMLElement) {
  return within(ticket)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

// Whole-page journeys through the lazy routes: on a busy two-core machine one can pass the default 5 s.
describe('OrdersPage', { timeout: 20_000 }, () => {
  const scene = ordersScene();

  describe('kitchen mode', () => {
    it('shows open kitchen orders oldest first and advances one with a single tap', async () => {
      storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
      const orders = [
        makeOrder({ orderNo: 7, status: 'ready', createdAt: minutesAgo(3) }),
        makeOrder({ orderNo: 5, status: 'in_progress', createdAt: minutesAgo(25) }),
        makeOrder({ orderNo: 8, status: 'pending', source: 'table', createdAt: minutesAgo(1) }),
        makeOrder({ orderNo: 6, status: 'in_progress', createdAt: minutesAgo(14) }),
        makeOrder({ orderNo: 4, status: 'served', createdAt: minutesAgo(40) }),
      ];
      scene.server = serveOrders(orders);
      renderRoutes(routes, { path: '/orders?view=kitchen' });

      const list = await screen.findByRole('list', { name: 'Kitchen tickets, oldest first' });
      const tickets = within(list).getAllByRole('article');
      expect(tickets.map((ticket) => within(ticket).getByRole('heading').textContent)).toEqual([
        '#5 · Table 4',
        '#6 · Table 4',
        '#7 · Table 4',
        '#8 · Table 4',
      ]);
      // Only what is being made counts down: a ready ticket is done, a diner's order nobody accepted is not late.
      expect(tickets.map((ticket) => ticket.dataset.tone)).toEqual(['late', 'waiting', 'done', 'awaiting']);
      expect(within(tickets[3]!).getByText('New order from the table: accept it')).toBeInTheDocument();
      expect(tickets[3]).toHaveTextContent('Not accepted yet');
      expect(within(tickets[3]!).queryByText(/\d+ min/)).not.toBeInTheDocument();
      expect(tickets[2]).toHaveTextContent('Done');
      expect(within(tickets[2]!).queryByText(/\d+ min/)).not.toBeInTheDocument();
      expect(scene.server.fakeApi.configs[0]?.params).toMatchObject({ status: 'pending,in_progress,ready' });

      await userEvent.click(within(tickets[0]!).getByRole('button', { name: 'Mark ready order #5' }));
      expect(await screen.findByText('Order #5 is ready.')).toBeInTheDocument();
      await userEvent.click(within(tickets[3]!).getByRole('button', { name: 'Accept order #8' }));
      expect(await screen.findByText('Order #8 accepted.')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Mark served order #7' }));
      expect(await screen.findByText('Order #7 served.')).toBeInTheDocument();

      // Each ticket moves its round, with the version of the order the screen shows.
      expect(
        scene.server.patches.map(({ id, roundNo, body }) => [orders.find((o) => o._id === id)?.orderNo, roundNo, body]),
      ).toEqual([
        [5, 1, { status: 'ready', expectedVersion: 1 }],
        [8, 1, { status: 'in_progress', expectedVersion: 1 }],
        [7, 1, { status: 'served', expectedVersion: 1 }],
      ]);
      expect(scene.server.puts).toEqual([]);
      // Served orders leave the kitchen.
      await waitFor(() => expect(screen.queryByRole('article', { name: /^#7 / })).not.toBeInTheDocument());
    });

    it('shows one ticket per round of a tab, each with only its own dishes, the earliest sent first', async () => {
      storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
      scene.server = serveOrders([makeTab(), makeOrder({ orderNo: 9, status: 'pending', createdAt: minutesAgo(12) })]);
      renderRoutes(routes, { path: '/orders?view=kitchen' });

      const list = await screen.findByRole('list', { name: 'Kitchen tickets, oldest first' });
      const tickets = within(list).getAllByRole('article');
      expect(tickets.map((ticket) => within(ticket).getByRole('heading').textContent)).toEqual([
        'Round 1 · Table 5',
        '#9 · Table 4',
        'Round 2 · Table 5',
      ]);
      // The wait is counted from when each round was sent, while the round is being made.
      expect(tickets.map((ticket) => ticket.dataset.tone)).toEqual(['done', 'awaiting', 'fresh']);
      expect(tickets[0]).toHaveAccessibleName('Round 1 · Table 5 #42');
      expect(ticketLines(tickets[0]!)).toEqual(['2 × Phở bò', '2 × Trà đá“ít đá”']);
      // Only what is left to make: the voided coffee is not on the ticket, one of the two Nem rán is.
      expect(ticketLines(tickets[2]!)).toEqual(['1 × Bún chả“nhiều rau”', '1 × Nem rán']);
      expect(screen.getByText('3 tickets')).toBeInTheDocument();
    });

    it('bumps one round of a tab with the version it shows', async () => {
      storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
      const order = makeTab();
      scene.server = serveOrders([order]);
      renderRoutes(routes, { path: '/orders?view=kitchen' });

      const round2 = await screen.findByRole('article', { name: 'Round 2 · Table 5 #42' });
      await userEvent.click(within(round2).getByRole('button', { name: 'Mark ready round 2 of order #42' }));

      expect(await screen.findByText('Round 2 of order #42 is ready.')).toBeInTheDocument();
      expect(scene.server.fakeApi.requests).toContain(`PATCH /api/order/${order._id}/rounds/2`);
      expect(scene.server.patches).toEqual([
        { id: order._id, roundNo: 2, body: { status: 'ready', expectedVersion: 3 } },
      ]);
      expect(
        await within(round2).findByRole('button', { name: 'Mark served round 2 of order #42' }),
      ).toBeInTheDocument();
      // Round 1 did not move.
      expect(
        within(screen.getByRole('article', { name: 'Round 1 · Table 5 #42' })).getByRole('button', {
          name: 'Mark served round 1 of order #42',
        }),
      ).toBeInTheDocument();

      // The next tap sends the version the first one left.
      await userEvent.click(within(round2).getByRole('button', { name: 'Mark served round 2 of order #42' }));
      expect(await screen.findByText('Round 2 of order #42 served.')).toBeInTheDocument();
      expect(scene.server.patches.at(-1)).toEqual({
        id: order._id,
        roundNo: 2,
        body: { status: 'served', expectedVersion: 4 },
      });
      await waitFor(() => expect(screen.queryByRole('article', { name: /^Round 2 / })).not.toBeInTheDocument());
    });

    it('shows the server’s refusal when the order changed elsewhere, and fetches it again', async () => {
      storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
      const message = 'Order 42 was changed on another screen since you opened it; its latest state is shown now';
      scene.server = serveOrders([makeTab()], () => fail(409, message));
      renderRoutes(routes, { path: '/orders?view=kitchen' });

      const round1 = await screen.findByRole('article', { name: 'Round 1 · Table 5 #42' });
      const listsBefore = scene.server.fakeApi.requests.filter((request) => request === 'GET /api/order').length;
      await userEvent.click(within(round1).getByRole('button', { name: 'Mark served round 1 of order #42' }));

      expect(await screen.findByText(message)).toBeInTheDocument();
      await waitFor(() =>
        expect(scene.server.fakeApi.requests.filter((request) => request === 'GET /api/order').length).toBeGreaterThan(
          listsBefore,
        ),
      );
    });

    it('accepts or, once confirmed, rejects a diner’s round on its ticket', async () => {
      storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
      const order = makeTab({
        status: 'pending',
        rounds: [
          makeRound(1, { status: 'ready', sentAt: minutesAgo(20) }),
          makeRound(2, { status: 'pending', source: 'table', sentAt: minutesAgo(3) }),
        ],
      });
      scene.server = serveOrders([order]);
      renderRoutes(routes, { path: '/orders?view=kitchen' });

      const round2 = await screen.findByRole('article', { name: 'Round 2 · Table 5 #42' });
      expect(within(round2).getByText('More dishes from the table: accept them')).toBeInTheDocument();
      expect(screen.getByText('2 tickets, 1 waiting for approval')).toBeInTheDocument();
      await userEvent.click(within(round2).getByRole('button', { name: 'Reject round 2 of order #42' }));
      const dialog = screen.getByRole('dialog', { name: 'Reject round 2 of order #42?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, reject round' }));

      expect(await screen.findByText('Round 2 of order #42 rejected.')).toBeInTheDocument();
      expect(scene.server.patches).toEqual([
        { id: order._id, roundNo: 2, body: { status: 'cancelled', expectedVersion: 3 } },
      ]);
      await waitFor(() => expect(screen.queryByRole('article', { name: /^Round 2 / })).not.toBeInTheDocument());
    });

    it('calls a diner’s first round a new order and a later one more dishes', async () => {
      storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
      const order = makeTab({
        status: 'pending',
        source: 'table',
        rounds: [
          makeRound(1, { status: 'pending', source: 'table', sentAt: minutesAgo(4) }),
          makeRound(2, { status: 'pending', source: 'table', sentAt: minutesAgo(1) }),
        ],
      });
      scene.server = serveOrders([order]);
      renderRoutes(routes, { path: '/orders?view=kitchen' });

      const round1 = within(await screen.findByRole('article', { name: 'Round 1 · Table 5 #42' }));
      expect(round1.getByText('New order from the table: accept it')).toBeInTheDocument();
      expect(round1.queryByText(/More dishes/)).not.toBeInTheDocument();
      const round2 = within(screen.getByRole('article', { name: 'Round 2 · Table 5 #42' }));
      expect(round2.getByText('More dishes from the table: accept them')).toBeInTheDocument();
      expect(screen.getByText('2 tickets, 2 waiting for approval')).toBeInTheDocument();
    });

    it('speaks Vietnamese on the kitchen screen: tickets, timers and buttons', async () => {
      await activateLanguage('vi', 'staff');
      storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
      scene.server = serveOrders([
        makeOrder({ orderNo: 5, status: 'in_progress', createdAt: minutesAgo(25) }),
        makeOrder({ orderNo: 8, status: 'pending', source: 'table', createdAt: minutesAgo(1) }),
      ]);
      renderRoutes(routes, { path: '/orders?view=kitchen' });

      const list = await screen.findByRole('list', { name: 'Phiếu bếp, cũ nhất trước' });
      expect(screen.getByRole('status')).toHaveTextContent('2 phiếu, 1 chờ xác nhận');
      // The view is not named after a station ("Bếp" is one).
      expect(screen.getByRole('button', { name: 'Màn hình bếp' })).toHaveAttribute('aria-pressed', 'true');
      const [late, waiting] = within(list).getAllByRole('article');
      expect(within(late!).getByRole('heading')).toHaveTextContent('#5 · Bàn 4');
      expect(late).toHaveTextContent('Trễ');
      expect(late).toHaveTextContent(/Đã chờ 2\d phút/);
      expect(within(waiting!).getByText('Đơn mới từ bàn: cần xác nhận')).toBeInTheDocument();
      expect(within(waiting!).getByRole('button', { name: 'Từ chối đơn #8' })).toBeInTheDocument();

      await userEvent.click(within(late!).getByRole('button', { name: 'Báo xong đơn #5' }));
      expect(await screen.findByText('Đơn #5 đã xong.')).toBeInTheDocument();
    });

    it('switches between the list and the kitchen view', async () => {
      storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
      scene.server = serveOrders([]);
      const { router } = renderRoutes(routes, { path: '/orders' });

      await userEvent.click(await screen.findByRole('button', { name: 'Kitchen display' }));
      expect(await screen.findByText(/No tickets/)).toBeInTheDocument();
      expect(router.state.location.search).toBe('?view=kitchen');
      expect(screen.queryByLabelText('From')).not.toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'List' }));
      expect(await screen.findByLabelText('From')).toBeInTheDocument();
      expect(router.state.location.search).toBe('');
    });
  });
});

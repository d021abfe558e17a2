import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order, OrderStatus } from '@quan/contract/order';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { fail, installFakeApi, ok, type FakeResponse } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render-routes';
import { makeOrder } from '../components/order-fixtures';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** A little order server: lists filter by status, PUT moves an order or answers what `refuse` says. */
function serveOrders(initial: Order[], refuse?: (order: Order, body: Record<string, unknown>) => FakeResponse | null) {
  let orders = initial;
  const puts: { id: string; body: Record<string, unknown> }[] = [];
  const fakeApi = installFakeApi(({ method, url, config }) => {
    if (method === 'GET' && url === '/api/order') {
      const params = (config.params ?? {}) as Record<string, string | number | undefined>;
      const statuses = typeof params.status === 'string' ? params.status.split(',') : null;
      const data = orders.filter((order) => !statuses || statuses.includes(order.status));
      const pagination = { currentPage: 1, totalPages: 1, totalItems: data.length, itemsPerPage: 50 };
      return { status: 200, body: { success: true, data, pagination } };
    }
    const put = /^\/api\/order\/(.+)$/.exec(url);
    if (method === 'PUT' && put) {
      const body = JSON.parse(config.data as string) as Record<string, unknown>;
      puts.push({ id: decodeURIComponent(put[1]!), body });
      const order = orders.find((o) => o._id === decodeURIComponent(put[1]!));
      if (!order) return fail(404, 'Order not found');
      const refusal = refuse?.(order, body);
      if (refusal) return refusal;
      const updated = { ...order, ...body } as Order;
      orders = orders.map((o) => (o._id === order._id ? updated : o));
      return ok(updated);
    }
    if (method === 'GET' && url === '/api/table') return ok([]);
    return fail(404, 'Not found');
  });
  return { fakeApi, puts };
}

function card(orderNo: number) {
  return within(screen.getByRole('article', { name: new RegExp(`^#${orderNo} `) }));
}

function actionNames(orderNo: number) {
  return card(orderNo)
    .queryAllByRole('button')
    .map((button) => button.textContent);
}

/** Every card's number and the moves it offers, read in one pass over the list. */
function offeredMoves(): Record<string, string[]> {
  return Object.fromEntries(
    screen
      .getAllByRole('article')
      .map((article) => [
        within(article).getByRole('heading').textContent?.split(' ')[0],
        Array.from(article.querySelectorAll('button'), (button) => button.textContent),
      ]),
  );
}

// Whole-page journeys through the lazy routes: on a busy two-core machine one can pass the default 5 s.
describe('OrdersPage', { timeout: 20_000 }, () => {
  let server: ReturnType<typeof serveOrders> | undefined;
  afterEach(() => server?.fakeApi.restore());

  it('offers only the moves allowed from each status, on the Active tab by default', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const statuses: OrderStatus[] = ['pending', 'in_progress', 'ready', 'served', 'completed', 'cancelled'];
    server = serveOrders(statuses.map((status, index) => makeOrder({ orderNo: 101 + index, status })));
    renderRoutes(routes, { path: '/orders?status=all' });

    await screen.findByRole('article', { name: /^#101 / });
    expect(offeredMoves()).toEqual({
      '#101': ['Accept order #101', 'Reject order #101'],
      '#102': ['Ready order #102', 'Cancel order #102'],
      '#103': ['Served order #103', 'Complete order #103'],
      '#104': ['Complete order #104'],
      '#105': [],
      '#106': [],
    });

    const tabs = within(screen.getByRole('group', { name: 'Order status' }));
    await userEvent.click(tabs.getByRole('button', { name: 'Active' }));
    await waitFor(() => expect(Object.keys(offeredMoves())).toEqual(['#101', '#102', '#103', '#104']));
    expect(tabs.getByRole('button', { name: 'Active' })).toHaveAttribute('aria-pressed', 'true');
    expect(server.fakeApi.configs.at(-1)?.params).toMatchObject({ status: 'pending,in_progress,ready,served' });
  });

  it('shows table, guests, lines, total, elapsed time and the diner badge on a card', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    server = serveOrders([
      makeOrder({ orderNo: 1042, status: 'pending', source: 'table', createdAt: minutesAgo(12) }),
      makeOrder({ orderNo: 1043, table: null, customerDetails: { name: 'Lê Văn Cường', phone: '', guests: 1 } }),
    ]);
    renderRoutes(routes, { path: '/orders' });

    const diner = within(await screen.findByRole('article', { name: '#1042 · Table 4' }));
    expect(diner.getByText('Diner order')).toBeInTheDocument();
    expect(diner.getByText('Waiting for approval')).toBeInTheDocument();
    expect(diner.getByText('12 min ago')).toBeInTheDocument();
    expect(diner.getByText('2 guests')).toBeInTheDocument();
    expect(diner.getByText('ít đá')).toBeInTheDocument();
    expect(diner.getByText(/151\.200\s₫/)).toBeInTheDocument();
    const takeaway = within(screen.getByRole('article', { name: '#1043 · Takeaway' }));
    expect(takeaway.getByText('1 guest')).toBeInTheDocument();
    expect(takeaway.queryByText('Diner order')).not.toBeInTheDocument();
  });

  it('accepts a pending diner order', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const order = makeOrder({ orderNo: 1042, status: 'pending', source: 'table' });
    server = serveOrders([order]);
    renderRoutes(routes, { path: '/orders' });

    await userEvent.click(await screen.findByRole('button', { name: 'Accept order #1042' }));

    expect(await screen.findByText('Order #1042 accepted.')).toBeInTheDocument();
    expect(server.puts).toEqual([{ id: order._id, body: { status: 'in_progress' } }]);
    await waitFor(() => expect(actionNames(1042)).toEqual(['Ready order #1042', 'Cancel order #1042']));
  });

  it('asks for the payment method before completing, and sends it', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const order = makeOrder({ orderNo: 1042, status: 'served' });
    server = serveOrders([order]);
    renderRoutes(routes, { path: '/orders' });

    await userEvent.click(await screen.findByRole('button', { name: 'Complete order #1042' }));
    const dialog = screen.getByRole('dialog', { name: 'Complete order #1042' });
    const confirm = within(dialog).getByRole('button', { name: 'Complete order' });
    expect(confirm).toBeDisabled();
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['cash', 'card', 'transfer', 'ewallet']);
    expect(server.puts).toEqual([]);

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Bank transfer' }));
    await userEvent.click(confirm);

    expect(await screen.findByText('Order #1042 completed, paid by bank transfer.')).toBeInTheDocument();
    expect(server.puts).toEqual([{ id: order._id, body: { status: 'completed', paymentMethod: 'transfer' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Completed orders leave the Active tab.
    await waitFor(() => expect(screen.queryByRole('article', { name: /^#1042 / })).not.toBeInTheDocument());
  });

  it('confirms a cancellation, sends nothing when dismissed, and shows a refusal', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const order = makeOrder({ orderNo: 1042, status: 'in_progress' });
    server = serveOrders([order], () => fail(409, 'Cannot move order 1042 from completed to cancelled'));
    renderRoutes(routes, { path: '/orders' });

    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order #1042' }));
    let dialog = screen.getByRole('dialog', { name: 'Cancel order #1042?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.puts).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel order #1042' }));
    dialog = screen.getByRole('dialog', { name: 'Cancel order #1042?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel order' }));

    expect(await screen.findByText('Cannot move order 1042 from completed to cancelled')).toBeInTheDocument();
    expect(server.puts).toEqual([{ id: order._id, body: { status: 'cancelled' } }]);
  });

  it('sends the chosen status tab and the dates as the restaurant day bounds', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    server = serveOrders([makeOrder({ orderNo: 1042, status: 'completed' })]);
    const { router } = renderRoutes(routes, { path: '/orders' });
    await screen.findByText('No active orders.');

    await userEvent.click(screen.getByRole('button', { name: 'Completed' }));
    await screen.findByRole('article', { name: /^#1042 / });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-15' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-16' } });

    await waitFor(() =>
      expect(server?.fakeApi.configs.at(-1)?.params).toEqual({
        status: 'completed',
        startDate: '2026-01-14T17:00:00.000Z',
        endDate: '2026-01-16T16:59:59.999Z',
        page: 1,
        limit: 20,
      }),
    );
    expect(router.state.location.search).toBe('?status=completed&from=2026-01-15&to=2026-01-16');
  });

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
      server = serveOrders(orders);
      renderRoutes(routes, { path: '/orders?view=kitchen' });

      const list = await screen.findByRole('list', { name: 'Kitchen tickets, oldest first' });
      const tickets = within(list).getAllByRole('article');
      expect(tickets.map((ticket) => within(ticket).getByRole('heading').textContent)).toEqual([
        '#5 · Table 4',
        '#6 · Table 4',
        '#7 · Table 4',
        '#8 · Table 4',
      ]);
      expect(tickets.map((ticket) => ticket.dataset.tone)).toEqual(['late', 'waiting', 'fresh', 'fresh']);
      expect(within(tickets[3]!).getByText('New diner order: accept it')).toBeInTheDocument();
      expect(server.fakeApi.configs[0]?.params).toMatchObject({ status: 'pending,in_progress,ready' });

      await userEvent.click(within(tickets[0]!).getByRole('button', { name: 'Mark ready order #5' }));
      expect(await screen.findByText('Order #5 is ready.')).toBeInTheDocument();
      await userEvent.click(within(tickets[3]!).getByRole('button', { name: 'Accept order #8' }));
      expect(await screen.findByText('Order #8 accepted.')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Mark served order #7' }));
      expect(await screen.findByText('Order #7 served.')).toBeInTheDocument();

      expect(server.puts.map(({ id, body }) => [orders.find((o) => o._id === id)?.orderNo, body.status])).toEqual([
        [5, 'ready'],
        [8, 'in_progress'],
        [7, 'served'],
      ]);
      // Served orders leave the kitchen.
      await waitFor(() => expect(screen.queryByRole('article', { name: /^#7 / })).not.toBeInTheDocument());
    });

    it('switches between the list and the kitchen view', async () => {
      storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
      server = serveOrders([]);
      const { router } = renderRoutes(routes, { path: '/orders' });

      await userEvent.click(await screen.findByRole('button', { name: 'Kitchen' }));
      expect(await screen.findByText(/No tickets/)).toBeInTheDocument();
      expect(router.state.location.search).toBe('?view=kitchen');
      expect(screen.queryByLabelText('From')).not.toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'List' }));
      expect(await screen.findByLabelText('From')).toBeInTheDocument();
      expect(router.state.location.search).toBe('');
    });
  });
});

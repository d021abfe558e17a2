import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Order, type OrderStatus } from '@quan/contract/order';
import type { TakePaymentBody } from '@quan/contract/payments';
import { defaultSettings } from '@quan/contract/settings';
import { orderStatusOfRounds, type RoundStatus } from '@quan/contract/rounds';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes';
import { activateLanguage } from '../../../lib/i18n';
import { fail, installFakeApi, ok, type FakeResponse } from '../../../test/fake-api';
import { makeUser, storeSession, tokenExpiringIn } from '../../../test/data/session';
import { renderRoutes } from '../../../test/render-routes';
import { makeLine, makeOrder, makeRound, withOrderStatus, withPayment } from '../../../test/data/orders';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/**
 * A little order server: lists filter by status, PUT moves an order (and its least advanced rounds), PATCH
 * moves one round (the order's status following its rounds), POST …/payments takes a payment (the one that
 * settles a served order completes it), or any of them answers what `refuse` says.
 */
function serveOrders(initial: Order[], refuse?: (order: Order, body: Record<string, unknown>) => FakeResponse | null) {
  let orders = initial;
  const puts: { id: string; body: Record<string, unknown> }[] = [];
  const patches: { id: string; roundNo: number; body: Record<string, unknown> }[] = [];
  const payments: { id: string; body: TakePaymentBody }[] = [];
  const save = (updated: Order) => {
    orders = orders.map((o) => (o._id === updated._id ? updated : o));
    return ok(updated);
  };
  const fakeApi = installFakeApi(({ method, url, config }) => {
    if (method === 'GET' && url === '/api/order') {
      const params = (config.params ?? {}) as Record<string, string | number | undefined>;
      const statuses = typeof params.status === 'string' ? params.status.split(',') : null;
      const data = orders.filter((order) => !statuses || statuses.includes(order.status));
      const pagination = { currentPage: 1, totalPages: 1, totalItems: data.length, itemsPerPage: 50 };
      return { status: 200, body: { success: true, data, pagination } };
    }
    const patch = /^\/api\/order\/([^/]+)\/rounds\/(\d+)$/.exec(url);
    if (method === 'PATCH' && patch) {
      const id = decodeURIComponent(patch[1]!);
      const roundNo = Number(patch[2]);
      const body = JSON.parse(config.data as string) as { status: RoundStatus };
      patches.push({ id, roundNo, body });
      const order = orders.find((o) => o._id === id);
      if (!order) return fail(404, 'Order not found');
      const refusal = refuse?.(order, body);
      if (refusal) return refusal;
      const rounds = order.rounds.map((round) => (round.no === roundNo ? { ...round, status: body.status } : round));
      return save({ ...order, rounds, status: orderStatusOfRounds(rounds), version: order.version + 1 });
    }
    const put = /^\/api\/order\/(.+)$/.exec(url);
    if (method === 'PUT' && put) {
      const body = JSON.parse(config.data as string) as Record<string, unknown>;
      puts.push({ id: decodeURIComponent(put[1]!), body });
      const order = orders.find((o) => o._id === decodeURIComponent(put[1]!));
      if (!order) return fail(404, 'Order not found');
      const refusal = refuse?.(order, body);
      if (refusal) return refusal;
      const moved = typeof body.status === 'string' ? withOrderStatus(order, body.status as OrderStatus) : order;
      return save({ ...moved, ...body } as Order);
    }
    const payment = /^\/api\/order\/([^/]+)\/payments$/.exec(url);
    if (method === 'POST' && payment) {
      const id = decodeURIComponent(payment[1]!);
      const body = JSON.parse(config.data as string) as TakePaymentBody;
      payments.push({ id, body });
      const order = orders.find((o) => o._id === id);
      if (!order) return fail(404, 'Order not found');
      const refusal = refuse?.(order, body);
      if (refusal) return refusal;
      return save(withPayment(order, body));
    }
    if (method === 'GET' && url === '/api/table') return ok([]);
    if (method === 'GET' && url === '/api/settings') return ok(defaultSettings);
    return fail(404, 'Not found');
  });
  return { fakeApi, puts, patches, payments };
}

/**
 * Order #42 at table 5, a tab of two rounds: the first (Phở bò, Trà đá) sent 20 minutes ago and ready, the
 * second (Bún chả, Nem rán with one of two voided, a coffee voided) sent 3 minutes ago, being made.
 */
function makeTab(overrides: Partial<Order> = {}): Order {
  return makeOrder({
    orderNo: 42,
    status: 'in_progress',
    table: { _id: '0190a1b2-c3d4-7e5f-8a9b-7ab1e0000005', tableNo: 5 },
    createdAt: minutesAgo(20),
    version: 3,
    rounds: [
      makeRound(1, { status: 'ready', sentAt: minutesAgo(20) }),
      makeRound(2, { status: 'in_progress', sentAt: minutesAgo(3) }),
    ],
    items: [
      makeLine({ name: 'Phở bò', quantity: 2, position: 0, roundNo: 1 }),
      makeLine({ name: 'Trà đá', price: 5000, quantity: 2, note: 'ít đá', position: 1, roundNo: 1 }),
      makeLine({ name: 'Bún chả', price: 55000, position: 2, roundNo: 2, note: 'nhiều rau' }),
      makeLine({ name: 'Nem rán', price: 40000, quantity: 2, voidedQuantity: 1, position: 3, roundNo: 2 }),
      makeLine({ name: 'Cà phê sữa đá', price: 25000, voidedQuantity: 1, position: 4, roundNo: 2 }),
    ],
    ...overrides,
  });
}

/** The dishes on a ticket, as the kitchen reads them. */
function ticketLines(ticket: HTMLElement) {
  return within(ticket)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

function card(orderNo: number) {
  return within(screen.getByRole('article', { name: new RegExp(`^#${orderNo} `) }));
}

/** The moves of the whole order a card offers (its bill's changes are a group of their own). */
function actionNames(orderNo: number) {
  const moves = card(orderNo).queryByRole('group', { name: 'Move the order' });
  return moves
    ? within(moves)
        .getAllByRole('button')
        .map((button) => button.textContent)
    : [];
}

/** Every card's number and the moves it offers, read in one pass over the list. */
function offeredMoves(): Record<string, string[]> {
  return Object.fromEntries(
    screen
      .getAllByRole('article')
      .map((article) => [
        within(article).getByRole('heading').textContent?.split(' ')[0],
        Array.from(article.querySelectorAll('[aria-label="Move the order"] button'), (button) => button.textContent),
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
    // An open order's bill can be changed by hand; a closed one's cannot.
    expect(
      within(card(101).getByRole('group', { name: 'Change the bill' }))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Void dishes of order #101',
      'Move dishes of order #101',
      'Merge a table into order #101',
      'Split bill of order #101',
    ]);
    expect(card(105).queryByRole('group', { name: 'Change the bill' })).not.toBeInTheDocument();

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
    expect(diner.getByText('“ít đá”')).toBeInTheDocument();
    expect(diner.getByText(/151\.200\s₫/)).toBeInTheDocument();
    const takeaway = within(screen.getByRole('article', { name: '#1043 · Takeaway' }));
    expect(takeaway.getByText('1 guest')).toBeInTheDocument();
    expect(takeaway.queryByText('Diner order')).not.toBeInTheDocument();
  });

  it('speaks Vietnamese: the cards, their buttons, the status tabs and the toasts', async () => {
    await activateLanguage('vi', 'staff');
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    server = serveOrders([
      makeOrder({ orderNo: 1042, status: 'pending', source: 'table', createdAt: minutesAgo(12) }),
      makeOrder({ orderNo: 1043, table: null, customerDetails: { name: '', phone: '', guests: 1 } }),
    ]);
    renderRoutes(routes, { path: '/orders' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Đơn hàng' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('group', { name: 'Trạng thái đơn' }));
    expect(tabs.getByRole('button', { name: 'Đang mở' })).toHaveAttribute('aria-pressed', 'true');
    expect(tabs.getByRole('button', { name: 'Chờ xác nhận' })).toBeInTheDocument();
    const diner = within(await screen.findByRole('article', { name: '#1042 · Bàn 4' }));
    expect(diner.getByText('Khách tự gọi')).toBeInTheDocument();
    expect(diner.getAllByText('Chờ xác nhận')).toHaveLength(2);
    expect(diner.getByText('12 phút trước')).toBeInTheDocument();
    expect(diner.getByText('2 khách')).toBeInTheDocument();
    const takeaway = within(screen.getByRole('article', { name: '#1043 · Mang về' }));
    expect(takeaway.getByText('Khách')).toBeInTheDocument();
    expect(takeaway.getByRole('button', { name: 'Hủy đơn #1043' })).toBeInTheDocument();

    await userEvent.click(diner.getByRole('button', { name: 'Xác nhận đơn #1042' }));
    expect(await screen.findByText('Đơn #1042 đã được xác nhận.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Hủy đơn #1043' }));
    const dialog = screen.getByRole('dialog', { name: 'Hủy đơn #1043?' });
    expect(dialog).toHaveTextContent('Mang về · Khách. Đơn dừng tại đây');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Có, hủy đơn' }));
    expect(await screen.findByText('Đơn #1043 đã bị hủy.')).toBeInTheDocument();
  });

  it('shows a dish’s options under it, in bold dish and plain options', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    server = serveOrders([
      makeOrder({
        orderNo: 1042,
        items: [
          makeLine({
            name: 'Phở bò',
            price: 75000,
            quantity: 2,
            voidedQuantity: 1,
            position: 0,
            options: [
              { optionId: null, group: 'Size', name: 'Lớn', priceDelta: 10000 },
              { optionId: null, group: 'Preferences', name: 'không hành', priceDelta: 0 },
            ],
          }),
        ],
      }),
    ]);
    renderRoutes(routes, { path: '/orders' });

    const order = within(await screen.findByRole('article', { name: /^#1042 / }));
    expect(order.getByRole('listitem')).toHaveTextContent('1 × Phở bòLớn · không hành (1 voided)');
    expect(order.getByText('Phở bò')).toHaveClass('font-bold');
    expect(order.getByText('Lớn · không hành')).toBeInTheDocument();
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

  it('takes the payment before completing: the payment that settles the bill completes the order', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const order = makeOrder({ orderNo: 1042, status: 'served' });
    server = serveOrders([order]);
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
    expect(server.payments).toEqual([
      { id: order._id, body: { method: 'card', amount: order.bills.total, expectedVersion: order.version } },
    ]);
    expect(server.puts).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Completed orders leave the Active tab.
    await waitFor(() => expect(screen.queryByRole('article', { name: /^#1042 / })).not.toBeInTheDocument());
  });

  it('completes an order paid in advance at once', async () => {
    storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
    const order = makeOrder({ orderNo: 1042, status: 'served', paid: 151_200 });
    server = serveOrders([order]);
    renderRoutes(routes, { path: '/orders' });

    await userEvent.click(await screen.findByRole('button', { name: 'Complete order #1042' }));

    expect(await screen.findByText('Order #1042 completed.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.puts).toEqual([{ id: order._id, body: { status: 'completed' } }]);
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
    // Typed as the screen writes days, whatever the browser's own format.
    await userEvent.type(screen.getByLabelText('From'), '15/01/2026');
    await userEvent.type(screen.getByLabelText('To'), '16/01/2026');

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
      server = serveOrders([order]);
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
      expect(server.patches).toEqual([
        { id: order._id, roundNo: 2, body: { status: 'in_progress', expectedVersion: 4 } },
      ]);
      expect(server.fakeApi.requests).toContain(`PATCH /api/order/${order._id}/rounds/2`);
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
      server = serveOrders([order]);
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
      server = serveOrders([order]);
      renderRoutes(routes, { path: '/orders' });

      await userEvent.click(await screen.findByRole('button', { name: 'Reject round 2 of order #1042' }));
      let dialog = screen.getByRole('dialog', { name: 'Reject round 2 of order #1042?' });
      expect(dialog).toHaveTextContent('the rest of the order stays');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(server.patches).toEqual([]);

      await userEvent.click(screen.getByRole('button', { name: 'Reject round 2 of order #1042' }));
      dialog = screen.getByRole('dialog', { name: 'Reject round 2 of order #1042?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, reject round' }));

      expect(await screen.findByText('Round 2 of order #1042 rejected.')).toBeInTheDocument();
      expect(server.patches).toEqual([
        { id: order._id, roundNo: 2, body: { status: 'cancelled', expectedVersion: 4 } },
      ]);
    });
    it('says a cancel of a tab stops only the rounds not yet ready, and that the rest stays on the bill', async () => {
      storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
      server = serveOrders([makeTab()]);
      renderRoutes(routes, { path: '/orders' });

      await userEvent.click(await screen.findByRole('button', { name: 'Cancel order #42' }));
      const dialog = screen.getByRole('dialog', { name: 'Cancel order #42?' });
      expect(dialog).toHaveTextContent(
        'Cancels the rounds not yet ready; dishes already ready or served stay on the bill. Round 2 stops here',
      );
      expect(dialog).not.toHaveTextContent('the table is freed');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(server.puts).toEqual([]);
    });
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
      expect(within(tickets[3]!).getByText('New order from the table: accept it')).toBeInTheDocument();
      expect(server.fakeApi.configs[0]?.params).toMatchObject({ status: 'pending,in_progress,ready' });

      await userEvent.click(within(tickets[0]!).getByRole('button', { name: 'Mark ready order #5' }));
      expect(await screen.findByText('Order #5 is ready.')).toBeInTheDocument();
      await userEvent.click(within(tickets[3]!).getByRole('button', { name: 'Accept order #8' }));
      expect(await screen.findByText('Order #8 accepted.')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Mark served order #7' }));
      expect(await screen.findByText('Order #7 served.')).toBeInTheDocument();

      // Each ticket moves its round, with the version of the order the screen shows.
      expect(
        server.patches.map(({ id, roundNo, body }) => [orders.find((o) => o._id === id)?.orderNo, roundNo, body]),
      ).toEqual([
        [5, 1, { status: 'ready', expectedVersion: 1 }],
        [8, 1, { status: 'in_progress', expectedVersion: 1 }],
        [7, 1, { status: 'served', expectedVersion: 1 }],
      ]);
      expect(server.puts).toEqual([]);
      // Served orders leave the kitchen.
      await waitFor(() => expect(screen.queryByRole('article', { name: /^#7 / })).not.toBeInTheDocument());
    });

    it('shows one ticket per round of a tab, each with only its own dishes, the earliest sent first', async () => {
      storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
      server = serveOrders([makeTab(), makeOrder({ orderNo: 9, status: 'pending', createdAt: minutesAgo(12) })]);
      renderRoutes(routes, { path: '/orders?view=kitchen' });

      const list = await screen.findByRole('list', { name: 'Kitchen tickets, oldest first' });
      const tickets = within(list).getAllByRole('article');
      expect(tickets.map((ticket) => within(ticket).getByRole('heading').textContent)).toEqual([
        'Round 1 · Table 5',
        '#9 · Table 4',
        'Round 2 · Table 5',
      ]);
      // The wait is counted from when each round was sent.
      expect(tickets.map((ticket) => ticket.dataset.tone)).toEqual(['late', 'waiting', 'fresh']);
      expect(tickets[0]).toHaveAccessibleName('Round 1 · Table 5 #42');
      expect(ticketLines(tickets[0]!)).toEqual(['2 × Phở bò', '2 × Trà đá“ít đá”']);
      // Only what is left to make: the voided coffee is not on the ticket, one of the two Nem rán is.
      expect(ticketLines(tickets[2]!)).toEqual(['1 × Bún chả“nhiều rau”', '1 × Nem rán']);
      expect(screen.getByText('3 tickets')).toBeInTheDocument();
    });

    it('bumps one round of a tab with the version it shows', async () => {
      storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
      const order = makeTab();
      server = serveOrders([order]);
      renderRoutes(routes, { path: '/orders?view=kitchen' });

      const round2 = await screen.findByRole('article', { name: 'Round 2 · Table 5 #42' });
      await userEvent.click(within(round2).getByRole('button', { name: 'Mark ready round 2 of order #42' }));

      expect(await screen.findByText('Round 2 of order #42 is ready.')).toBeInTheDocument();
      expect(server.fakeApi.requests).toContain(`PATCH /api/order/${order._id}/rounds/2`);
      expect(server.patches).toEqual([{ id: order._id, roundNo: 2, body: { status: 'ready', expectedVersion: 3 } }]);
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
      expect(server.patches.at(-1)).toEqual({
        id: order._id,
        roundNo: 2,
        body: { status: 'served', expectedVersion: 4 },
      });
      await waitFor(() => expect(screen.queryByRole('article', { name: /^Round 2 / })).not.toBeInTheDocument());
    });

    it('shows the server’s refusal when the order changed elsewhere, and fetches it again', async () => {
      storeSession(makeUser({ role: 'staff' }), tokenExpiringIn(3600));
      const message = 'Order 42 was changed on another screen since you opened it; its latest state is shown now';
      server = serveOrders([makeTab()], () => fail(409, message));
      renderRoutes(routes, { path: '/orders?view=kitchen' });

      const round1 = await screen.findByRole('article', { name: 'Round 1 · Table 5 #42' });
      const listsBefore = server.fakeApi.requests.filter((request) => request === 'GET /api/order').length;
      await userEvent.click(within(round1).getByRole('button', { name: 'Mark served round 1 of order #42' }));

      expect(await screen.findByText(message)).toBeInTheDocument();
      await waitFor(() =>
        expect(server?.fakeApi.requests.filter((request) => request === 'GET /api/order').length).toBeGreaterThan(
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
      server = serveOrders([order]);
      renderRoutes(routes, { path: '/orders?view=kitchen' });

      const round2 = await screen.findByRole('article', { name: 'Round 2 · Table 5 #42' });
      expect(within(round2).getByText('More dishes from the table: accept them')).toBeInTheDocument();
      expect(screen.getByText('2 tickets, 1 waiting for approval')).toBeInTheDocument();
      await userEvent.click(within(round2).getByRole('button', { name: 'Reject round 2 of order #42' }));
      const dialog = screen.getByRole('dialog', { name: 'Reject round 2 of order #42?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, reject round' }));

      expect(await screen.findByText('Round 2 of order #42 rejected.')).toBeInTheDocument();
      expect(server.patches).toEqual([
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
      server = serveOrders([order]);
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
      server = serveOrders([
        makeOrder({ orderNo: 5, status: 'in_progress', createdAt: minutesAgo(25) }),
        makeOrder({ orderNo: 8, status: 'pending', source: 'table', createdAt: minutesAgo(1) }),
      ]);
      renderRoutes(routes, { path: '/orders?view=kitchen' });

      const list = await screen.findByRole('list', { name: 'Phiếu bếp, cũ nhất trước' });
      expect(screen.getByRole('status')).toHaveTextContent('2 phiếu, 1 chờ xác nhận');
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

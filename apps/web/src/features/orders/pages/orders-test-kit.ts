import { screen, within } from '@testing-library/react';
import { type Order, type OrderStatus } from '@quan/contract/order';
import type { TakePaymentBody } from '@quan/contract/payments';
import { defaultSettings } from '@quan/contract/settings';
import { orderStatusOfRounds, type RoundStatus } from '@quan/contract/rounds';
import { fail, installFakeApi, ok, type FakeResponse } from '../../../test/fake-api';
import { makeLine, makeOrder, makeRound, withOrderStatus, withPayment } from '../../../test/data/orders';
import { installedEachTest } from '../../../test/installed-each-test';

// What the orders page's tests share: a fake order server, a tab of two rounds, and a card's moves.

export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/**
 * A little order server: lists filter by status, PUT moves an order (and its least advanced rounds), PATCH
 * moves one round (the order's status following its rounds), POST …/payments takes a payment (the one that
 * settles a served order completes it), or any of them answers what `refuse` says.
 */
export function serveOrders(
  initial: Order[],
  refuse?: (order: Order, body: Record<string, unknown>) => FakeResponse | null,
) {
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
export function makeTab(overrides: Partial<Order> = {}): Order {
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

export function card(orderNo: number) {
  return within(screen.getByRole('article', { name: new RegExp(`^#${orderNo} `) }));
}

/** The moves of the whole order a card offers (its bill's changes are a group of their own). */
export function actionNames(orderNo: number) {
  const moves = card(orderNo).queryByRole('group', { name: 'Move the order' });
  return moves
    ? within(moves)
        .getAllByRole('button')
        .map((button) => button.textContent)
    : [];
}

/** The fake server a test installs (`scene.server = serveOrders(…)`), taken down after each test. */
export const ordersScene = () =>
  installedEachTest('server', (server: ReturnType<typeof serveOrders>) => server.fakeApi.restore());

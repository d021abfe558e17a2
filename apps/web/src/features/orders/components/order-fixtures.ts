import type { Order, OrderItem, OrderRound, OrderStatus } from '@quan/contract/order';
import type { RoundStatus } from '@quan/contract/rounds';
import type { Station } from '@quan/contract/stations';

let sequence = 0;

/** A line of an order, of its first round unless told. */
export function makeLine(overrides: Partial<OrderItem> = {}): OrderItem {
  const price = overrides.price ?? 65000;
  const quantity = overrides.quantity ?? 1;
  const voidedQuantity = overrides.voidedQuantity ?? 0;
  return {
    itemId: null,
    name: 'Phở bò',
    price,
    quantity,
    note: '',
    options: [],
    stationId: null,
    readyAt: null,
    total: price * (quantity - voidedQuantity),
    position: 0,
    roundNo: 1,
    voidedQuantity,
    ...overrides,
  };
}

/** A round of an order, sent from the POS five minutes ago unless told. */
export function makeRound(no: number, overrides: Partial<OrderRound> = {}): OrderRound {
  return {
    no,
    status: 'in_progress',
    source: 'pos',
    sentAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    sentBy: null,
    ...overrides,
  };
}

/** The status a one-round order's round has when the order has `status`. */
function roundStatusOf(status: OrderStatus): RoundStatus {
  return status === 'completed' ? 'served' : status;
}

/**
 * An order as GET /api/order returns it, for tests (the orders feature's and the pages composing it). Unless
 * `rounds` is given it has one round, sent with the order, in the order's status, so a test that only says
 * an order's status gets the order the server would send.
 */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  sequence += 1;
  const orderNo = overrides.orderNo ?? 1000 + sequence;
  const status = overrides.status ?? 'in_progress';
  const source = overrides.source ?? 'pos';
  const createdAt = overrides.createdAt ?? new Date(Date.now() - 5 * 60_000).toISOString();
  return {
    _id: `0190a1b2-c3d4-7e5f-8a9b-${String(orderNo).padStart(12, '0')}`,
    orderNo,
    status,
    source,
    customerDetails: { name: 'Phạm Thu Hà', phone: '', guests: 2 },
    customerId: null,
    table: { _id: '0190a1b2-c3d4-7e5f-8a9b-7ab1e0000004', tableNo: 4 },
    items: [
      makeLine({ name: 'Phở bò', price: 65000, quantity: 2, position: 0 }),
      makeLine({ name: 'Trà đá', price: 5000, quantity: 2, note: 'ít đá', position: 1 }),
    ],
    bills: { subtotal: 140000, discount: 0, taxRate: 8, tax: 11200, total: 151200 },
    coupon: null,
    rounds: [makeRound(1, { status: roundStatusOf(status), source, sentAt: createdAt })],
    version: 1,
    billParts: [],
    paymentMethod: null,
    paymentStatus: 'unpaid',
    isPreorder: false,
    note: '',
    createdBy: null,
    createdAt,
    updatedAt: createdAt,
    completedAt: null,
    ...overrides,
  };
}

/**
 * The order after a status move on the whole order (as PUT /api/order/{id} makes it): its least advanced
 * rounds move with it, as the server moves them.
 */
export function withOrderStatus(order: Order, status: OrderStatus): Order {
  return {
    ...order,
    status,
    rounds: order.rounds.map((round) =>
      round.status === roundStatusOf(order.status) ? { ...round, status: roundStatusOf(status) } : round,
    ),
    version: order.version + 1,
  };
}

/** A kitchen station as GET /api/station returns it: without a target time unless told. */
export function makeStation(overrides: Partial<Station> & Pick<Station, '_id' | 'name'>): Station {
  return {
    targetMinutes: null,
    sortOrder: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

import type { Order, OrderItem, OrderRound, OrderStatus } from '@quan/contract/order';
import { changeDue, type Payment, type RefundPaymentBody, type TakePaymentBody } from '@quan/contract/payments';
import type { RoundStatus } from '@quan/contract/rounds';

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
    vatRate: 8,
    stationId: null,
    startedAt: null,
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
  const bills = overrides.bills ?? {
    subtotal: 140000,
    discount: 0,
    serviceRate: 0,
    serviceCharge: 0,
    taxes: [{ vatRate: 8, taxable: 140000, tax: 11200 }],
    serviceVatRate: 8,
    pricesIncludeTax: false,
    tax: 11200,
    total: 151200,
  };
  // A completed (or paid) order has paid its bill; any other owes all of it, unless the test says otherwise.
  const settled = status === 'completed' || overrides.paymentStatus === 'paid';
  const paid = overrides.paid ?? (settled ? bills.total : 0);
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
    bills,
    coupon: null,
    rounds: [makeRound(1, { status: roundStatusOf(status), source, sentAt: createdAt })],
    version: 1,
    billParts: [],
    payments: [],
    paid,
    due: bills.total - paid,
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

/** A payment of an order as the server answers it: taken in cash by Lan a minute ago unless told. */
export function makePayment(overrides: Partial<Payment> = {}): Payment {
  sequence += 1;
  return {
    _id: `0190a1b2-c3d4-7e5f-8a9b-9a7000${String(sequence).padStart(6, '0')}`,
    method: 'cash',
    amount: 100_000,
    tip: 0,
    tendered: null,
    rounding: 0,
    change: 0,
    partNo: null,
    takenBy: { _id: '0190a1b2-c3d4-7e5f-8a9b-57aff0000001', name: 'Lan' },
    takenAt: new Date(Date.now() - 60_000).toISOString(),
    shiftId: null,
    bankTransactionId: null,
    refunded: 0,
    refunds: [],
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

/**
 * The order after POST /api/order/{id}/payments, as the server answers it: the payment added, what is paid and
 * due on the bill (and on the part it pays), and a ready or served order settled in full completed.
 */
export function withPayment(order: Order, body: TakePaymentBody): Order {
  const payment = makePayment({
    method: body.method,
    amount: body.amount,
    tip: body.tip ?? 0,
    tendered: body.tendered ?? null,
    change: body.tendered === undefined ? 0 : changeDue(body.tendered, body.amount, body.tip),
    partNo: body.partNo ?? null,
  });
  const paid = order.paid + body.amount;
  const due = order.bills.total - paid;
  const billParts = order.billParts.map((part) => {
    if (part.no !== body.partNo) return part;
    const partDue = part.due - body.amount;
    return partDue === 0
      ? { ...part, paid: part.paid + body.amount, due: 0, paymentMethod: body.method, paidAt: payment.takenAt }
      : { ...part, paid: part.paid + body.amount, due: partDue };
  });
  const after: Order = { ...order, payments: [...order.payments, payment], paid, due, billParts };
  if (due > 0) return { ...after, version: order.version + 1 };
  const settled: Order = { ...after, paymentStatus: 'paid', paymentMethod: body.method };
  return order.status === 'ready' || order.status === 'served'
    ? { ...withOrderStatus(settled, 'completed'), completedAt: payment.takenAt }
    : { ...settled, version: order.version + 1 };
}

/** The order after POST /api/order/{id}/payments/{paymentId}/refunds: the amount is due again on an open order. */
export function withRefund(order: Order, paymentId: string, body: RefundPaymentBody): Order {
  const isOpen = order.status !== 'completed';
  const payments = order.payments.map((payment) =>
    payment._id === paymentId
      ? {
          ...payment,
          refunded: payment.refunded + body.amount,
          refunds: [
            ...payment.refunds,
            {
              _id: `0190a1b2-c3d4-7e5f-8a9b-4ef000${String((sequence += 1)).padStart(6, '0')}`,
              amount: body.amount,
              reason: body.reason,
              refundedBy: { _id: '0190a1b2-c3d4-7e5f-8a9b-57aff0000002', name: 'Minh' },
              refundedAt: new Date().toISOString(),
              shiftId: null,
            },
          ],
        }
      : payment,
  );
  const partNo = order.payments.find((payment) => payment._id === paymentId)?.partNo;
  const billParts = order.billParts.map((part) =>
    part.no === partNo && isOpen
      ? { ...part, paid: part.paid - body.amount, due: part.due + body.amount, paymentMethod: null, paidAt: null }
      : part,
  );
  const paid = order.paid - body.amount;
  return {
    ...order,
    payments,
    billParts,
    paid,
    due: isOpen ? order.bills.total - paid : order.due,
    paymentStatus: isOpen ? 'unpaid' : order.paymentStatus,
    version: order.version + 1,
  };
}

import { isOpenOrderStatus, type Order } from '@quan/contract/order';
import { changeDue } from '@quan/contract/payments';
import type { PublicOrder } from '@quan/contract/public';
import type { Executor } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { netPaid } from './paid';
import * as repo from './repository';

export type LoadedOrder = Awaited<ReturnType<typeof repo.findOrders>>[number];

export function toOrder(loaded: LoadedOrder): Order {
  const { order, table, createdBy, lines, rounds, billParts, payments, refunds, mergedIntoOrderNo } = loaded;
  const paid = netPaid(payments.map(({ payment }) => payment));
  const paidOfPart = (no: number) =>
    netPaid(payments.filter(({ payment }) => payment.partNo === no).map(({ payment }) => payment));
  return {
    _id: order.id,
    orderNo: order.orderNo,
    status: order.status,
    source: order.source,
    customerDetails: { name: order.customerName, phone: order.customerPhone, guests: order.guests },
    customerId: order.customerId,
    table: table ? { _id: table.id, tableNo: table.tableNo } : null,
    items: lines.map((line) => ({
      itemId: line.itemId,
      name: line.name,
      price: line.price,
      quantity: line.quantity,
      note: line.note,
      options: line.options,
      vatRate: line.vatRate,
      stationId: line.stationId,
      startedAt: line.startedAt?.toISOString() ?? null,
      readyAt: line.readyAt?.toISOString() ?? null,
      total: line.total,
      position: line.position,
      roundNo: line.roundNo,
      voidedQuantity: line.voidedQuantity,
    })),
    rounds: rounds.map(({ round, sentBy }) => ({
      no: round.no,
      status: round.status,
      source: round.source,
      sentAt: round.sentAt.toISOString(),
      sentBy: sentBy ? { _id: sentBy.id, name: sentBy.name } : null,
    })),
    version: order.version,
    billParts: billParts.map((part) => ({
      no: part.no,
      lines: part.lines,
      subtotal: part.subtotal,
      discount: part.discount,
      serviceCharge: part.serviceCharge,
      tax: part.tax,
      total: part.total,
      paid: paidOfPart(part.no),
      due: isOpenOrderStatus(order.status) ? Math.max(0, part.total - paidOfPart(part.no)) : 0,
      paymentMethod: part.paymentMethod,
      paidAt: part.paidAt?.toISOString() ?? null,
    })),
    bills: {
      subtotal: order.subtotal,
      discount: order.discount,
      serviceRate: order.serviceRate,
      serviceCharge: order.serviceCharge,
      taxes: order.taxes,
      serviceVatRate: order.serviceVatRate,
      pricesIncludeTax: order.pricesIncludeTax,
      tax: order.tax,
      total: order.total,
    },
    coupon: order.couponCode ? { code: order.couponCode, discount: order.discount } : null,
    payments: payments.map(({ payment, takenBy }) => ({
      _id: payment.id,
      method: payment.method,
      amount: payment.amount,
      tip: payment.tip,
      tendered: payment.tendered,
      change:
        payment.tendered === null ? 0 : changeDue(payment.tendered, payment.amount, payment.tip, payment.rounding),
      rounding: payment.rounding,
      partNo: payment.partNo,
      takenBy: takenBy ? { _id: takenBy.id, name: takenBy.name } : null,
      takenAt: payment.takenAt.toISOString(),
      shiftId: payment.shiftId,
      bankTransactionId: payment.bankTransactionId,
      refunded: payment.refunded,
      refunds: refunds
        .filter(({ refund }) => refund.paymentId === payment.id)
        .map(({ refund, by }) => ({
          _id: refund.id,
          amount: refund.amount,
          reason: refund.reason,
          refundedBy: by ? { _id: by.id, name: by.name } : null,
          refundedAt: refund.refundedAt.toISOString(),
          shiftId: refund.shiftId,
        })),
    })),
    paid,
    // A completed or cancelled order owes nothing: a refund after completion gives money back, it is not due again.
    due: isOpenOrderStatus(order.status) ? Math.max(0, order.total - paid) : 0,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    isPreorder: order.isPreorder,
    note: order.note,
    invoiceBuyer: order.invoiceBuyer ?? null,
    invoice: loaded.invoice,
    mergedIntoOrderNo,
    createdBy: createdBy ? { _id: createdBy.id, name: createdBy.name } : null,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    completedAt: order.completedAt?.toISOString() ?? null,
  };
}

/** What a diner's phone may see of its order: no staff, customer or payment details. */
export const toPublicOrder = ({ _id, orderNo, status, items, rounds, bills }: Order): PublicOrder => ({
  _id,
  orderNo,
  status,
  items,
  rounds: rounds.map(({ sentBy: _sentBy, ...round }) => round),
  bills,
});

/**
 * A new order as its answer and its event show it, from what its insert returned and what the caller
 * knows: nothing is read back. It has one round (sent by its author), and no bill parts or payments yet.
 */
export function newOrderView(placed: {
  order: repo.OrderRow;
  round: repo.OrderRoundRow;
  lines: repo.OrderLineRow[];
  table: { id: string; tableNo: number } | null;
  author: { id: string; name: string } | null;
}): Order {
  const { order, round, lines, table, author } = placed;
  return toOrder({
    order,
    table,
    createdBy: author,
    lines,
    rounds: [{ round, sentBy: author }],
    billParts: [],
    payments: [],
    mergedIntoOrderNo: null,
    refunds: [],
    invoice: null,
  });
}

/** An order of the branch as the screens show it; an id of another branch is the same 404 as a missing one. */
export async function loadOrder(executor: Executor, branchId: string, id: string): Promise<Order> {
  const [loaded] = await repo.findOrders(executor, branchId, [id]);
  if (!loaded) throw notFound('That order does not exist').because('ORDER_NOT_FOUND');
  return toOrder(loaded);
}

import type { Order } from '@quan/contract/order';
import type { PublicOrder } from '@quan/contract/public';
import type { Executor } from '../../db/client';
import { notFound } from '../../lib/app-error';
import * as repo from './repository';

export type LoadedOrder = Awaited<ReturnType<typeof repo.findOrders>>[number];

export function toOrder({ order, table, createdBy, lines, rounds, billParts }: LoadedOrder): Order {
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
      stationId: line.stationId,
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
      tax: part.tax,
      total: part.total,
      paymentMethod: part.paymentMethod,
      paidAt: part.paidAt?.toISOString() ?? null,
    })),
    bills: {
      subtotal: order.subtotal,
      discount: order.discount,
      taxRate: order.taxRate,
      tax: order.tax,
      total: order.total,
    },
    coupon: order.couponCode ? { code: order.couponCode, discount: order.discount } : null,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    isPreorder: order.isPreorder,
    note: order.note,
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

export async function loadOrder(executor: Executor, id: string): Promise<Order> {
  const [loaded] = await repo.findOrders(executor, [id]);
  if (!loaded) throw notFound('That order does not exist');
  return toOrder(loaded);
}

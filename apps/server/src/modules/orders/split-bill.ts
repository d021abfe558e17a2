import { splitAmount } from '@quan/contract/bill';
import { formatVnd } from '@quan/contract/money';
import { isOpenOrderStatus, type Order, type PaymentMethod, type SplitBillBody } from '@quan/contract/order';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import type { OrdersDeps } from './deps';
import { checkVersion, completeOrder, refuseWhileAwaitingApproval } from './order-state';
import { loadOrder } from './order-view';
import * as repo from './repository';

type Part = Omit<repo.BillPartRow, 'orderId' | 'paymentMethod' | 'paidAt' | 'paidById'>;

/**
 * The parts of a bill, adding up exactly to it: by lines, each part's subtotal is its lines' and the
 * discount and tax are divided in proportion (the last VND to the largest remainders); by guests, the
 * total, tax and discount are divided evenly (parts differ by at most 1 ₫).
 */
function divide(order: repo.OrderRow, lines: repo.OrderLineRow[], body: SplitBillBody): Part[] {
  if (body.by === 'guests') {
    // The total, tax and discount are each divided evenly; the subtotal is what makes each part add up, so
    // no part ever shows a negative tax.
    const even = Array<number>(body.guests).fill(1);
    const totals = splitAmount(order.total, even);
    const taxes = splitAmount(order.tax, even);
    const discounts = splitAmount(order.discount, even);
    return totals.map((total, index) => ({
      no: index + 1,
      lines: [],
      subtotal: total - taxes[index]! + discounts[index]!,
      discount: discounts[index]!,
      tax: taxes[index]!,
      total,
    }));
  }
  const left = new Map(lines.map((line) => [line.position, line.quantity - line.voidedQuantity]));
  const chosen = body.parts.map((part, partIndex) =>
    part.map(({ position, quantity }, index) => {
      const line = lines.find((one) => one.position === position);
      const path = `parts.${partIndex}.${index}`;
      if (!line)
        throw badRequest(`Order ${order.orderNo} has no line ${position}`, [{ path, message: 'No such line' }]);
      const remaining = left.get(position)!;
      if (quantity > remaining) {
        throw badRequest(`Only ${remaining} × ${line.name} is left to put in a part`, [
          { path: `${path}.quantity`, message: `At most ${remaining}` },
        ]);
      }
      left.set(position, remaining - quantity);
      return { position, quantity, amount: line.price * quantity };
    }),
  );
  const rest = [...left]
    .filter(([, quantity]) => quantity > 0)
    .map(([position, quantity]) => {
      const line = lines.find((one) => one.position === position)!;
      return { position, quantity, amount: line.price * quantity };
    });
  const groups = rest.length > 0 ? [...chosen, rest] : chosen;
  if (groups.length < 2) throw badRequest('A split needs at least two parts: leave some lines for the other part');
  const subtotals = groups.map((group) => group.reduce((sum, line) => sum + line.amount, 0));
  const discounts = splitAmount(order.discount, subtotals);
  const taxes = splitAmount(
    order.tax,
    subtotals.map((subtotal, index) => subtotal - discounts[index]!),
  );
  return groups.map((group, index) => ({
    no: index + 1,
    lines: group.map(({ position, quantity }) => ({ position, quantity })),
    subtotal: subtotals[index]!,
    discount: discounts[index]!,
    tax: taxes[index]!,
    total: subtotals[index]! - discounts[index]! + taxes[index]!,
  }));
}

/** POST /api/order/{id}/split: splits an open order's bill by lines or evenly between guests. */
export async function splitBill(
  deps: OrdersDeps,
  actor: AuthUser,
  orderId: string,
  body: SplitBillBody,
): Promise<Order> {
  return deps.transact(async (tx, record) => {
    const order = await repo.lockOrder(tx, orderId);
    if (!order) throw notFound('That order does not exist');
    checkVersion(order, body.expectedVersion);
    if (!isOpenOrderStatus(order.status))
      throw conflict(`Order ${order.orderNo} is ${order.status}; its bill cannot be split`);
    const paid = (await repo.listBillParts(tx, orderId)).find((part) => part.paidAt);
    if (paid)
      throw conflict(`Part ${paid.no} of order ${order.orderNo}'s bill is paid already; the split stays as it is`);
    await refuseWhileAwaitingApproval(tx, order, 'splitting the bill');
    const parts = divide(order, await repo.listLines(tx, orderId), body);
    await repo.replaceBillParts(
      tx,
      orderId,
      parts.map((part) => ({ ...part, orderId })),
    );
    await repo.updateOrder(tx, orderId, {});
    const how = body.by === 'guests' ? `evenly between ${body.guests} guests` : `by lines into ${parts.length} parts`;
    await deps.audit.record(tx, {
      kind: 'split',
      orderId,
      actorId: actor.id,
      approvedById: null,
      summary: `Split order ${order.orderNo}'s bill of ${formatVnd(order.total)} ${how}: ${parts.map((part) => formatVnd(part.total)).join(' + ')}`,
      details: { by: body.by, total: order.total, parts },
    });
    const updated = await loadOrder(tx, orderId);
    record({ type: 'order.updated', order: updated });
    return updated;
  });
}

/**
 * POST /api/order/{id}/parts/{partNo}/pay: one part of a split bill is paid. The last one completes the
 * order, so it waits until the kitchen is done, like any completion.
 */
export async function payBillPart(
  deps: OrdersDeps,
  actor: AuthUser,
  orderId: string,
  partNo: number,
  body: { paymentMethod: PaymentMethod; expectedVersion?: number },
): Promise<Order> {
  const { paymentMethod } = body;
  const settings = await deps.settings.get();
  return deps.transact(async (tx, record) => {
    const order = await repo.lockOrder(tx, orderId);
    if (!order) throw notFound('That order does not exist');
    checkVersion(order, body.expectedVersion);
    if (!isOpenOrderStatus(order.status)) throw conflict(`Order ${order.orderNo} is ${order.status}`);
    const parts = await repo.listBillParts(tx, orderId);
    const part = parts.find((one) => one.no === partNo);
    if (!part) throw notFound(`Order ${order.orderNo}'s bill has no part ${partNo}`);
    if (part.paidAt) throw conflict(`Part ${partNo} of order ${order.orderNo} is paid already`);
    await refuseWhileAwaitingApproval(tx, order, 'taking a payment');
    const last = parts.every((one) => one.no === partNo || one.paidAt);
    if (last && order.status !== 'ready' && order.status !== 'served') {
      throw conflict(`Order ${order.orderNo} is still in the kitchen; its last part is paid once it is ready`);
    }
    await repo.payBillPart(tx, { orderId, no: partNo, paymentMethod, paidById: actor.id });
    const from = order.status;
    if (last) {
      // The order's method is the one that paid the most of it.
      const paidWith = new Map<PaymentMethod, number>();
      for (const one of parts) {
        const method = one.no === partNo ? paymentMethod : one.paymentMethod!;
        paidWith.set(method, (paidWith.get(method) ?? 0) + one.total);
      }
      const most = [...paidWith].sort((a, b) => b[1] - a[1])[0]![0];
      await completeOrder(deps, tx, record, { order, actorId: actor.id, settings }, most);
    } else {
      await repo.updateOrder(tx, orderId, {});
    }
    const updated = await loadOrder(tx, orderId);
    record(last ? { type: 'order.status-changed', order: updated, from } : { type: 'order.updated', order: updated });
    return updated;
  });
}

import { splitAmount } from '@quan/contract/bill';
import { formatVnd } from '@quan/contract/money';
import { isOpenOrderStatus, type Order, type PaymentMethod, type SplitBillBody } from '@quan/contract/order';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import type { OrdersDeps } from './deps';
import { transactIdempotent } from './idempotency';
import { checkVersion, recordOrderChange, refuseOncePaid, refuseWhileAwaitingApproval } from './order-state';
import { loadOrder } from './order-view';
import { netPaid } from './paid';
import { applyPayment } from './payments';
import * as repo from './repository';

type Part = Omit<repo.BillPartRow, 'orderId' | 'paymentMethod' | 'paidAt' | 'paidById'>;

/**
 * The parts of a bill, adding up exactly to it: by lines, each part's subtotal is its lines' and the
 * discount, service charge and tax are divided in proportion (the last VND to the largest remainders); by
 * guests, the total, tax, service charge and discount are divided evenly (parts differ by at most 1 ₫).
 */
export function divideBill(
  order: Pick<repo.OrderRow, 'orderNo' | 'discount' | 'serviceCharge' | 'tax' | 'total'>,
  lines: readonly Pick<repo.OrderLineRow, 'position' | 'name' | 'price' | 'quantity' | 'voidedQuantity'>[],
  body: SplitBillBody,
): Part[] {
  if (body.by === 'guests') {
    // The total, tax and discount are each divided evenly; the subtotal is what makes each part add up, so
    // no part ever shows a negative tax.
    const even = Array<number>(body.guests).fill(1);
    const totals = splitAmount(order.total, even);
    const taxes = splitAmount(order.tax, even);
    const services = splitAmount(order.serviceCharge, even);
    const discounts = splitAmount(order.discount, even);
    return totals.map((total, index) => ({
      no: index + 1,
      lines: [],
      subtotal: total - taxes[index]! - services[index]! + discounts[index]!,
      discount: discounts[index]!,
      serviceCharge: services[index]!,
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
  const afterDiscount = subtotals.map((subtotal, index) => subtotal - discounts[index]!);
  const services = splitAmount(order.serviceCharge, afterDiscount);
  const taxes = splitAmount(
    order.tax,
    afterDiscount.map((amount, index) => amount + services[index]!),
  );
  return groups.map((group, index) => ({
    no: index + 1,
    lines: group.map(({ position, quantity }) => ({ position, quantity })),
    subtotal: subtotals[index]!,
    discount: discounts[index]!,
    serviceCharge: services[index]!,
    tax: taxes[index]!,
    total: afterDiscount[index]! + services[index]! + taxes[index]!,
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
    await refuseOncePaid(tx, order, 'splitting the bill again');
    await refuseWhileAwaitingApproval(tx, order, 'splitting the bill');
    const parts = divideBill(order, await repo.listLines(tx, orderId), body);
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
 * POST /api/order/{id}/parts/{partNo}/pay: what is left of one part of a split bill, paid in one method.
 * The payment that settles the bill completes the order once the kitchen is done with it. A repeat with the
 * same Idempotency-Key and body pays nothing again and answers the order as it is now.
 */
export async function payBillPart(
  deps: OrdersDeps,
  actor: AuthUser,
  deviceId: string | null,
  target: { orderId: string; partNo: number },
  body: { paymentMethod: PaymentMethod; expectedVersion?: number },
  idempotencyKey?: string,
): Promise<{ order: Order; replayed: boolean }> {
  const settings = await deps.settings.get();
  const call = {
    key: idempotencyKey,
    request: { call: 'pay-part', ...target, body },
    what: 'payment',
    replay: (orderId: string) => loadOrder(deps.db, orderId),
  };
  const { result, replayed } = await transactIdempotent(deps, call, async (tx, record, claimKey) => {
    const order = await repo.lockOrder(tx, target.orderId);
    if (!order) throw notFound('That order does not exist');
    await claimKey(`user:${actor.id}`, order.id);
    checkVersion(order, body.expectedVersion);
    const part = (await repo.listBillParts(tx, order.id)).find((one) => one.no === target.partNo);
    if (!part) throw notFound(`Order ${order.orderNo}'s bill has no part ${target.partNo}`);
    const paid = netPaid((await repo.listPayments(tx, order.id)).filter((one) => one.partNo === part.no));
    if (paid >= part.total) throw conflict(`Part ${part.no} of order ${order.orderNo} is paid already`);
    const context = { order, actorId: actor.id, deviceId, settings };
    await applyPayment(deps, tx, record, context, {
      method: body.paymentMethod,
      amount: part.total - paid,
      partNo: part.no,
    });
    const updated = await loadOrder(tx, order.id);
    recordOrderChange(record, order, updated);
    return updated;
  });
  return { order: result, replayed };
}

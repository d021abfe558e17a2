import { billLeft, divideBill, type BillAmounts } from '@quan/contract/bill';
import { formatVnd } from '@quan/contract/money';
import {
  isOpenOrderStatus,
  MAX_PART_NO,
  type Order,
  type PaymentMethod,
  type SplitBillBody,
} from '@quan/contract/order';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import type { OrdersDeps } from './deps';
import { transactIdempotent } from './idempotency';
import { checkVersion, recordOrderChange, refuseWhileAwaitingApproval } from './order-state';
import { loadOrder } from './order-view';
import { mainMethod, netPaid } from './paid';
import { applyPayment } from './payments';
import * as repo from './repository';

type Part = Omit<repo.BillPartRow, 'orderId'>;

/** What a split divides: the order's bill and lines, the parts it has and the payments taken for it. */
export interface SplitSource {
  order: Pick<repo.OrderRow, 'orderNo' | 'pricesIncludeTax'> & BillAmounts;
  lines: readonly Pick<repo.OrderLineRow, 'position' | 'name' | 'price' | 'quantity' | 'voidedQuantity'>[];
  parts: readonly Part[];
  payments: readonly Pick<repo.PaymentRow, 'partNo' | 'method' | 'amount' | 'refunded' | 'takenAt' | 'takenById'>[];
}

/** A split's outcome: the parts kept as they were, the part paid before the split (if any), and the new ones. */
export interface SplitParts {
  kept: Part[];
  paidBefore: Part | null;
  added: Part[];
}

/**
 * The parts of a bill after a split, adding up exactly to it. Parts with money on them (paid in full or in
 * part) are kept as they are, and what was paid on a bill never split becomes a part of its own, paid; only
 * what is left is divided, into parts numbered after every number a part or a payment already has (a
 * refunded payment keeps naming its part). By guests, what is left is divided evenly; by dishes, each part
 * has the dishes chosen for it and the dishes nobody chose make one more part. Money paid for no dish in
 * particular (an even share, a payment on the whole bill) leaves no way to say which dishes are left, so
 * after it the rest can only be divided evenly.
 */
export function divideWhatIsLeft({ order, lines, parts, payments }: SplitSource, body: SplitBillBody): SplitParts {
  const paidOf = (no: number | null) => netPaid(payments.filter((payment) => payment.partNo === no));
  const kept = parts.filter((part) => paidOf(part.no) > 0);
  let nextNo = Math.max(0, ...kept.map((part) => part.no), ...payments.map((payment) => payment.partNo ?? 0)) + 1;
  const paidOnWhole = paidOf(null);
  let paidBefore: Part | null = null;
  if (paidOnWhole > 0) {
    const left = billLeft(order, kept);
    const [share] = divideBill(
      { ...left, pricesIncludeTax: order.pricesIncludeTax },
      { totals: [paidOnWhole, left.total - paidOnWhole] },
    );
    const onWhole = payments.filter((payment) => payment.partNo === null);
    const last = onWhole.at(-1)!;
    paidBefore = {
      no: nextNo++,
      lines: [],
      ...share!,
      paymentMethod: mainMethod(onWhole),
      paidAt: last.takenAt,
      paidById: last.takenById,
    };
  }
  const keptAll = paidBefore ? [...kept, paidBefore] : kept;
  const rest = { ...billLeft(order, keptAll), pricesIncludeTax: order.pricesIncludeTax };
  if (rest.total <= 0) {
    throw conflict(`Order ${order.orderNo}'s bill is paid in full; there is nothing left to split`).because(
      'SPLIT_NOTHING_LEFT',
      { orderNo: order.orderNo },
    );
  }
  const divided =
    body.by === 'guests'
      ? divideBill(rest, { evenly: body.guests }).map((amounts) => ({ lines: [], ...amounts }))
      : divideDishesLeft({ order, lines, kept: keptAll }, body.parts, rest);
  const lastNo = nextNo + divided.length - 1;
  if (lastNo > MAX_PART_NO) {
    throw badRequest(
      `Order ${order.orderNo}'s parts would go up to ${lastNo}; a bill has at most ${MAX_PART_NO} parts`,
    ).because('SPLIT_TOO_MANY_PARTS', { orderNo: order.orderNo, max: MAX_PART_NO });
  }
  const added = divided.map((part, index) => ({
    no: nextNo + index,
    ...part,
    paymentMethod: null,
    paidAt: null,
    paidById: null,
  }));
  return { kept, paidBefore, added };
}

/** The dishes no kept part holds, divided into the chosen parts and one more for those nobody chose. */
function divideDishesLeft(
  { order, lines, kept }: Pick<SplitSource, 'order' | 'lines'> & { kept: readonly Part[] },
  chosenParts: Extract<SplitBillBody, { by: 'lines' }>['parts'],
  rest: BillAmounts & { pricesIncludeTax: boolean },
) {
  const shared = kept.find((part) => part.lines.length === 0);
  if (shared) {
    throw conflict(
      `Part ${shared.no} of order ${order.orderNo} was paid for no dish in particular; split what is left evenly`,
    ).because('SPLIT_DISHES_SHARED', { orderNo: order.orderNo, partNo: shared.no });
  }
  const left = new Map(lines.map((line) => [line.position, line.quantity - line.voidedQuantity]));
  for (const portion of kept.flatMap((part) => part.lines)) {
    left.set(portion.position, Math.max(0, (left.get(portion.position) ?? 0) - portion.quantity));
  }
  const priceOf = (position: number) => lines.find((line) => line.position === position)!.price;
  const chosen = chosenParts.map((part, partIndex) =>
    part.map(({ position, quantity }, index) => {
      const line = lines.find((one) => one.position === position);
      const path = `parts.${partIndex}.${index}`;
      if (!line) {
        throw badRequest(`Order ${order.orderNo} has no line ${position}`, [
          { path, message: 'No such line on this order' },
        ]).because('ORDER_LINE_NOT_FOUND', { orderNo: order.orderNo, position });
      }
      const remaining = left.get(position)!;
      if (quantity > remaining) {
        throw badRequest(`Only ${remaining} × ${line.name} is left to put in a part`, [
          { path: `${path}.quantity`, message: 'More than the order has left' },
        ]).because('SPLIT_TOO_MANY_PORTIONS', { dish: line.name, left: remaining });
      }
      left.set(position, remaining - quantity);
      return { position, quantity };
    }),
  );
  const unchosen = [...left]
    .filter(([, quantity]) => quantity > 0)
    .map(([position, quantity]) => ({ position, quantity }));
  const groups = unchosen.length > 0 ? [...chosen, unchosen] : chosen;
  if (groups.length < 2) {
    throw badRequest('A split needs at least two parts: leave some dishes for another part').because(
      'SPLIT_NEEDS_TWO_PARTS',
    );
  }
  const subtotals = groups.map((group) =>
    group.reduce((sum, { position, quantity }) => sum + priceOf(position) * quantity, 0),
  );
  return divideBill(rest, { subtotals }).map((amounts, index) => ({ lines: groups[index]!, ...amounts }));
}

/** "parts 1 and 3" */
function partNumbers(parts: readonly Part[]): string {
  const nos = parts.map((part) => String(part.no));
  return nos.length === 1 ? `part ${nos[0]}` : `parts ${nos.slice(0, -1).join(', ')} and ${nos.at(-1)}`;
}

/**
 * POST /api/order/{id}/split: splits an open order's bill by dishes or evenly between guests; splitting
 * again divides only what is left unpaid (see `divideWhatIsLeft`), as often as the table needs.
 */
export async function splitBill(
  deps: OrdersDeps,
  actor: AuthUser,
  orderId: string,
  body: SplitBillBody,
): Promise<Order> {
  const { branchId } = actor;
  return deps.transact(async (tx, record) => {
    const order = await repo.lockOrder(tx, branchId, orderId);
    if (!order) throw notFound('That order does not exist').because('ORDER_NOT_FOUND');
    checkVersion(order, body.expectedVersion);
    if (!isOpenOrderStatus(order.status)) {
      throw conflict(`Order ${order.orderNo} is ${order.status}; its bill cannot be split`).because('ORDER_CLOSED', {
        orderNo: order.orderNo,
        status: order.status,
      });
    }
    await refuseWhileAwaitingApproval(tx, order, 'splitting the bill');
    const source = {
      order,
      lines: await repo.listLines(tx, orderId),
      parts: await repo.listBillParts(tx, orderId),
      payments: await repo.listPayments(tx, orderId),
    };
    const { kept, paidBefore, added } = divideWhatIsLeft(source, body);
    const parts = [...kept, ...(paidBefore ? [paidBefore] : []), ...added].sort((a, b) => a.no - b.no);
    await repo.replaceBillParts(
      tx,
      orderId,
      parts.map((part) => ({ ...part, orderId })),
    );
    // The money paid on the whole bill now pays the part made of it.
    if (paidBefore) await repo.assignWholeBillPayments(tx, orderId, paidBefore.no);
    await repo.updateOrder(tx, orderId, {});
    const left = added.reduce((sum, part) => sum + part.total, 0);
    const how = body.by === 'guests' ? `evenly between ${body.guests} guests` : `by lines into ${added.length} parts`;
    const keptParts = paidBefore ? [...kept, paidBefore] : kept;
    const what =
      keptParts.length === 0
        ? `order ${order.orderNo}'s bill of ${formatVnd(order.total)}`
        : `what is left of order ${order.orderNo}'s bill, ${formatVnd(left)} of ${formatVnd(order.total)} (${partNumbers(keptParts)} kept)`;
    await deps.audit.record(tx, {
      kind: 'split',
      branchId,
      orderId,
      actorId: actor.id,
      approvedById: null,
      summary: `Split ${what} ${how}: ${added.map((part) => formatVnd(part.total)).join(' + ')}`,
      details: {
        by: body.by,
        total: order.total,
        left,
        keptParts: keptParts.map((part) => part.no),
        paidBeforePart: paidBefore?.no ?? null,
        parts: added,
      },
    });
    const updated = await loadOrder(tx, branchId, orderId);
    record({ type: 'order.updated', branchId, order: updated });
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
  const { branchId } = actor;
  const settings = await deps.settings.get(branchId);
  const call = {
    key: idempotencyKey,
    branchId,
    request: { call: 'pay-part', ...target, body },
    what: 'payment',
    replay: (orderId: string) => loadOrder(deps.db, branchId, orderId),
  };
  const { result, replayed } = await transactIdempotent(deps, call, async (tx, record, claimKey) => {
    const order = await repo.lockOrder(tx, branchId, target.orderId);
    if (!order) throw notFound('That order does not exist').because('ORDER_NOT_FOUND');
    await claimKey(`user:${actor.id}`, order.id);
    checkVersion(order, body.expectedVersion);
    const parts = await repo.listBillParts(tx, order.id);
    const part = parts.find((one) => one.no === target.partNo);
    if (!part) {
      throw notFound(`Order ${order.orderNo}'s bill has no part ${target.partNo}`).because('BILL_PART_NOT_FOUND', {
        orderNo: order.orderNo,
        partNo: target.partNo,
        parts: parts.length,
      });
    }
    const paid = netPaid((await repo.listPayments(tx, order.id)).filter((one) => one.partNo === part.no));
    if (paid >= part.total) {
      throw conflict(`Part ${part.no} of order ${order.orderNo} is paid already`).because('BILL_PAID_ALREADY', {
        orderNo: order.orderNo,
        partNo: part.no,
      });
    }
    const context = { order, actorId: actor.id, deviceId, settings };
    await applyPayment(deps, tx, record, context, {
      method: body.paymentMethod,
      amount: part.total - paid,
      partNo: part.no,
    });
    const updated = await loadOrder(tx, branchId, order.id);
    recordOrderChange(record, order, updated);
    return updated;
  });
  return { order: result, replayed };
}

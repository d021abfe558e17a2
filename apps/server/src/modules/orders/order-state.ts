import { computeBill } from '@quan/contract/bill';
import { formatVnd } from '@quan/contract/money';
import type { Order } from '@quan/contract/order';
import { kitchenStartOfLine, orderStatusOfRounds, type RoundStatus } from '@quan/contract/rounds';
import type { Settings } from '@quan/contract/settings';
import type { Executor } from '../../db/client';
import type { RecordEvent } from '../../events/transact';
import { can } from '@quan/contract/permissions';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import type { OrdersDeps } from './deps';
import { loadOrder } from './order-view';
import { mainMethod, netPaid } from './paid';
import { MAX_BILL } from './price-lines';
import * as repo from './repository';

/** What a change of an order's rounds needs to know, inside the order's transaction (its row locked). */
export interface OrderChange {
  order: repo.OrderRow;
  actorId: string | null;
  settings: Settings;
}

/** One round of a locked order, for a change to it: a 404 that names both when the order has no such round. */
export async function findRound(tx: Executor, order: repo.OrderRow, roundNo: number): Promise<repo.OrderRoundRow> {
  const round = (await repo.listRounds(tx, order.id)).find((one) => one.no === roundNo);
  if (!round) {
    throw notFound(`Order ${order.orderNo} has no round ${roundNo}`).because('ROUND_NOT_FOUND', {
      orderNo: order.orderNo,
      roundNo,
    });
  }
  return round;
}

/** The kitchen works only on a round it has accepted and not finished: a 409 that says which it is otherwise. */
export function refuseUnlessCooking(order: repo.OrderRow, round: repo.OrderRoundRow): void {
  const { orderNo } = order;
  const roundNo = round.no;
  if (round.status === 'pending') {
    throw conflict(`Round ${roundNo} of order ${orderNo} waits for approval; accept it first`).because(
      'ROUND_NOT_ACCEPTED',
      { orderNo, roundNo },
    );
  }
  if (round.status !== 'in_progress') {
    throw conflict(`Round ${roundNo} of order ${orderNo} is ${round.status.replace('_', ' ')} already`).because(
      'ROUND_NOT_COOKING',
      { orderNo, roundNo, status: round.status },
    );
  }
}

/**
 * The branch's order locked for a change, for the modules that change an order without reaching the repository
 * (its e-invoice): another branch's is the same 404 as a missing one.
 */
export async function lockBranchOrder(tx: Executor, branchId: string, orderId: string): Promise<repo.OrderRow> {
  const order = await repo.lockOrder(tx, branchId, orderId);
  if (!order) throw notFound('That order does not exist').because('ORDER_NOT_FOUND');
  return order;
}

/** The same for a change of the order's row: its version raised, as every change does, so older screens are told. */
export const changeOrderRow = repo.updateOrder;

/** A client that saw an older version of the order is told, instead of changing what it has not seen. */
export function checkVersion(order: repo.OrderRow, expectedVersion: number | undefined): void {
  if (expectedVersion !== undefined && expectedVersion !== order.version) {
    throw conflict(
      `Order ${order.orderNo} was changed on another screen since you opened it; its latest state is shown now`,
    ).because('ORDER_STALE', { orderNo: order.orderNo });
  }
}

/**
 * Moves rounds of an order to `to`, with what that means for the stock: a round accepted into the kitchen
 * takes its ingredients; a round cancelled while others stay on the bill gives back what it took and
 * leaves the bill (when every round is cancelled, `settleOrder` cancels the whole order instead).
 */
export async function moveRounds(
  deps: OrdersDeps,
  tx: Executor,
  record: RecordEvent,
  change: OrderChange,
  moves: { no: number; from: RoundStatus }[],
  to: RoundStatus,
): Promise<void> {
  const { order, actorId } = change;
  await repo.setRoundStatus(
    tx,
    order.id,
    moves.map((move) => move.no),
    to,
  );
  if (to === 'ready') {
    await repo.markRoundLinesReady(
      tx,
      order.id,
      moves.map((move) => move.no),
    );
  }
  if (to === 'in_progress') {
    for (const move of moves.filter((m) => m.from === 'pending')) {
      await deps.stock.takeForRound(tx, order.branchId, record, { orderId: order.id, roundNo: move.no }, actorId);
      // A diner's round reaches the kitchen when staff accept it.
      const accepted = { branchId: order.branchId, order: () => loadOrder(tx, order.branchId, order.id) };
      await deps.printing.queueKitchenTickets(tx, record, { ...accepted, roundNo: move.no, settings: change.settings });
    }
  }
  if (to === 'cancelled') {
    const stillBilled = (await repo.listRounds(tx, order.id)).some((round) => round.status !== 'cancelled');
    if (!stillBilled) return;
    for (const move of moves) {
      await deps.stock.giveBackForOrder(tx, order.branchId, record, { orderId: order.id, roundNo: move.no }, actorId);
      await repo.voidRoundLines(tx, order.id, move.no);
    }
  }
}

/**
 * After the rounds or lines of an open order changed: its status follows its rounds and its bill follows
 * its lines (the coupon re-checked against the new subtotal). When no round is left, the whole order is
 * cancelled: its table freed, its coupon's use and all its stock given back, its bill kept as it was.
 */
export async function settleOrder(
  deps: OrdersDeps,
  tx: Executor,
  record: RecordEvent,
  change: OrderChange,
): Promise<void> {
  const { order, actorId } = change;
  const status = orderStatusOfRounds(await repo.listRounds(tx, order.id));
  const paid = netPaid(await repo.listPayments(tx, order.id));
  if (status === 'cancelled') {
    if (paid > 0) {
      throw conflict(
        `Order ${order.orderNo} has ${formatVnd(paid)} paid; refund it before cancelling the order`,
      ).because('ORDER_CANCEL_PAID', { orderNo: order.orderNo, paid: formatVnd(paid) });
    }
    await dropSplit(tx, order);
    await repo.updateOrder(tx, order.id, { status });
    if (order.couponId) await deps.coupons.release(tx, order.couponId);
    await deps.stock.giveBackForOrder(tx, order.branchId, record, { orderId: order.id }, actorId);
    if (order.tableId && (await deps.tables.releaseOrder(tx, order.tableId, order.id))) {
      await deps.tables.recordChange(tx, record, order.branchId, order.tableId);
    }
    return;
  }
  // Each line keeps the rate it was ordered at, and the service charge the rate of the order's placing.
  const subtotals = await repo.billedSubtotals(tx, order.id);
  const subtotal = subtotals.reduce((sum, part) => sum + part.amount, 0);
  const discount = order.couponId
    ? await deps.coupons.discountFor(tx, order.couponId, subtotal)
    : Math.min(order.discount, subtotal);
  const bill = computeBill({
    subtotals,
    discount,
    serviceRate: order.serviceRate,
    serviceVatRate: order.serviceVatRate,
    pricesIncludeTax: order.pricesIncludeTax,
  });
  if (bill.total > MAX_BILL) {
    throw badRequest(`Order ${order.orderNo}'s bill would be too large; start a new order`).because(
      'ORDER_BILL_TOO_LARGE',
      { orderNo: order.orderNo },
    );
  }
  if (bill.total < paid) {
    throw conflict(
      `Order ${order.orderNo} has ${formatVnd(paid)} paid; its bill cannot go below that (${formatVnd(bill.total)}) until it is refunded`,
    ).because('ORDER_BILL_BELOW_PAID', { orderNo: order.orderNo, paid: formatVnd(paid), total: formatVnd(bill.total) });
  }
  if (bill.total !== order.total) await dropSplit(tx, order);
  await repo.updateOrder(tx, order.id, {
    status,
    subtotal: bill.subtotal,
    discount: bill.discount,
    serviceCharge: bill.serviceCharge,
    taxes: bill.taxes,
    tax: bill.tax,
    total: bill.total,
    paymentStatus: paid >= bill.total && paid > 0 ? 'paid' : 'unpaid',
  });
}

/**
 * A split bill describes the bill it was made from: when that bill changes (a round, a void, a merge), a
 * split none of whose parts has money on it is dropped, and a bill with a part paid (even partly) cannot change.
 */
async function dropSplit(tx: Executor, order: repo.OrderRow): Promise<void> {
  const parts = await repo.listBillParts(tx, order.id);
  if (parts.length === 0) return;
  const payments = await repo.listPayments(tx, order.id);
  const paid = parts.find((part) => netPaid(payments.filter((payment) => payment.partNo === part.no)) > 0);
  if (paid) {
    throw conflict(
      `Part ${paid.no} of order ${order.orderNo}'s split bill is paid; its bill can no longer change`,
    ).because('BILL_PART_PAID', { orderNo: order.orderNo, partNo: paid.no });
  }
  await repo.replaceBillParts(tx, order.id, []);
}

/**
 * Completes a paid order in its transaction: its table freed, its customer's loyalty credited, its revenue
 * added to the sums from the moment it commits, and its figures counted in the shift of the device that
 * completed it. Its method is the one that paid most of it.
 */
export async function completeOrder(
  deps: OrdersDeps,
  tx: Executor,
  record: RecordEvent,
  change: OrderChange & { deviceId: string | null },
): Promise<void> {
  const { order, settings } = change;
  const payments = await repo.listPayments(tx, order.id);
  await repo.updateOrder(tx, order.id, {
    status: 'completed',
    paymentStatus: 'paid',
    paymentMethod: mainMethod(payments) ?? order.paymentMethod,
    completedAt: new Date(),
    shiftId: await deps.shifts.shiftFor(tx, order.branchId, change.deviceId),
  });
  if (order.tableId && (await deps.tables.releaseOrder(tx, order.tableId, order.id))) {
    await deps.tables.recordChange(tx, record, order.branchId, order.tableId);
  }
  const completed = (await repo.lockOrder(tx, order.branchId, order.id))!;
  if (completed.customerId && completed.completedAt) {
    const credited = { customerId: completed.customerId, total: completed.total, completedAt: completed.completedAt };
    await deps.loyalty.creditCompletedOrder(tx, credited, settings.loyalty);
  }
  await deps.sales.addCompletedOrder(tx, order.branchId, order.id);
  await deps.einvoices.queueSaleInvoice(tx, { order: completed, record });
}

/**
 * Payments taken make the bill they paid final: an order with money on it is not merged or moved from until
 * that money is refunded (a manager's decision, audited). A split keeps what was paid and divides the rest.
 */
export async function refuseOncePaid(tx: Executor, order: repo.OrderRow, doing: Doing): Promise<void> {
  const paid = netPaid(await repo.listPayments(tx, order.id));
  if (paid > 0) {
    throw conflict(
      `Order ${order.orderNo} has ${formatVnd(paid)} paid already; ${doing} needs that refunded first`,
    ).because('ORDER_PAID_ALREADY', { orderNo: order.orderNo, paid: formatVnd(paid), action: actions[doing] });
  }
}

/**
 * What a person was doing when a refusal stopped them, as the callers write it in English, and the key the
 * refusal's sentence selects its words by in the catalogues (`{action, select, merge {…}}`).
 */
const actions = {
  merging: 'merge',
  'moving dishes': 'move',
  'splitting the bill': 'split',
  'taking a payment': 'pay',
  'settling the bill': 'settle',
} as const;
type Doing = keyof typeof actions;

/**
 * The portions a person chose on an order (a void, a move): each line must exist and still have that many
 * on the bill; the same line named twice counts once with both quantities. `verb` finishes the refusal:
 * "Only 2 × Phở bò left to void on order 1042".
 */
export function choosePortions<
  Line extends Pick<repo.OrderLineRow, 'position' | 'name' | 'quantity' | 'voidedQuantity'>,
>(
  order: Pick<repo.OrderRow, 'orderNo'>,
  lines: readonly Line[],
  chosen: readonly { position: number; quantity: number }[],
  verb: 'void' | 'move',
): { line: Line; quantity: number }[] {
  const wanted = new Map<number, number>();
  for (const { position, quantity } of chosen) wanted.set(position, (wanted.get(position) ?? 0) + quantity);
  return [...wanted].map(([position, quantity]) => {
    const index = chosen.findIndex((one) => one.position === position);
    const line = lines.find((one) => one.position === position);
    if (!line) {
      throw badRequest(`Order ${order.orderNo} has no line ${position}`, [
        { path: `lines.${index}.position`, message: 'No such line on this order' },
      ]).because('ORDER_LINE_NOT_FOUND', { orderNo: order.orderNo, position });
    }
    const left = line.quantity - line.voidedQuantity;
    if (quantity > left) {
      throw badRequest(`Only ${left} × ${line.name} left to ${verb} on order ${order.orderNo}`, [
        { path: `lines.${index}.quantity`, message: 'More than the order has left' },
      ]).because('ORDER_LINE_TOO_FEW', { orderNo: order.orderNo, left, dish: line.name, action: verb });
    }
    return { line, quantity };
  });
}

/** Records a change of an order for the screens: a status change when its status moved, else an update. */
export function recordOrderChange(record: RecordEvent, before: repo.OrderRow, after: Order): void {
  record(
    after.status === before.status
      ? { type: 'order.updated', branchId: before.branchId, order: after }
      : { type: 'order.status-changed', branchId: before.branchId, order: after, from: before.status },
  );
}

/**
 * A diner's round waiting for approval is neither cooked nor refused yet: the bill is not settled (split,
 * paid in part or in full) until staff accept or reject it.
 */
export async function refuseWhileAwaitingApproval(tx: Executor, order: repo.OrderRow, doing: Doing): Promise<void> {
  const waiting = (await repo.listRounds(tx, order.id)).find((round) => round.status === 'pending');
  if (waiting) {
    throw conflict(
      `Round ${waiting.no} of order ${order.orderNo} waits for approval; accept or reject it before ${doing}`,
    ).because('ROUND_AWAITS_APPROVAL', { orderNo: order.orderNo, roundNo: waiting.no, action: actions[doing] });
  }
}

/**
 * Cancelling a round the kitchen has started (kitchenStartOfLine: its station started a dish of it, or the grace
 * time since it was sent is over) while other dishes stay on the bill takes cooked food off it: that is a void,
 * and needs a manager (Void dishes records the reason, the waste and the audit row). Cancelling a whole order
 * before it is ready stays the floor's decision, as it always was.
 */
export async function checkCancelOfStartedRounds(
  tx: Executor,
  order: repo.OrderRow,
  cancelling: readonly { no: number; from: RoundStatus }[],
  actor: AuthUser,
): Promise<void> {
  if (can(actor.role, 'orders:void-started')) return;
  const rounds = await repo.listRounds(tx, order.id);
  const lines = await repo.listLines(tx, order.id);
  const now = Date.now();
  const isStarted = ({ no, from }: { no: number; from: RoundStatus }) => {
    const sentAt = rounds.find((round) => round.no === no)?.sentAt.getTime() ?? now;
    return lines.some(
      (line) =>
        line.roundNo === no &&
        line.quantity > line.voidedQuantity &&
        kitchenStartOfLine({ status: from, sentAt }, { startedAt: line.startedAt?.getTime() ?? null }, now) !==
          'not_started',
    );
  };
  const started = cancelling.find(isStarted);
  if (!started) return;
  const leaving = new Set(cancelling.map((round) => round.no));
  const othersStay = rounds.some((round) => round.status !== 'cancelled' && !leaving.has(round.no));
  if (othersStay) {
    throw forbidden(
      `Round ${started.no} of order ${order.orderNo} is in the kitchen: a manager takes its dishes off with Void dishes`,
    ).because('ROUND_STARTED_VOID', { orderNo: order.orderNo, roundNo: started.no });
  }
}

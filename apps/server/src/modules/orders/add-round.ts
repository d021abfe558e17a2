import { isOpenOrderStatus, type AddRoundBody, type Order, type OrderLineInput } from '@quan/contract/order';
import type { Executor } from '../../db/client';
import type { RecordEvent } from '../../events/transact';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import type { OrderMenu } from '../menu/service';
import type { OrdersDeps } from './deps';
import { transactIdempotent } from './idempotency';
import { checkVersion, settleOrder, type OrderChange } from './order-state';
import { loadOrder } from './order-view';
import { explainMenuChanged, MAX_BILL, priceLines, roundUsesStock } from './price-lines';
import * as repo from './repository';

/**
 * Adds a round to an open order inside its transaction (the order's row locked): the lines priced from
 * the menu now (`menu`, read before the transaction), a POS round straight into the kitchen with its stock,
 * a diner's round pending until staff accept it; the bill, coupon and status follow. Records
 * `order.round-added` and returns the round's number and the order as that event carries it.
 */
export async function appendRound(
  deps: OrdersDeps,
  tx: Executor,
  record: RecordEvent,
  change: OrderChange,
  round: { items: OrderLineInput[]; source: 'pos' | 'table'; menu: OrderMenu },
): Promise<{ roundNo: number; order: Order }> {
  const { order, actorId } = change;
  if (!isOpenOrderStatus(order.status)) {
    throw conflict(`Order ${order.orderNo} is ${order.status}; start a new order for more dishes`).because(
      'ORDER_CLOSED_FOR_ROUNDS',
      { orderNo: order.orderNo, status: order.status },
    );
  }
  const first = await repo.nextNumbers(tx, order.id);
  const lines = await priceLines(deps, tx, round.menu, order.id, round.items, first, change.settings.taxRate);
  const added = lines.reduce((sum, line) => sum + line.total, 0);
  if (order.subtotal + added > MAX_BILL) {
    throw badRequest('The bill is too large; start a new order').because('ORDER_BILL_TOO_LARGE', {
      orderNo: order.orderNo,
    });
  }
  const status = round.source === 'table' ? 'pending' : 'in_progress';
  await repo.insertRound(
    tx,
    { orderId: order.id, no: first.roundNo, status, source: round.source, sentById: actorId },
    lines,
  );
  if (status === 'in_progress' && roundUsesStock(round.menu, lines)) {
    await deps.stock.takeForRound(tx, order.branchId, record, { orderId: order.id, roundNo: first.roundNo }, actorId);
  }
  await settleOrder(deps, tx, record, change);
  const changed = await loadOrder(tx, order.branchId, order.id);
  if (status === 'in_progress') {
    const cause = { branchId: order.branchId, order: () => Promise.resolve(changed), roundNo: first.roundNo };
    await deps.printing.queueKitchenTickets(tx, record, { ...cause, settings: change.settings });
  }
  record({ type: 'order.round-added', branchId: order.branchId, order: changed, roundNo: first.roundNo });
  return { roundNo: first.roundNo, order: changed };
}

/** POST /api/order/{id}/rounds: staff send more dishes for an open order ("gọi thêm món"). */
export async function addStaffRound(
  deps: OrdersDeps,
  actor: AuthUser,
  orderId: string,
  body: AddRoundBody,
  idempotencyKey?: string,
): Promise<{ order: Order; roundNo: number; replayed: boolean }> {
  const { branchId } = actor;
  const [settings, menu] = await Promise.all([deps.settings.get(branchId), deps.menu.orderMenu(branchId)]);
  const call = {
    key: idempotencyKey,
    branchId,
    // The order is part of what a repeat must match: the key of a round sent to another order is a 409.
    request: { call: 'add-round', orderId, body },
    what: 'round',
    async replay(keyedOrderId: string) {
      const order = await loadOrder(deps.db, branchId, keyedOrderId);
      return { order, roundNo: order.rounds.at(-1)?.no ?? 1 };
    },
  };
  const { result, replayed } = await transactIdempotent(deps, call, async (tx, record, claimKey) => {
    const order = await repo.lockOrder(tx, branchId, orderId);
    if (!order) throw notFound('That order does not exist').because('ORDER_NOT_FOUND');
    await claimKey(`user:${actor.id}`, orderId);
    checkVersion(order, body.expectedVersion);
    const change = { order, actorId: actor.id, settings };
    return appendRound(deps, tx, record, change, { items: body.items, source: 'pos', menu });
  }).catch((error: unknown) => {
    throw explainMenuChanged(error);
  });
  return { ...result, replayed };
}

import { formatVnd } from '@quan/contract/money';
import { isOpenOrderStatus, type Order } from '@quan/contract/order';
import type { Executor } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import type { OrdersDeps } from './deps';
import { checkVersion, recordOrderChange, refuseOncePaid, settleOrder } from './order-state';
import { loadOrder } from './order-view';
import * as repo from './repository';

/**
 * Both orders of the branch locked, in id order, so that two merges of the same pair in opposite directions
 * never deadlock; an order of another branch is not found.
 */
export async function lockPair(tx: Executor, branchId: string, ids: [string, string]) {
  const locked = new Map<string, repo.OrderRow | undefined>();
  for (const id of [...ids].sort()) locked.set(id, await repo.lockOrder(tx, branchId, id));
  return ids.map((id) => locked.get(id));
}

/**
 * POST /api/order/{id}/merge: another table's open order joins this one (friends pushing tables
 * together). Its rounds and lines follow, numbered after this order's, with the stock they took and their
 * guests; this order keeps its table, coupon and customer (or takes the other's customer when it has
 * none); the other order closes with nothing on it and its table is free. A coupon the other order used is
 * given back, since its discount was for a bill that no longer exists.
 */
export async function mergeOrders(
  deps: OrdersDeps,
  actor: AuthUser,
  orderId: string,
  body: { fromOrderId: string; expectedVersion?: number },
): Promise<Order> {
  if (body.fromOrderId === orderId) {
    throw badRequest('An order cannot be merged into itself', [
      { path: 'fromOrderId', message: 'Choose another table' },
    ]).because('MERGE_INTO_ITSELF');
  }
  const { branchId } = actor;
  const settings = await deps.settings.get(branchId);
  return deps.transact(async (tx, record) => {
    const [into, from] = await lockPair(tx, branchId, [orderId, body.fromOrderId]);
    if (!into) throw notFound('That order does not exist').because('ORDER_NOT_FOUND');
    if (!from) {
      throw badRequest('The order to merge does not exist', [
        { path: 'fromOrderId', message: 'Unknown order' },
      ]).because('MERGE_ORDER_NOT_FOUND');
    }
    checkVersion(into, body.expectedVersion);
    for (const order of [into, from]) {
      if (!isOpenOrderStatus(order.status))
        throw conflict(`Order ${order.orderNo} is ${order.status}; only open orders merge`).because('ORDER_CLOSED', {
          orderNo: order.orderNo,
          status: order.status,
        });
      await refuseOncePaid(tx, order, 'merging');
    }
    const numbers = await repo.nextNumbers(tx, into.id);
    const roundOffset = numbers.roundNo - 1;
    await repo.moveAllLinesAndRounds(tx, {
      fromOrderId: from.id,
      toOrderId: into.id,
      positionOffset: numbers.position,
      roundOffset,
    });
    await deps.stock.reassignOrderStock(tx, { fromOrderId: from.id, toOrderId: into.id, roundOffset });
    await repo.replaceBillParts(tx, from.id, []);
    await repo.replaceBillParts(tx, into.id, []);
    await repo.updateOrder(tx, into.id, {
      guests: into.guests + from.guests,
      customerId: into.customerId ?? from.customerId,
    });
    if (from.couponId) await deps.coupons.release(tx, from.couponId);
    await repo.updateOrder(tx, from.id, {
      status: 'cancelled',
      subtotal: 0,
      discount: 0,
      taxes: [],
      tax: 0,
      total: 0,
      couponId: null,
    });
    if (from.tableId && (await deps.tables.releaseOrder(tx, from.tableId, from.id))) {
      await deps.tables.recordChange(tx, record, branchId, from.tableId);
    }
    await settleOrder(deps, tx, record, { order: into, actorId: actor.id, settings });

    const merged = await loadOrder(tx, branchId, into.id);
    const closed = await loadOrder(tx, branchId, from.id);
    await deps.printing.queueTableNotice(tx, record, {
      branchId,
      order: merged,
      fromTableNo: closed.table?.tableNo ?? null,
      merged: { orderNo: from.orderNo, afterRoundNo: roundOffset },
      movedBy: { id: actor.id, name: actor.name },
      settings,
    });
    await deps.audit.record(tx, {
      kind: 'merge',
      branchId,
      orderId: into.id,
      actorId: actor.id,
      approvedById: null,
      summary:
        `Merged order ${from.orderNo} (${formatVnd(from.total)}) into order ${into.orderNo}; ` +
        `the bill is now ${formatVnd(merged.bills.total)}${from.couponCode ? `, coupon ${from.couponCode} given back` : ''}`,
      details: {
        fromOrderId: from.id,
        fromOrderNo: from.orderNo,
        fromTableId: from.tableId,
        fromTotal: from.total,
        total: merged.bills.total,
        roundOffset,
        // The coupon given back, so that the trail can say it in the reader's language (null when none).
        couponCode: from.couponCode ?? null,
      },
    });
    record({ type: 'order.status-changed', branchId, order: closed, from: from.status });
    recordOrderChange(record, into, merged);
    return merged;
  });
}

import {
  allowedOrderMoves,
  isOpenOrderStatus,
  type Order,
  type OrderStatus,
  type UpdateOrderBody,
} from '@quan/contract/order';
import type { Settings } from '@quan/contract/settings';
import type { Executor } from '../../db/client';
import type { RecordEvent } from '../../events/transact';
import { badRequest, conflict, isForeignKeyViolation, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { CUSTOMER_FOREIGN_KEY, type OrdersDeps } from './deps';
import { loadOrder } from './order-view';
import * as repo from './repository';

/**
 * What a status move does beyond the order itself, in its transaction: a diner's order accepted into the
 * kitchen takes its stock; a cancellation gives back the stock and the coupon's use; a completion credits
 * the customer's loyalty and adds the order to the revenue sums.
 */
async function applyStatusMove(
  deps: OrdersDeps,
  tx: Executor,
  record: RecordEvent,
  move: { order: repo.OrderRow; from: OrderStatus; actorId: string; settings: Settings },
): Promise<void> {
  const { order, from, actorId, settings } = move;
  if (from === 'pending' && order.status === 'in_progress') {
    await deps.stock.takeForOrder(tx, record, order.id, actorId);
  }
  if (order.status === 'cancelled') {
    if (order.couponId) await deps.coupons.release(tx, order.couponId);
    await deps.stock.giveBackForOrder(tx, record, order.id, actorId);
  }
  if (order.status === 'completed' && order.completedAt) {
    if (order.customerId) {
      const credited = { customerId: order.customerId, total: order.total, completedAt: order.completedAt };
      await deps.loyalty.creditCompletedOrder(tx, credited, settings.loyalty);
    }
    await deps.sales.addCompletedOrder(tx, order.id);
  }
}

/** PUT /api/order/{id}: moves an order along the status machine, records payment, edits its note or customer. */
export async function updateOrder(
  deps: OrdersDeps,
  actor: AuthUser,
  id: string,
  body: UpdateOrderBody,
): Promise<Order> {
  const settings = await deps.settings.get();
  try {
    return await deps.transact(async (tx, record) => {
      const order = await repo.lockOrder(tx, id);
      if (!order) throw notFound('That order does not exist');
      const next = body.status !== undefined && body.status !== order.status ? body.status : undefined;
      if (next && !allowedOrderMoves[order.status].includes(next)) {
        throw conflict(`Cannot move order ${order.orderNo} from ${order.status} to ${next}`);
      }
      const editsFields = body.paymentMethod !== undefined || body.note !== undefined || body.customerId !== undefined;
      if (!next && !isOpenOrderStatus(order.status) && editsFields) {
        throw conflict(`Order ${order.orderNo} is ${order.status} and can no longer be changed`);
      }
      if (body.customerId !== undefined && body.customerId !== order.customerId && order.couponCode) {
        // The coupon was checked for this customer (a spin prize belongs to one): place a new order instead.
        throw conflict(`Order ${order.orderNo} used coupon ${order.couponCode}; its customer can no longer change`);
      }
      const paymentMethod = body.paymentMethod ?? order.paymentMethod;
      if (next === 'completed' && !paymentMethod) {
        throw badRequest(`Choose how order ${order.orderNo} was paid`, [
          { path: 'paymentMethod', message: 'Choose cash, card, transfer or ewallet' },
        ]);
      }
      await repo.updateOrder(tx, id, {
        status: next,
        paymentMethod: body.paymentMethod,
        note: body.note,
        customerId: body.customerId,
        ...(next === 'completed' ? { paymentStatus: 'paid' as const, completedAt: new Date() } : {}),
      });
      if ((next === 'completed' || next === 'cancelled') && order.tableId) {
        if (await deps.tables.releaseOrder(tx, order.tableId, order.id)) {
          await deps.tables.recordChange(tx, record, order.tableId);
        }
      }
      if (next) {
        const moved = await repo.lockOrder(tx, id);
        await applyStatusMove(deps, tx, record, { order: moved!, from: order.status, actorId: actor.id, settings });
      }
      const updated = await loadOrder(tx, id);
      record(
        next
          ? { type: 'order.status-changed', order: updated, from: order.status }
          : { type: 'order.updated', order: updated },
      );
      return updated;
    });
  } catch (error) {
    if (isForeignKeyViolation(error, CUSTOMER_FOREIGN_KEY)) {
      throw badRequest('That customer does not exist', [{ path: 'customerId', message: 'Unknown customer' }]);
    }
    throw error;
  }
}

import { statusInWords } from './status-words';
import { formatVnd } from '@quan/contract/money';
import { allowedOrderMoves, isOpenOrderStatus, type Order, type UpdateOrderBody } from '@quan/contract/order';
import { badRequest, conflict, isForeignKeyViolation, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { CUSTOMER_FOREIGN_KEY, type OrdersDeps } from './deps';
import { transactIdempotent } from './idempotency';
import {
  checkCancelOfStartedRounds,
  checkVersion,
  completeOrder,
  moveRounds,
  refuseWhileAwaitingApproval,
  settleOrder,
} from './order-state';
import { loadOrder } from './order-view';
import { netPaid } from './paid';
import { applyPayment } from './payments';
import * as repo from './repository';

/**
 * PUT /api/order/{id}: moves an order along the status machine, records payment, edits its note or customer.
 * A repeat with the same Idempotency-Key and body changes nothing and answers the order as it is now.
 */
export async function updateOrder(
  deps: OrdersDeps,
  actor: AuthUser,
  deviceId: string | null,
  id: string,
  body: UpdateOrderBody,
  idempotencyKey?: string,
): Promise<{ order: Order; replayed: boolean }> {
  const { branchId } = actor;
  const settings = await deps.settings.get(branchId);
  const call = {
    key: idempotencyKey,
    branchId,
    request: { call: 'update-order', orderId: id, body },
    what: 'order update',
    replay: (orderId: string) => loadOrder(deps.db, branchId, orderId),
  };
  try {
    const { result, replayed } = await transactIdempotent(deps, call, async (tx, record, claimKey) => {
      const order = await repo.lockOrder(tx, branchId, id);
      if (!order) throw notFound('That order does not exist').because('ORDER_NOT_FOUND');
      await claimKey(`user:${actor.id}`, id);
      checkVersion(order, body.expectedVersion);
      const next = body.status !== undefined && body.status !== order.status ? body.status : undefined;
      if (next && !allowedOrderMoves[order.status].includes(next)) {
        const [from, to] = [statusInWords(order.status), statusInWords(next)];
        throw conflict(`Cannot move order ${order.orderNo} from "${from}" to "${to}"`).because('ORDER_MOVE_REFUSED', {
          orderNo: order.orderNo,
          from: order.status,
          to: next,
        });
      }
      const editsFields = body.paymentMethod !== undefined || body.note !== undefined || body.customerId !== undefined;
      if (!next && !isOpenOrderStatus(order.status) && editsFields) {
        throw conflict(`Order ${order.orderNo} is ${order.status} and can no longer be changed`).because(
          'ORDER_CLOSED',
          {
            orderNo: order.orderNo,
            status: order.status,
          },
        );
      }
      if (body.customerId !== undefined && body.customerId !== order.customerId && order.couponCode) {
        // The coupon was checked for this customer (a spin prize belongs to one): place a new order instead.
        throw conflict(
          `Order ${order.orderNo} used coupon ${order.couponCode}; its customer can no longer change`,
        ).because('ORDER_COUPON_CUSTOMER', { orderNo: order.orderNo, coupon: order.couponCode });
      }
      await repo.updateOrder(tx, id, {
        paymentMethod: body.paymentMethod,
        note: body.note,
        customerId: body.customerId,
      });
      if (next === 'completed') {
        await refuseWhileAwaitingApproval(tx, order, 'settling the bill');
        const current = (await repo.lockOrder(tx, branchId, id))!;
        const paid = netPaid(await repo.listPayments(tx, id));
        const due = current.total - paid;
        const context = { order: current, actorId: actor.id, deviceId, settings };
        if (due > 0) {
          // Completing with a method is the one-step way: what is due is paid in that method, then the
          // order completes. A split bill is paid part by part instead. The method chosen when the order was
          // placed stands in only while nothing is paid: once money was taken, the order's method is that
          // payment's, and the rest must be named, not charged to it by a tap on Complete.
          const paymentMethod = body.paymentMethod ?? (paid === 0 ? order.paymentMethod : null);
          if ((await repo.listBillParts(tx, id)).length > 0) {
            throw conflict(`Order ${order.orderNo}'s bill is split: take the payment of each part`).because(
              'BILL_SPLIT_PAY_PARTS',
              { orderNo: order.orderNo },
            );
          }
          if (!paymentMethod) {
            throw badRequest(`Order ${order.orderNo} still has ${formatVnd(due)} to pay`, [
              { path: 'paymentMethod', message: 'Choose how the rest was paid' },
            ]).because('ORDER_DUE_METHOD', { orderNo: order.orderNo, due: formatVnd(due) });
          }
          await applyPayment(deps, tx, record, context, { method: paymentMethod, amount: due });
        } else {
          await completeOrder(deps, tx, record, context);
        }
      } else if (next) {
        // On the order, a move is made by its least advanced rounds (all of them for a one-round order).
        const moving = (await repo.listRounds(tx, id))
          .filter((round) => round.status === order.status)
          .map((round) => ({ no: round.no, from: round.status }));
        if (next === 'cancelled') await checkCancelOfStartedRounds(tx, order, moving, actor);
        const change = { order, actorId: actor.id, settings };
        await moveRounds(deps, tx, record, change, moving, next);
        await settleOrder(deps, tx, record, change);
      }
      const updated = await loadOrder(tx, branchId, id);
      record(
        next
          ? { type: 'order.status-changed', branchId, order: updated, from: order.status }
          : { type: 'order.updated', branchId, order: updated },
      );
      return updated;
    });
    return { order: result, replayed };
  } catch (error) {
    if (isForeignKeyViolation(error, CUSTOMER_FOREIGN_KEY)) {
      throw badRequest('That customer does not exist', [{ path: 'customerId', message: 'Unknown customer' }]).because(
        'CUSTOMER_NOT_FOUND',
      );
    }
    throw error;
  }
}

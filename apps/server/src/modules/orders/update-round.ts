import { statusInWords } from './status-words';
import { type Order, type UpdateRoundBody } from '@quan/contract/order';
import { allowedRoundMoves } from '@quan/contract/rounds';
import { conflict, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import type { OrdersDeps } from './deps';
import { transactIdempotent } from './idempotency';
import {
  checkCancelOfStartedRounds,
  checkVersion,
  findRound,
  moveRounds,
  recordOrderChange,
  settleOrder,
} from './order-state';
import { loadOrder } from './order-view';
import * as repo from './repository';

/**
 * PATCH /api/order/{id}/rounds/{roundNo}: one kitchen ticket moves on its own (accepted, rejected, ready,
 * served); the order's status follows its rounds. A repeat with the same Idempotency-Key and body moves
 * nothing again and answers the order as it is now.
 */
export async function updateRound(
  deps: OrdersDeps,
  actor: AuthUser,
  orderId: string,
  roundNo: number,
  body: UpdateRoundBody,
  idempotencyKey?: string,
): Promise<{ order: Order; replayed: boolean }> {
  const { branchId } = actor;
  const settings = await deps.settings.get(branchId);
  const call = {
    key: idempotencyKey,
    branchId,
    request: { call: 'update-round', orderId, roundNo, body },
    what: 'round move',
    replay: (id: string) => loadOrder(deps.db, branchId, id),
  };
  const { result, replayed } = await transactIdempotent(deps, call, async (tx, record, claimKey) => {
    const order = await repo.lockOrder(tx, branchId, orderId);
    if (!order) throw notFound('That order does not exist').because('ORDER_NOT_FOUND');
    await claimKey(`user:${actor.id}`, orderId);
    checkVersion(order, body.expectedVersion);
    const round = await findRound(tx, order, roundNo);
    if (order.status === 'completed' || order.status === 'cancelled') {
      throw conflict(`Order ${order.orderNo} is ${order.status}; its rounds can no longer change`).because(
        'ORDER_CLOSED',
        {
          orderNo: order.orderNo,
          status: order.status,
        },
      );
    }
    if (round.status === body.status) return loadOrder(tx, branchId, orderId);
    if (!allowedRoundMoves[round.status].includes(body.status)) {
      throw conflict(
        `Cannot move round ${roundNo} of order ${order.orderNo} from "${statusInWords(round.status)}" to "${statusInWords(body.status)}"`,
      ).because('ROUND_MOVE_REFUSED', { orderNo: order.orderNo, roundNo, from: round.status, to: body.status });
    }
    const change = { order, actorId: actor.id, settings };
    const moving = [{ no: roundNo, from: round.status }];
    if (body.status === 'cancelled') await checkCancelOfStartedRounds(tx, order, moving, actor);
    await moveRounds(deps, tx, record, change, moving, body.status);
    await settleOrder(deps, tx, record, change);
    const updated = await loadOrder(tx, branchId, orderId);
    recordOrderChange(record, order, updated);
    return updated;
  });
  return { order: result, replayed };
}

import { formatVnd } from '@quan/contract/money';
import { can } from '@quan/contract/permissions';
import type { Order, VoidLinesBody, VoidReason } from '@quan/contract/order';
import { conflict, forbidden, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import type { OrdersDeps } from './deps';
import { checkVersion, choosePortions, recordOrderChange, settleOrder } from './order-state';
import { loadOrder } from './order-view';
import * as repo from './repository';

const reasonWords: Record<VoidReason, string> = {
  wrong_dish: 'wrong dish',
  changed_mind: 'guest changed their mind',
  quality: 'quality',
  other: 'other',
};

/**
 * POST /api/order/{id}/voids: takes lines, or part of their quantity, off an open order's bill, with a
 * reason. Staff void what the kitchen has not started (a round still pending); dishes of a round in
 * preparation or later need a manager, signed in or approving on this device. Stock comes back for what
 * was not cooked; `wasted` keeps it used and records waste. Every void is kept in the audit trail.
 */
export async function voidLines(
  deps: OrdersDeps,
  actor: AuthUser,
  orderId: string,
  body: VoidLinesBody,
): Promise<Order> {
  const settings = await deps.settings.get();
  // Checked before the transaction (a password check is slow and needs no lock), and only for an order that
  // exists, so that the approval is never a way to test passwords.
  if (!(await repo.orderExists(deps.db, orderId))) throw notFound('That order does not exist');
  const approver = body.approval ? await deps.approvals.approver(body.approval, 'orders:void-started') : null;
  return deps.transact(async (tx, record) => {
    const order = await repo.lockOrder(tx, orderId);
    if (!order) throw notFound('That order does not exist');
    checkVersion(order, body.expectedVersion);
    if (order.status === 'completed' || order.status === 'cancelled') {
      throw conflict(`Order ${order.orderNo} is ${order.status}; its lines can no longer be voided`);
    }
    const lines = await repo.listLines(tx, orderId);
    const rounds = await repo.listRounds(tx, orderId);
    const voids = choosePortions(order, lines, body.lines, 'void').map(({ line, quantity }) => {
      const roundStatus = rounds.find((round) => round.no === line.roundNo)?.status ?? 'pending';
      return { line, quantity, started: roundStatus !== 'pending' };
    });

    const needsManager = voids.some((entry) => entry.started) && !can(actor.role, 'orders:void-started');
    if (needsManager && !approver) {
      throw forbidden(
        'The kitchen has started these dishes: a manager must approve the void with their email and password',
      );
    }
    const approvedBy = needsManager ? approver : null;

    const words = reasonWords[body.reason];
    const note = body.note ? `${words}: ${body.note}` : words;
    for (const { line, quantity, started } of voids) {
      await repo.voidLineQuantity(tx, orderId, line.position, quantity);
      if (started) {
        const portions = { orderId, roundNo: line.roundNo, position: line.position, portions: quantity };
        await deps.stock.settleVoid(tx, record, { ...portions, wasted: body.wasted ?? false, note }, actor.id);
      }
    }
    await repo.cancelSpentRounds(tx, orderId);
    await settleOrder(deps, tx, record, { order, actorId: actor.id, settings });

    const amount = voids.reduce((sum, { line, quantity }) => sum + line.price * quantity, 0);
    const what = voids.map(({ line, quantity }) => `${quantity} × ${line.name}`).join(', ');
    await deps.audit.record(tx, {
      kind: 'void',
      orderId,
      actorId: actor.id,
      approvedById: approvedBy?.id ?? null,
      summary: `Voided ${what} on order ${order.orderNo} (${note}): ${formatVnd(amount)}${body.wasted ? ', wasted' : ''}`,
      details: {
        reason: body.reason,
        note: body.note ?? '',
        wasted: body.wasted ?? false,
        amount,
        lines: voids.map(({ line, quantity, started }) => ({
          position: line.position,
          roundNo: line.roundNo,
          name: line.name,
          price: line.price,
          quantity,
          started,
        })),
      },
    });
    const updated = await loadOrder(tx, orderId);
    recordOrderChange(record, order, updated);
    return updated;
  });
}

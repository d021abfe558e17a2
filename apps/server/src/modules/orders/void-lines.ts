import { formatVnd } from '@quan/contract/money';
import { can } from '@quan/contract/permissions';
import type { Order, VoidLinesBody, VoidReason } from '@quan/contract/order';
import { kitchenStartOfLine } from '@quan/contract/rounds';
import { conflict, forbidden, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import type { AuditRecord } from '../audit/service';
import { ApprovalRefused, type ApprovalCredentials, type Approve, type Approver } from '../users/approvals';
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
 * reason. Staff void what the kitchen has not started: a diner's round still waiting for approval, or dishes
 * sent less than VOID_GRACE_MINUTES ago that their station has not started (kitchenStartOfLine). Dishes
 * started need a manager, signed in or approving on this device. Stock comes back for what was not cooked;
 * `wasted` (of started dishes only) keeps it used and records waste. Every void is kept in the audit trail, and
 * so is every approval refused.
 */
export async function voidLines(
  deps: OrdersDeps,
  actor: AuthUser,
  orderId: string,
  body: VoidLinesBody,
  approve: Approve,
): Promise<Order> {
  const { branchId } = actor;
  const settings = await deps.settings.get(branchId);
  // A transaction that a deadlock runs again keeps the approval it was given: the password is checked once.
  let approved: Approver | null = null;
  // The trail's row of an approval refused in the transaction, written once that has rolled back (which would
  // take the row with it).
  let refused: AuditRecord | null = null;
  try {
    return await deps.transact(async (tx, record) => {
      const order = await repo.lockOrder(tx, branchId, orderId);
      if (!order) throw notFound('That order does not exist').because('ORDER_NOT_FOUND');
      checkVersion(order, body.expectedVersion);
      if (order.status === 'completed' || order.status === 'cancelled') {
        throw conflict(`Order ${order.orderNo} is ${order.status}; its lines can no longer be voided`).because(
          'ORDER_CLOSED',
          { orderNo: order.orderNo, status: order.status },
        );
      }
      const lines = await repo.listLines(tx, orderId);
      const rounds = await repo.listRounds(tx, orderId);
      const now = Date.now();
      const voids = choosePortions(order, lines, body.lines, 'void').map(({ line, quantity }) => {
        const round = rounds.find((one) => one.no === line.roundNo);
        const start = round
          ? kitchenStartOfLine(
              { status: round.status, sentAt: round.sentAt.getTime() },
              { startedAt: line.startedAt?.getTime() ?? null },
              now,
            )
          : 'not_started';
        // A round accepted into the kitchen took its stock, which a void settles; a diner's pending one took none.
        const tookStock = round?.status !== 'pending';
        // The kitchen holds the round's ticket until the dishes go out: it is told to stop making them.
        const atKitchen = round?.status === 'in_progress' || round?.status === 'ready';
        return { line, quantity, started: start !== 'not_started', tookStock, atKitchen };
      });

      // The manager's approval a void needs when the kitchen has started its dishes and the actor may not void
      // them; one sent when none is needed is not checked.
      let approval: ApprovalCredentials | null = null;
      if (voids.some((entry) => entry.started) && !can(actor.role, 'orders:void-started')) {
        if (!body.approval) {
          throw forbidden(
            'The kitchen has started these dishes: a manager must approve the void with their email and password',
          ).because('VOID_NEEDS_MANAGER');
        }
        approval = body.approval;
      }

      const words = reasonWords[body.reason];
      const note = body.note ? `${words}: ${body.note}` : words;
      for (const { line, quantity, started, tookStock } of voids) {
        await repo.voidLineQuantity(tx, orderId, line.position, quantity);
        if (tookStock) {
          const portions = { orderId, roundNo: line.roundNo, position: line.position, portions: quantity };
          // Nothing was cooked of a dish the kitchen had not started: its stock goes back on the shelf.
          const thrownAway = started && (body.wasted ?? false);
          await deps.stock.settleVoid(tx, branchId, record, { ...portions, wasted: thrownAway, note }, actor.id);
        }
      }
      await repo.cancelSpentRounds(tx, orderId);
      await settleOrder(deps, tx, record, { order, actorId: actor.id, settings });

      const amount = voids.reduce((sum, { line, quantity }) => sum + line.price * quantity, 0);
      const dishes = voids.map(({ line, quantity }) => `${quantity} × ${line.name}`).join(', ');
      const wasted = (body.wasted ?? false) && voids.some((entry) => entry.started);
      const voided = `${dishes} on order ${order.orderNo} (${note}): ${formatVnd(amount)}${wasted ? ', wasted' : ''}`;
      const details = {
        reason: body.reason,
        note: body.note ?? '',
        wasted,
        amount,
        lines: voids.map(({ line, quantity, started }) => ({
          position: line.position,
          roundNo: line.roundNo,
          name: line.name,
          price: line.price,
          quantity,
          started,
        })),
      };

      // Asked last, once every other check has passed (the version, the lines, what was paid): a wrong password
      // and a right one are answered alike until the void is made, so a request bound to fail cannot test one.
      // The order and its stock stay locked for one password check, and only when a manager must approve.
      let approvedBy: Approver | null = null;
      if (approval) {
        try {
          approved ??= await approve(tx, approval, 'orders:void-started');
        } catch (error) {
          // A refusal of the throttle (429) checked no password, and is not written.
          if (error instanceof ApprovalRefused) {
            refused = {
              kind: 'approval-refused',
              branchId,
              orderId,
              actorId: actor.id,
              approvedById: null,
              summary: `Refused the approval typed as ${approval.email} to void ${voided}`,
              details: { action: 'void', email: approval.email, ...details },
            };
          }
          throw error;
        }
        approvedBy = approved;
      }

      await deps.audit.record(tx, {
        kind: 'void',
        branchId,
        orderId,
        actorId: actor.id,
        approvedById: approvedBy?.id ?? null,
        summary: `Voided ${voided}`,
        details,
      });
      const updated = await loadOrder(tx, branchId, orderId);
      await deps.printing.queueVoidTickets(tx, record, {
        branchId,
        order: updated,
        voided: voids
          .filter((entry) => entry.atKitchen)
          .map(({ line, quantity }) => ({ position: line.position, quantity })),
        voidedBy: { id: actor.id, name: actor.name },
        settings,
      });
      recordOrderChange(record, order, updated);
      return updated;
    });
  } catch (error) {
    if (refused) await deps.audit.record(deps.db, refused);
    throw error;
  }
}

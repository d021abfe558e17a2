import { formatVnd } from '@quan/contract/money';
import type { ApplyBankTransferBody, BankTransfer } from '@quan/contract/payments';
import { conflict, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import type { OrdersDeps } from './deps';
import { recordOrderChange } from './order-state';
import { loadOrder } from './order-view';
import { applyPayment } from './payments';
import * as repo from './repository';

/** More than a restaurant leaves unmatched between two looks; older ones stay in the export and the audit. */
const REFUSED_SHOWN = 100;

function toBankTransfer(kept: repo.KeptBankNotification): BankTransfer {
  return {
    transactionId: kept.transactionId,
    amount: kept.amount,
    description: kept.description,
    accountNumber: kept.accountNumber,
    transactedAt: kept.transactedAt.toISOString(),
    receivedAt: kept.receivedAt.toISOString(),
    outcome: kept.outcome,
    reason: kept.reason,
    reasonCode: kept.reasonCode,
    reasonParams: kept.reasonParams,
    orderNo: kept.orderNo,
    appliedBy: kept.appliedBy && { _id: kept.appliedBy.id, name: kept.appliedBy.name },
    appliedAt: kept.appliedAt?.toISOString() ?? null,
  };
}

/**
 * GET /api/payments/bank-transfers: the transfers into the branch's account that paid nothing yet, newest first.
 */
export async function listRefusedTransfers(deps: OrdersDeps, branchId: string): Promise<BankTransfer[]> {
  return (await repo.listRefusedBankNotifications(deps.db, branchId, REFUSED_SHOWN)).map(toBankTransfer);
}

/**
 * POST /api/payments/bank-transfers/{transactionId}/apply: a manager who has found the order a refused
 * transfer was for (the guest wrote the wrong number, paid half, or paid after a void) pays its whole amount
 * onto that order or part, at most what is due there, with the reason in the audit trail. Once only: the
 * notification is locked and must still be refused.
 */
export async function applyBankTransfer(
  deps: OrdersDeps,
  actor: AuthUser,
  transactionId: string,
  body: ApplyBankTransferBody,
): Promise<BankTransfer> {
  const { branchId } = actor;
  const settings = await deps.settings.get(branchId);
  await deps.transact(async (tx, record) => {
    // A transfer into another branch's account is not this branch's to pay: the same 404 as an unknown one.
    const notification = await repo.lockBankNotification(tx, branchId, transactionId);
    if (!notification) throw notFound('The bank reported no such transfer').because('TRANSFER_NOT_FOUND');
    if (notification.outcome !== 'refused') {
      throw conflict('This transfer has paid an order already').because('TRANSFER_ALREADY_PAID');
    }
    const found = await repo.findOrderByNo(tx, branchId, body.orderNo);
    const order = found && (await repo.lockOrder(tx, branchId, found.id));
    if (!order)
      throw notFound(`There is no order ${body.orderNo}`).because('ORDER_NO_NOT_FOUND', { orderNo: body.orderNo });
    await applyPayment(
      deps,
      tx,
      record,
      { order, actorId: actor.id, deviceId: null, settings },
      { method: 'transfer', amount: notification.amount, partNo: body.partNo, bankTransactionId: transactionId },
    );
    const updated = await loadOrder(tx, branchId, order.id);
    const paymentId = updated.payments.find((one) => one.bankTransactionId === transactionId)!._id;
    await repo.settleBankNotification(tx, transactionId, {
      outcome: 'applied',
      paymentId,
      appliedById: actor.id,
      appliedAt: new Date(),
    });
    const onto = body.partNo ? `part ${body.partNo} of order ${order.orderNo}` : `order ${order.orderNo}`;
    await deps.audit.record(tx, {
      kind: 'bank-transfer',
      branchId,
      orderId: order.id,
      actorId: actor.id,
      approvedById: null,
      summary: `Paid bank transfer ${transactionId} of ${formatVnd(notification.amount)} onto ${onto}: ${body.reason}`,
      details: {
        transactionId,
        amount: notification.amount,
        partNo: body.partNo ?? null,
        refusedBecause: notification.reason,
        reason: body.reason,
      },
    });
    recordOrderChange(record, order, updated);
  });
  return toBankTransfer((await repo.findBankNotification(deps.db, transactionId))!);
}

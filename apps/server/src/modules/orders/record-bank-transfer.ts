import { formatVnd } from '@quan/contract/money';
import { isOpenOrderStatus } from '@quan/contract/order';
import {
  BANK_NOTIFICATION_MAX_AGE_HOURS,
  parseTransferNote,
  type BankNotificationBody,
  type BankNotificationResult,
} from '@quan/contract/payments';
import type { Executor } from '../../db/client';
import type { RecordEvent } from '../../events/transact';
import type { ErrorParams } from '@quan/contract/common';
import type { Settings } from '@quan/contract/settings';
import { AppError } from '../../lib/app-error';
import type { OrdersDeps } from './deps';
import { recordOrderChange } from './order-state';
import { loadOrder } from './order-view';
import { netPaid } from './paid';
import { applyPayment } from './payments';
import * as repo from './repository';

const HOUR = 3_600_000;
/** A bank's clock and ours may differ a little; a notification dated further ahead than this is refused. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

/** What a notification kept before answers, whatever has changed since: it is never decided twice. */
export function earlierAnswer(kept: repo.KeptBankNotification): BankNotificationResult {
  if (kept.outcome === 'refused' || !kept.paymentId || kept.orderNo === null) {
    return {
      outcome: 'refused',
      reason: kept.reason ?? 'This transfer was refused before',
      code: kept.reasonCode ?? 'TRANSFER_REFUSED',
    };
  }
  return { outcome: 'duplicate', orderNo: kept.orderNo, paymentId: kept.paymentId };
}

/**
 * A bank notification service reports a transfer (its signature already checked). It pays the order (or
 * part) named in the transfer note only when the notification is fresh and the amount is exactly what is due
 * there; anything else is refused and left to staff, never paid. Either way the decision is kept by the
 * transaction id, and the same transaction again gets that first answer, never a new one: a refusal replayed
 * after a void has brought the bill down to its amount pays nothing.
 */
export async function recordBankTransfer(
  deps: OrdersDeps,
  notification: BankNotificationBody,
  now: Date = new Date(),
): Promise<BankNotificationResult> {
  const kept = await repo.findBankNotification(deps.db, notification.transactionId);
  if (kept) return earlierAnswer(kept);
  const account = notification.accountNumber?.trim() || null;
  const branchId = await branchOfAccount(deps, account);
  const claim = {
    transactionId: notification.transactionId,
    branchId,
    amount: notification.amount,
    description: notification.description,
    accountNumber: account,
    transactedAt: new Date(notification.transactedAt),
    receivedAt: now,
  };
  // Read before the transaction: the embedded database has one connection, and a settings cache that has to
  // read again from inside it would wait for the transaction that waits for it.
  const place = branchId === null ? null : { branchId, settings: await deps.settings.get(branchId) };
  try {
    return await deps.transact(async (tx, record) => {
      if (!(await repo.claimBankNotification(tx, claim))) {
        return earlierAnswer((await repo.findBankNotification(tx, notification.transactionId))!);
      }
      const answer = await decide(deps, tx, record, { notification, place, now });
      await repo.settleBankNotification(
        tx,
        notification.transactionId,
        answer.outcome === 'refused'
          ? { outcome: 'refused', reason: answer.reason, reasonCode: answer.code, reasonParams: answer.params }
          : { outcome: 'paid', paymentId: answer.paymentId },
      );
      return answer.outcome === 'refused' ? { outcome: 'refused', reason: answer.reason, code: answer.code } : answer;
    });
  } catch (error) {
    // A rule of the payment itself said no (the order awaits a manager's approval, say): the payment is rolled
    // back, and the refusal is kept on its own so that the sender is told once and for all.
    if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    await deps.transact(async (tx) => {
      if (await repo.claimBankNotification(tx, claim)) {
        await repo.settleBankNotification(tx, notification.transactionId, {
          reason: error.message,
          reasonCode: error.reason?.code ?? 'TRANSFER_REFUSED',
          reasonParams: error.reason?.params ?? null,
        });
      }
    });
    return earlierAnswer((await repo.findBankNotification(deps.db, notification.transactionId))!);
  }
}

/**
 * The branch a transfer went to: the one whose bank account received it (null: none of ours). A chain of one
 * branch takes a transfer that names no account, and any account while it has none set, as the one
 * restaurant always did; with several branches only the account can say whose order the note names.
 */
async function branchOfAccount(deps: OrdersDeps, account: string | null): Promise<string | null> {
  if (account) {
    const [owner] = await repo.branchesWithAccount(deps.db, account);
    if (owner) return owner;
  }
  const all = await repo.branchAccounts(deps.db);
  const only = all.length === 1 ? all[0]! : null;
  return only && (!account || !only.hasBank) ? only.id : null;
}

type Paid = { outcome: 'paid'; orderNo: number; paymentId: string };
/** A refusal as the sender reads it, with the code and values a screen says it by. */
type Refused = { outcome: 'refused'; reason: string; code: string; params: ErrorParams | null };
const refused = (reason: string, code: string, params: ErrorParams | null = null): Refused => ({
  outcome: 'refused',
  reason,
  code,
  params,
});

async function decide(
  deps: OrdersDeps,
  tx: Executor,
  record: RecordEvent,
  {
    notification,
    place,
    now,
  }: { notification: BankNotificationBody; place: { branchId: string; settings: Settings } | null; now: Date },
): Promise<Paid | Refused> {
  const age = now.getTime() - new Date(notification.transactedAt).getTime();
  if (age > BANK_NOTIFICATION_MAX_AGE_HOURS * HOUR) {
    return refused(`The transfer is dated more than ${BANK_NOTIFICATION_MAX_AGE_HOURS} hours ago`, 'TRANSFER_STALE', {
      hours: BANK_NOTIFICATION_MAX_AGE_HOURS,
    });
  }
  if (age < -FUTURE_TOLERANCE_MS) return refused('The transfer is dated in the future', 'TRANSFER_IN_FUTURE');
  const named = parseTransferNote(notification.description);
  if (!named) return refused('The transfer note names no order', 'TRANSFER_NO_ORDER_NAMED');
  const account = notification.accountNumber?.trim();
  if (!place && account) {
    return refused(`The transfer went to account ${account}, not the restaurant's`, 'TRANSFER_OTHER_ACCOUNT', {
      account,
    });
  }
  if (!place) return refused('The transfer names no account of a branch', 'TRANSFER_NO_ACCOUNT');
  // Order numbers are each branch's own: the note names an order of the branch whose account was paid.
  const { branchId, settings } = place;
  const found = await repo.findOrderByNo(tx, branchId, named.orderNo);
  const order = found && (await repo.lockOrder(tx, branchId, found.id));
  if (!order) return refused(`There is no order ${named.orderNo}`, 'ORDER_NO_NOT_FOUND', { orderNo: named.orderNo });
  if (!isOpenOrderStatus(order.status)) {
    return refused(`Order ${order.orderNo} is ${order.status}`, 'ORDER_CLOSED', {
      orderNo: order.orderNo,
      status: order.status,
    });
  }
  const payments = await repo.listPayments(tx, order.id);
  const parts = await repo.listBillParts(tx, order.id);
  const part = named.partNo === null ? undefined : parts.find((one) => one.no === named.partNo);
  if ((named.partNo === null) !== (parts.length === 0) || (named.partNo !== null && !part)) {
    return refused(`Order ${order.orderNo}'s bill is split differently now`, 'TRANSFER_SPLIT_CHANGED', {
      orderNo: order.orderNo,
    });
  }
  const due = part
    ? part.total - netPaid(payments.filter((one) => one.partNo === part.no))
    : order.total - netPaid(payments);
  if (notification.amount !== due) {
    const [dueText, amountText] = [formatVnd(due), formatVnd(notification.amount)];
    return refused(
      `Order ${order.orderNo} has ${dueText} due, the transfer was ${amountText}`,
      'TRANSFER_OTHER_AMOUNT',
      {
        orderNo: order.orderNo,
        due: dueText,
        amount: amountText,
      },
    );
  }
  await applyPayment(
    deps,
    tx,
    record,
    { order, actorId: null, deviceId: null, settings },
    {
      method: 'transfer',
      amount: notification.amount,
      partNo: part?.no,
      bankTransactionId: notification.transactionId,
    },
  );
  const updated = await loadOrder(tx, branchId, order.id);
  recordOrderChange(record, order, updated);
  const paymentId = updated.payments.find((one) => one.bankTransactionId === notification.transactionId)!._id;
  return { outcome: 'paid', orderNo: order.orderNo, paymentId };
}

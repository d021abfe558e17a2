import type { InvoiceBuyer } from '@quan/contract/einvoice';
import { formatVnd } from '@quan/contract/money';
import { isOpenOrderStatus, type Order } from '@quan/contract/order';
import {
  cashDueOf,
  changeDue,
  type PaymentMethod,
  type RefundPaymentBody,
  type TakePaymentBody,
} from '@quan/contract/payments';
import type { Executor } from '../../db/client';
import type { RecordEvent } from '../../events/transact';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { AuthUser } from '../../plugins/auth';
import { storedBuyer } from '../einvoices/order-invoice';
import type { OrdersDeps } from './deps';
import { transactIdempotent } from './idempotency';
import {
  checkVersion,
  completeOrder,
  recordOrderChange,
  refuseWhileAwaitingApproval,
  type OrderChange,
} from './order-state';
import { loadOrder } from './order-view';
import { mainMethod, netPaid } from './paid';
import * as repo from './repository';

/** Where a payment is taken: who takes it, on which device, and the order (locked) it is for. */
export interface PaymentContext extends OrderChange {
  deviceId: string | null;
}

export interface NewPayment {
  method: PaymentMethod;
  amount: number;
  tip?: number;
  tendered?: number;
  partNo?: number;
  bankTransactionId?: string;
}

/** What goes back of cash handed over in excess for this payment; nothing but cash has change. */
export function changeOf(
  payment: Pick<NewPayment, 'method' | 'amount' | 'tip' | 'tendered'>,
  rounding: number,
): number {
  if (payment.method !== 'cash' || payment.tendered === undefined) return 0;
  return changeDue(payment.tendered, payment.amount, payment.tip ?? 0, rounding);
}

/**
 * What the cash rounding adds to a payment (negative: takes off): a cash payment of all that is due is
 * rounded to the restaurant's step, so the guest pays in real notes; a partial one, and other methods, not.
 */
export function roundingOf(payment: Pick<NewPayment, 'method' | 'amount'>, due: number, step: number): number {
  return payment.method === 'cash' ? cashDueOf(payment.amount, due, step).rounding : 0;
}

/**
 * Takes one payment inside the order's transaction (its row locked, so concurrent payments queue and never
 * overpay): it may cover at most what is due on the bill or on its part; cash may be handed over in excess,
 * and the change is what goes back. Cash paying all that is due is rounded (`roundingOf`): the rounding is
 * kept on the payment, apart from the amount it pays of the bill. A part paid in full is marked paid; a bill
 * paid in full marks the order paid and completes it when the kitchen is done with it (ready or served);
 * before that it waits, paid. The receipt of a bill paid in full, and the drawer's opening on cash, are queued
 * for the branch's printers with the payment.
 */
export async function applyPayment(
  deps: OrdersDeps,
  tx: Executor,
  record: RecordEvent,
  context: PaymentContext,
  payment: NewPayment,
): Promise<{ change: number; completed: boolean }> {
  const { order } = context;
  if (!isOpenOrderStatus(order.status)) {
    throw conflict(`Order ${order.orderNo} is ${order.status}; it takes no payment`).because('ORDER_CLOSED', {
      orderNo: order.orderNo,
      status: order.status,
    });
  }
  await refuseWhileAwaitingApproval(tx, order, 'taking a payment');
  const parts = await repo.listBillParts(tx, order.id);
  const payments = await repo.listPayments(tx, order.id);
  const part = payment.partNo === undefined ? undefined : parts.find((one) => one.no === payment.partNo);
  if (parts.length > 0 && payment.partNo === undefined) {
    throw badRequest(`Order ${order.orderNo}'s bill is split: say which part this pays`, [
      { path: 'partNo', message: `Choose a part from 1 to ${parts.length}` },
    ]).because('BILL_PART_REQUIRED', { orderNo: order.orderNo, parts: parts.length });
  }
  if (payment.partNo !== undefined && !part) {
    throw badRequest(
      parts.length === 0
        ? `Order ${order.orderNo}'s bill is not split`
        : `Order ${order.orderNo}'s bill has no part ${payment.partNo}`,
      [
        {
          path: 'partNo',
          message: parts.length === 0 ? 'Pay the whole bill' : `Choose a part from 1 to ${parts.length}`,
        },
      ],
    ).because(parts.length === 0 ? 'BILL_NOT_SPLIT' : 'BILL_PART_NOT_FOUND', {
      orderNo: order.orderNo,
      partNo: payment.partNo,
      parts: parts.length,
    });
  }
  const due = part
    ? part.total - netPaid(payments.filter((one) => one.partNo === part.no))
    : order.total - netPaid(payments);
  if (payment.amount > due) {
    const what = part ? `Part ${part.no} of order ${order.orderNo}` : `Order ${order.orderNo}`;
    throw conflict(
      due === 0
        ? `${what} is paid already`
        : `${what} has ${formatVnd(due)} left to pay, not ${formatVnd(payment.amount)}`,
    ).because(due === 0 ? 'BILL_PAID_ALREADY' : 'PAYMENT_OVER_DUE', {
      orderNo: order.orderNo,
      partNo: part?.no ?? 0,
      due: formatVnd(due),
      amount: formatVnd(payment.amount),
    });
  }
  const tip = payment.tip ?? 0;
  const rounding = roundingOf(payment, due, context.settings.cashRounding);
  if (
    payment.method === 'cash' &&
    payment.tendered !== undefined &&
    payment.tendered < payment.amount + rounding + tip
  ) {
    const owed = formatVnd(payment.amount + rounding + tip);
    throw badRequest(`The cash handed over is less than the ${owed} owed`, [
      { path: 'tendered', message: `At least ${owed}` },
    ]).because('CASH_TENDERED_SHORT', { owed });
  }
  const shiftId = await deps.shifts.shiftFor(tx, order.branchId, context.deviceId);
  const inserted: repo.PaymentRow = {
    id: newId(),
    orderId: order.id,
    partNo: part?.no ?? null,
    method: payment.method,
    amount: payment.amount,
    tip,
    tendered: payment.method === 'cash' ? (payment.tendered ?? null) : null,
    takenById: context.actorId,
    takenAt: new Date(),
    shiftId,
    bankTransactionId: payment.bankTransactionId ?? null,
    rounding,
    refunded: 0,
  };
  await repo.insertPayment(tx, inserted);
  const after = [...payments, inserted];
  if (part && payment.amount === due) {
    const ofPart = after.filter((one) => one.partNo === part.no);
    await repo.setBillPartPaid(tx, part, { paymentMethod: mainMethod(ofPart)!, paidById: context.actorId });
  }
  const settled = netPaid(after) >= order.total;
  const change = changeOf(payment, rounding);
  const completed = settled && (order.status === 'ready' || order.status === 'served');
  if (completed) await completeOrder(deps, tx, record, context);
  else await repo.updateOrder(tx, order.id, settled ? { paymentStatus: 'paid', paymentMethod: mainMethod(after) } : {});
  await deps.printing.queuePaymentPrints(tx, record, {
    branchId: order.branchId,
    key: `payment:${inserted.id}`,
    cash: payment.method === 'cash',
    receipt: settled
      ? {
          order: () => loadOrder(tx, order.branchId, order.id),
          copy: () => repo.countBillPrint(tx, { orderId: order.id, kind: 'receipt' }),
          settings: context.settings,
        }
      : null,
    userId: context.actorId,
  });
  return { change, completed };
}

/**
 * The change of the payment a repeated body took, as recorded (its rounding depended on what was due then,
 * which the repeat cannot work out again): the latest payment the body describes.
 */
function changeOnRecord(order: Order, body: TakePaymentBody): number {
  const taken = order.payments.findLast(
    (payment) =>
      payment.method === body.method &&
      payment.amount === body.amount &&
      payment.tip === (body.tip ?? 0) &&
      payment.tendered === (body.tendered ?? null) &&
      payment.partNo === (body.partNo ?? null),
  );
  return taken?.change ?? 0;
}

/**
 * The buyer a guest named as they paid, kept on the order before the payment may complete it, so that the sale
 * invoice queued at completion is made out to them (a walk-in guest to none). Answers the locked row with it.
 */
async function keepInvoiceBuyer(tx: Executor, order: repo.OrderRow, buyer: InvoiceBuyer): Promise<repo.OrderRow> {
  const invoiceBuyer = storedBuyer(buyer);
  await repo.updateOrder(tx, order.id, { invoiceBuyer });
  return { ...order, invoiceBuyer };
}

/**
 * POST /api/order/{id}/payments: a payment taken by staff. A repeat with the same Idempotency-Key and body
 * takes nothing again: it answers the order as it is now and the change the same body works out to.
 */
export async function takePayment(
  deps: OrdersDeps,
  actor: AuthUser,
  deviceId: string | null,
  orderId: string,
  body: TakePaymentBody,
  idempotencyKey?: string,
): Promise<{ order: Order; change: number; replayed: boolean }> {
  const { branchId } = actor;
  const settings = await deps.settings.get(branchId);
  const call = {
    key: idempotencyKey,
    branchId,
    request: { call: 'take-payment', orderId, body },
    what: 'payment',
    replay: async (keyedOrderId: string) => {
      const order = await loadOrder(deps.db, branchId, keyedOrderId);
      return { order, change: changeOnRecord(order, body) };
    },
  };
  const { result, replayed } = await transactIdempotent(deps, call, async (tx, record, claimKey) => {
    const order = await repo.lockOrder(tx, branchId, orderId);
    if (!order) throw notFound('That order does not exist').because('ORDER_NOT_FOUND');
    await claimKey(`user:${actor.id}`, orderId);
    checkVersion(order, body.expectedVersion);
    const buyerSaid = body.invoiceBuyer ? await keepInvoiceBuyer(tx, order, body.invoiceBuyer) : order;
    const context = { order: buyerSaid, actorId: actor.id, deviceId, settings };
    const { change } = await applyPayment(deps, tx, record, context, body);
    const updated = await loadOrder(tx, branchId, orderId);
    recordOrderChange(record, order, updated);
    return { order: updated, change };
  });
  return { ...result, replayed };
}

/**
 * POST /api/order/{id}/payments/{paymentId}/refunds: a manager gives back part or all of a payment, with
 * the reason in the audit trail. On an open order the amount is due again (and a part paid in full is
 * unpaid again); a completed order stays completed and its revenue goes down by the refund.
 */
export async function refundPayment(
  deps: OrdersDeps,
  actor: AuthUser,
  deviceId: string | null,
  target: { orderId: string; paymentId: string },
  body: RefundPaymentBody,
): Promise<Order> {
  const { branchId } = actor;
  return deps.transact(async (tx, record) => {
    const order = await repo.lockOrder(tx, branchId, target.orderId);
    if (!order) throw notFound('That order does not exist').because('ORDER_NOT_FOUND');
    if (order.status === 'cancelled') {
      throw conflict(`Order ${order.orderNo} is cancelled`).because('ORDER_CLOSED', {
        orderNo: order.orderNo,
        status: order.status,
      });
    }
    const payments = await repo.listPayments(tx, order.id);
    const payment = payments.find((one) => one.id === target.paymentId);
    if (!payment) {
      throw notFound(`Order ${order.orderNo} has no such payment`).because('PAYMENT_NOT_FOUND', {
        orderNo: order.orderNo,
      });
    }
    // What it paid of the bill, never its cash rounding: that was no part of the bill, and stays in the drawer.
    const refundable = payment.amount - payment.refunded;
    if (body.amount > refundable) {
      throw badRequest(
        refundable === 0
          ? 'This payment was refunded in full already'
          : `At most ${formatVnd(refundable)} of this payment can be refunded`,
        [{ path: 'amount', message: `At most ${formatVnd(refundable)}` }],
      ).because(refundable === 0 ? 'PAYMENT_REFUNDED_ALREADY' : 'REFUND_OVER_PAYMENT', {
        refundable: formatVnd(refundable),
      });
    }
    const shiftId = await deps.shifts.shiftFor(tx, branchId, deviceId);
    const refundId = newId();
    await repo.insertRefund(tx, {
      id: refundId,
      paymentId: payment.id,
      amount: body.amount,
      reason: body.reason,
      refundedById: actor.id,
      shiftId,
    });
    if (order.status === 'completed') {
      await deps.sales.addRefund(tx, branchId, { orderId: order.id, method: payment.method, amount: body.amount });
      await repo.updateOrder(tx, order.id, {});
      await deps.einvoices.queueInvoiceCorrection(
        tx,
        { audit: deps.audit, record },
        { order, refund: body, netPaidAfter: netPaid(payments) - body.amount, actorId: actor.id },
      );
    } else {
      if (payment.partNo !== null) await repo.setBillPartPaid(tx, { orderId: order.id, no: payment.partNo }, null);
      await repo.updateOrder(tx, order.id, { paymentStatus: 'unpaid', paymentMethod: null });
    }
    const method = payment.method;
    await deps.audit.record(tx, {
      kind: 'refund',
      branchId,
      orderId: order.id,
      actorId: actor.id,
      approvedById: null,
      summary: `Refunded ${formatVnd(body.amount)} of a ${formatVnd(payment.amount)} ${method} payment on order ${order.orderNo}: ${body.reason}`,
      details: {
        paymentId: payment.id,
        method,
        amount: body.amount,
        paymentAmount: payment.amount,
        reason: body.reason,
      },
    });
    if (method === 'cash') {
      await deps.printing.queuePaymentPrints(tx, record, {
        branchId,
        key: `refund:${refundId}`,
        cash: true,
        receipt: null,
        userId: actor.id,
      });
    }
    const updated = await loadOrder(tx, branchId, order.id);
    recordOrderChange(record, order, updated);
    return updated;
  });
}

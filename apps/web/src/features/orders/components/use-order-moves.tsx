import { useState } from 'react';
import { useSnackbar } from 'notistack';
import type { Order, OrderRound, UpdateOrderBody } from '@quan/contract/order';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { describeApiError } from '../../../lib/api-client';
import { useT, type Translate } from '../../../lib/i18n';
import { sendOrKeep } from '../../../lib/outbox-sender';
import { useAppSelector } from '../../../store/hooks';
import { selectUser } from '../../../store/user-slice';
import { updateOrderRequest, useUpdateOrder } from '../api/update-order';
import { updateRoundRequest, useUpdateRound } from '../api/update-round';
import { PaymentDialog } from './PaymentDialog';
import {
  describeOrderCancel,
  moveSuccessMessage,
  partialCancelMessage,
  roundMoveSuccessMessage,
} from './order-messages';
import { hasRounds, tableLabel } from './order-names';
import { rejectMoveLabel, type OrderMove } from './order-status';
import { type RoundMove } from './round-status';

interface RoundRequest {
  order: Order;
  roundNo: number;
  move: RoundMove;
}

/** The question before a round is rejected, in the words of what it will do. */
function describeRejection(t: Translate, { order, roundNo }: RoundRequest) {
  const isRoundOfTab = hasRounds(order);
  // Rejecting the only round still on the bill cancels the whole order; another round leaves the rest be.
  const cancelsOrder = order.rounds.every((round) => round.no === roundNo || round.status === 'cancelled');
  const outcome = cancelsOrder ? t('orders.rejectRound.cancelsOrder') : t('orders.rejectRound.leavesRest');
  return {
    title: isRoundOfTab
      ? t('orders.rejectRound.titleRound', { roundNo, orderNo: order.orderNo })
      : t('orders.rejectOrder.title', { orderNo: order.orderNo }),
    description: t('orders.rejectRound.description', {
      table: tableLabel(order, t),
      guest: order.customerDetails.name || t('orders.guest'),
      outcome,
    }),
    confirmLabel: isRoundOfTab ? t('orders.rejectRound.confirm') : t('orders.rejectOrder.confirm'),
  };
}

/**
 * Moving orders and their rounds along, for the list and the kitchen screen: a cancel or reject is
 * confirmed first, completing an order with something due opens the payment (whose last payment completes
 * it; a bill paid in advance just completes), and every move ends in a toast (the server's
 * message when it refuses). Each call awaits its own result, so two quick taps on two tickets both get
 * their toast. An order is busy while any move of it or of one of its rounds is on its way: the next
 * move must carry the version this one leaves.
 */
export function useOrderMoves() {
  const mutation = useUpdateOrder();
  const roundMutation = useUpdateRound();
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const { _id: userId, name: userName } = useAppSelector(selectUser);
  // A move that cannot reach the server waits on this device (lib/outbox.ts), described as the toast would say it.
  const keptAs = (label: string) => ({ kind: 'status' as const, userId, userName, estimate: null, cart: null, label });
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const [cancelling, setCancelling] = useState<{ order: Order; move: OrderMove } | null>(null);
  const [paying, setPaying] = useState<Order | null>(null);
  const [rejecting, setRejecting] = useState<RoundRequest | null>(null);

  function setBusy(orderId: string, busy: boolean) {
    setBusyIds((ids) => {
      const next = new Set(ids);
      if (busy) next.add(orderId);
      else next.delete(orderId);
      return next;
    });
  }

  async function send(order: Order, move: OrderMove, body: UpdateOrderBody): Promise<void> {
    setBusy(order._id, true);
    try {
      const variables = { id: order._id, ...body };
      const done = moveSuccessMessage(t, order, move, body.paymentMethod);
      const updated = await sendOrKeep(
        updateOrderRequest(variables),
        (idempotencyKey) => mutation.mutateAsync({ ...variables, idempotencyKey }),
        keptAs(done),
      );
      if (!updated) {
        enqueueSnackbar(t('outbox.saved'), { variant: 'info' });
        return;
      }
      // On a tab, a cancel stops only the rounds the kitchen has not got further with; the order stays open.
      const message =
        move.target === 'cancelled' && updated.status !== 'cancelled'
          ? partialCancelMessage(t, order, move.label === rejectMoveLabel)
          : done;
      enqueueSnackbar(message, { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(describeApiError(error, t('orders.updateError', { orderNo: order.orderNo })), {
        variant: 'error',
      });
    } finally {
      setBusy(order._id, false);
    }
  }

  async function sendRound({ order, roundNo, move }: RoundRequest): Promise<void> {
    setBusy(order._id, true);
    try {
      const variables = { id: order._id, roundNo, status: move.target, expectedVersion: order.version };
      const done = roundMoveSuccessMessage(t, order, roundNo, move);
      const updated = await sendOrKeep(
        updateRoundRequest(variables),
        (idempotencyKey) => roundMutation.mutateAsync({ ...variables, idempotencyKey }),
        keptAs(done),
      );
      enqueueSnackbar(updated ? done : t('outbox.saved'), { variant: updated ? 'success' : 'info' });
    } catch (error) {
      // A 409 says the order changed on another screen; the mutation has the orders fetched again.
      enqueueSnackbar(describeApiError(error, t('orders.updateError', { orderNo: order.orderNo })), {
        variant: 'error',
      });
    } finally {
      setBusy(order._id, false);
    }
  }

  /** Moves one round (one kitchen ticket); rejecting a round is confirmed first. */
  function requestRoundMove(order: Order, round: Pick<OrderRound, 'no'>, move: RoundMove) {
    if (busyIds.has(order._id)) return;
    const request = { order, roundNo: round.no, move };
    if (move.target === 'cancelled') setRejecting(request);
    else void sendRound(request);
  }

  async function confirmReject() {
    if (!rejecting) return;
    await sendRound(rejecting);
    setRejecting(null);
  }

  /** Starts a move: at once, or after the confirmation or payment dialog it needs. */
  function requestMove(order: Order, move: OrderMove) {
    if (busyIds.has(order._id)) return;
    if (move.target === 'cancelled') setCancelling({ order, move });
    else if (move.target === 'completed' && order.due > 0) setPaying(order);
    else void send(order, move, { status: move.target });
  }

  async function confirmCancel() {
    if (!cancelling) return;
    await send(cancelling.order, cancelling.move, { status: 'cancelled' });
    setCancelling(null);
  }

  const cancelOrder = cancelling?.order;
  const isRejecting = cancelling?.move.label === rejectMoveLabel;
  const rejection = rejecting && describeRejection(t, rejecting);
  const dialogs = (
    <>
      <ConfirmDialog
        open={rejection !== null}
        title={rejection?.title ?? ''}
        description={rejection && <p>{rejection.description}</p>}
        confirmLabel={rejection?.confirmLabel ?? ''}
        isPending={rejecting !== null && busyIds.has(rejecting.order._id)}
        onConfirm={() => void confirmReject()}
        onCancel={() => setRejecting(null)}
      />
      <ConfirmDialog
        open={cancelling !== null}
        title={
          isRejecting
            ? t('orders.rejectOrder.title', { orderNo: cancelOrder?.orderNo ?? '' })
            : t('orders.cancelOrder.title', { orderNo: cancelOrder?.orderNo ?? '' })
        }
        description={
          cancelOrder && (
            <p>
              {t('orders.cancelOrder.description', {
                table: tableLabel(cancelOrder, t),
                guest: cancelOrder.customerDetails.name || t('orders.guest'),
                outcome: describeOrderCancel(t, cancelOrder, isRejecting),
              })}
            </p>
          )
        }
        confirmLabel={isRejecting ? t('orders.rejectOrder.confirm') : t('orders.cancelOrder.confirm')}
        isPending={cancelOrder !== undefined && busyIds.has(cancelOrder._id)}
        onConfirm={() => void confirmCancel()}
        onCancel={() => setCancelling(null)}
      />
      {paying && <PaymentDialog key={paying._id} order={paying} onClose={() => setPaying(null)} />}
    </>
  );

  return { requestMove, requestRoundMove, busyIds, dialogs };
}

import type { Order, PaymentMethod } from '@quan/contract/order';
import { i18n } from '@lingui/core';
import type { Translate } from '../../../lib/i18n';
import { orderOrRoundName, roundNames } from './order-names';
import { rejectMoveLabel, type OrderMove } from './order-status';
import { paymentMethodMessages } from './payment-labels';
import type { RoundMove } from './round-status';

export function moveSuccessMessage(
  t: Translate,
  order: Pick<Order, 'orderNo'>,
  move: OrderMove,
  paymentMethod?: PaymentMethod,
) {
  const name = t('orders.name.order', { orderNo: order.orderNo });
  switch (move.target) {
    case 'in_progress':
      return t('orders.toast.accepted', { name });
    case 'ready':
      return t('orders.toast.ready', { name });
    case 'served':
      return t('orders.toast.served', { name });
    case 'completed':
      return paymentMethod
        ? t('orders.toast.completedPaid', {
            name,
            method: t(paymentMethodMessages[paymentMethod]).toLocaleLowerCase(i18n.locale),
          })
        : t('orders.toast.completed', { name });
    case 'cancelled':
      return move.label === rejectMoveLabel
        ? t('orders.toast.rejected', { name })
        : t('orders.toast.cancelled', { name });
    default:
      return t('orders.toast.updated', { name });
  }
}

/**
 * The toast after a round moved. A one-round order's only round is the order itself, so it reads as the
 * order did before tabs had rounds.
 */
export function roundMoveSuccessMessage(
  t: Translate,
  order: Pick<Order, 'orderNo' | 'rounds'>,
  roundNo: number,
  move: Pick<RoundMove, 'target'>,
) {
  const name = orderOrRoundName(t, order, roundNo);
  switch (move.target) {
    case 'in_progress':
      return t('orders.toast.accepted', { name });
    case 'ready':
      return t('orders.toast.ready', { name });
    case 'served':
      return t('orders.toast.served', { name });
    case 'cancelled':
      return t('orders.toast.rejected', { name });
    default:
      return t('orders.toast.updated', { name });
  }
}

/**
 * What a cancel (or reject) of the whole order stops: the move acts on its least advanced rounds, those in the
 * order's status, and leaves the rounds further along on the bill. Empty `staying` means the whole order stops.
 */
function roundsOfOrderCancel(order: Pick<Order, 'status' | 'rounds'>) {
  return {
    stopping: order.rounds.filter((round) => round.status === order.status).map((round) => round.no),
    staying: order.rounds.filter((round) => round.status !== 'cancelled' && round.status !== order.status),
  };
}

/**
 * The confirmation of a cancel or reject of a whole order, in the words of what it will do: the order stops and
 * its table is freed, unless it is a tab with rounds the kitchen is further along, which stay on the bill.
 */
export function describeOrderCancel(
  t: Translate,
  order: Pick<Order, 'status' | 'rounds'>,
  isRejecting: boolean,
): string {
  const { stopping, staying } = roundsOfOrderCancel(order);
  if (staying.length === 0) return t(isRejecting ? 'orders.cancel.whole.reject' : 'orders.cancel.whole.cancel');
  const rounds = roundNames(t, stopping);
  if (isRejecting) return t('orders.cancel.partial.reject', { rounds });
  return t('orders.cancel.partial.cancel', { rounds, count: stopping.length > 1 ? 2 : 1 });
}

/** The toast after a cancel or reject of a whole order that stopped only its least advanced rounds. */
export function partialCancelMessage(
  t: Translate,
  order: Pick<Order, 'orderNo' | 'status' | 'rounds'>,
  isRejecting: boolean,
) {
  const rounds = roundNames(t, roundsOfOrderCancel(order).stopping);
  return t(isRejecting ? 'orders.partialCancel.rejected' : 'orders.partialCancel.cancelled', {
    rounds,
    orderNo: order.orderNo,
  });
}

/**
 * The toast after a station marked its dishes of a round done or took that back: when the last station is
 * done, the round is ready, and that is the news.
 */
export function stationWorkMessage(
  t: Translate,
  order: Pick<Order, 'orderNo' | 'rounds'>,
  roundNo: number,
  stationName: string,
  { ready, roundReady }: { ready: boolean; roundReady: boolean },
): string {
  if (ready && roundReady) return roundMoveSuccessMessage(t, order, roundNo, { target: 'ready' });
  const name = orderOrRoundName(t, order, roundNo);
  return t(ready ? 'orders.stationWork.doneToast' : 'orders.stationWork.undoneToast', { name, station: stationName });
}

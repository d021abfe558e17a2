import { useRef, useState } from 'react';
import { useSnackbar } from 'notistack';
import type { CreateOrderBody, Order } from '@quan/contract/order';
import { describeApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import type { NewOutboxEntry } from '../../../lib/outbox';
import { KeepFailedError, sendOrKeep, type ChangeRequest } from '../../../lib/outbox-sender';
import { groupCartLines, toOrderLines } from '../../../store/cart-lines';
import { clearCart, selectCartItems } from '../../../store/cart-slice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { assignTable, removeCustomer, selectOrderInProgress } from '../../../store/order-slice';
import { selectUser } from '../../../store/user-slice';
import { addRoundRequest, useAddRound } from '../../orders/api/add-round';
import { createOrderRequest, useCreateOrder } from '../../orders/api/create-order';
import type { TableRound } from './use-table-round';

/** How one attempt ended: on the server, kept on the tablet, refused, or neither sent nor kept. */
export type Delivery = { outcome: 'sent'; order: Order } | { outcome: 'kept' | 'refused' | 'not-kept' };

/** What the order carries besides the cart and the customer. */
export interface OrderExtras {
  /** A code the server accepted; one refused (or still being checked) is not sent: the order goes without it. */
  couponCode: string | null;
  note: string;
  /** The total the screen shows, from the menu's prices as last known: what an order kept on the tablet says. */
  estimate: number;
}

/**
 * Sending what the POS took: a new order, or the cart as the next round of a table's open order. Each call goes
 * now, or, when the server cannot be reached (offline, no answer) or this person already has changes waiting,
 * is kept on the tablet (lib/outbox.ts) with the key it was (or would have been) sent with, and the screen is
 * cleared for the next guest as if it had gone: the header counts what waits. A refusal stays on screen, and so
 * does the cart, for another try.
 */
export function useSendCart() {
  const t = useT();
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();
  const user = useAppSelector(selectUser);
  const order = useAppSelector(selectOrderInProgress);
  const cartItems = useAppSelector(selectCartItems);
  const createOrder = useCreateOrder();
  const addRound = useAddRound();
  const [error, setError] = useState<string | null>(null);
  // A second tap while the first is still on its way (or being kept) does nothing.
  const busy = useRef(false);

  async function deliver(
    request: ChangeRequest,
    idempotencyKey: string,
    send: (idempotencyKey: string) => Promise<Order>,
    kept: Pick<NewOutboxEntry, 'kind' | 'estimate' | 'cart'>,
    refusal: string,
  ): Promise<Delivery> {
    busy.current = true;
    setError(null);
    try {
      const entry = { ...kept, userId: user._id, userName: user.name, label: '' };
      const answered = await sendOrKeep(request, send, entry, idempotencyKey);
      if (answered) return { outcome: 'sent', order: answered };
      dispatch(clearCart());
      enqueueSnackbar(t('outbox.saved'), { variant: 'info' });
      return { outcome: 'kept' };
    } catch (caught) {
      if (caught instanceof KeepFailedError) {
        // The browser keeps nothing (private browsing, storage full): the cart stays on screen to send later.
        setError(t('outbox.saveFailed'));
        return { outcome: 'not-kept' };
      }
      const message = describeApiError(caught, refusal);
      setError(message);
      enqueueSnackbar(message, { variant: 'error' });
      return { outcome: 'refused' };
    } finally {
      busy.current = false;
    }
  }

  /**
   * Places the order in progress. Its orderId is the Idempotency-Key: a retry of this very order returns it
   * instead of a copy, and an order kept on the tablet arrives exactly once. Answers null while one is on its way.
   */
  async function placeOrder({ couponCode, note, estimate }: OrderExtras): Promise<Delivery | null> {
    if (busy.current) return null;
    // A table order may go without a guest: the server seats one, and the screens name it by its table.
    const hasGuest = order.customerName !== '';
    const body: CreateOrderBody = {
      ...(hasGuest
        ? {
            customerDetails: {
              name: order.customerName,
              guests: order.guests,
              ...(order.customerPhone ? { phone: order.customerPhone } : {}),
            },
          }
        : {}),
      ...(order.table ? { tableId: order.table._id } : {}),
      ...(order.member ? { customerId: order.member._id } : {}),
      items: toOrderLines(groupCartLines(cartItems)),
      ...(couponCode ? { couponCode } : {}),
      isPreorder: order.isPreorder,
      ...(note ? { note } : {}),
    };
    const customer = {
      name: order.customerName,
      phone: order.customerPhone,
      guests: order.guests,
      isPreorder: order.isPreorder,
      member: order.member,
    };
    const delivery = await deliver(
      createOrderRequest(body),
      order.orderId,
      (idempotencyKey) => createOrder.mutateAsync({ idempotencyKey, ...body }),
      { kind: 'order', estimate, cart: { items: cartItems, table: order.table, ...(hasGuest ? { customer } : {}) } },
      t('pos.order.placeError'),
    );
    if (delivery.outcome === 'kept') dispatch(removeCustomer());
    if (delivery.outcome === 'sent') {
      dispatch(clearCart());
      dispatch(removeCustomer());
      enqueueSnackbar(t('pos.order.placed', { orderNo: delivery.order.orderNo }), { variant: 'success' });
    }
    return delivery;
  }

  /**
   * Sends only the cart's dishes, as the next round of the table's open order. Sent or kept, the POS is back to
   * a fresh order, as a waiter walks to the next table; tapping this table again opens its order.
   */
  async function sendRound(round: TableRound, openOrder: { _id: string; orderNo: number }): Promise<void> {
    if (busy.current) return;
    const { idempotencyKey, ...variables } = round.roundOf(openOrder._id, toOrderLines(groupCartLines(cartItems)));
    const delivery = await deliver(
      addRoundRequest(variables),
      idempotencyKey,
      (key) => addRound.mutateAsync({ ...variables, idempotencyKey: key }),
      { kind: 'round', estimate: null, cart: { items: cartItems, table: order.table, orderNo: openOrder.orderNo } },
      t('pos.round.sendError'),
    );
    // A refused round is tried again as the same round, under the same key; any other is taken.
    if (delivery.outcome !== 'refused') round.roundTaken();
    if (delivery.outcome === 'sent' || delivery.outcome === 'kept') dispatch(assignTable(null));
    if (delivery.outcome !== 'sent') return;
    const updated = delivery.order;
    const roundNo = updated.rounds.at(-1)?.no ?? round.nextRoundNo ?? 1;
    dispatch(clearCart());
    enqueueSnackbar(t('pos.round.sent', { roundNo, orderNo: updated.orderNo }), { variant: 'success' });
  }

  return {
    placeOrder,
    sendRound,
    isPlacing: createOrder.isPending,
    isSendingRound: addRound.isPending,
    /** Why the last order or round did not go (refused, or not kept): shown until the cart changes. */
    error,
    setError,
  };
}

import { useState } from 'react';
import { useSnackbar } from 'notistack';
import type { Order, PaymentMethod, UpdateOrderBody } from '@quan/contract/order';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { describeApiError } from '../../../lib/api-client';
import { useUpdateOrder } from '../api/update-order';
import { PaymentMethodDialog } from './PaymentMethodDialog';
import { moveSuccessMessage, tableLabel, type OrderMove } from './order-status';

/**
 * Moving orders along, for the list and the kitchen screen: a cancel or reject is confirmed first,
 * completing asks for the payment method, and every move ends in a toast (the server's message when
 * it refuses). Each call awaits its own result, so two quick taps on two tickets both get their toast.
 */
export function useOrderMoves() {
  const mutation = useUpdateOrder();
  const { enqueueSnackbar } = useSnackbar();
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const [cancelling, setCancelling] = useState<{ order: Order; move: OrderMove } | null>(null);
  const [paying, setPaying] = useState<Order | null>(null);

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
      await mutation.mutateAsync({ id: order._id, ...body });
      enqueueSnackbar(moveSuccessMessage(order, move, body.paymentMethod), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(describeApiError(error, `Could not update order #${order.orderNo}.`), { variant: 'error' });
    } finally {
      setBusy(order._id, false);
    }
  }

  /** Starts a move: at once, or after the confirmation or payment dialog it needs. */
  function requestMove(order: Order, move: OrderMove) {
    if (busyIds.has(order._id)) return;
    if (move.target === 'cancelled') setCancelling({ order, move });
    else if (move.target === 'completed') setPaying(order);
    else void send(order, move, { status: move.target });
  }

  async function confirmCancel() {
    if (!cancelling) return;
    await send(cancelling.order, cancelling.move, { status: 'cancelled' });
    setCancelling(null);
  }

  async function confirmPayment(paymentMethod: PaymentMethod) {
    if (!paying) return;
    await send(paying, { target: 'completed', label: 'Complete' }, { status: 'completed', paymentMethod });
    setPaying(null);
  }

  const cancelOrder = cancelling?.order;
  const isRejecting = cancelling?.move.label === 'Reject';
  const dialogs = (
    <>
      <ConfirmDialog
        open={cancelling !== null}
        title={
          isRejecting ? `Reject order #${cancelOrder?.orderNo ?? ''}?` : `Cancel order #${cancelOrder?.orderNo ?? ''}?`
        }
        description={
          cancelOrder && (
            <p>
              {tableLabel(cancelOrder)} · {cancelOrder.customerDetails.name || 'Guest'}.{' '}
              {isRejecting ? 'The diner’s order will not be made' : 'The order stops here'}, the table is freed and used
              stock is given back. This cannot be undone.
            </p>
          )
        }
        confirmLabel={isRejecting ? 'Yes, reject order' : 'Yes, cancel order'}
        isPending={cancelOrder !== undefined && busyIds.has(cancelOrder._id)}
        onConfirm={() => void confirmCancel()}
        onCancel={() => setCancelling(null)}
      />
      {paying && (
        <PaymentMethodDialog
          key={paying._id}
          order={paying}
          isPending={busyIds.has(paying._id)}
          onConfirm={(method) => void confirmPayment(method)}
          onClose={() => setPaying(null)}
        />
      )}
    </>
  );

  return { requestMove, busyIds, dialogs };
}

import { useState } from 'react';
import { useSnackbar } from 'notistack';
import type { Order, PaymentMethod } from '@quan/contract/order';
import { describeApiError } from '../../../lib/api-client';
import { useTables } from '../../tables/api/list-tables';
import { usePayBillPart } from '../api/pay-bill-part';
import { MergeOrderDialog } from '../components/MergeOrderDialog';
import { MoveLinesDialog } from '../components/MoveLinesDialog';
import { PaymentMethodDialog } from '../components/PaymentMethodDialog';
import { SplitBillDialog } from '../components/SplitBillDialog';
import { VoidLinesDialog } from '../components/VoidLinesDialog';
import { paymentMethodLabels } from '../components/order-status';
import type { TabAction } from '../components/tab-actions';

/**
 * The hand-made changes of an open order's bill, for the order cards: void, move or merge dishes, split the
 * bill, and pay its parts. Each dialog keeps the order as it was when opened and sends that version, so a
 * change made meanwhile on another screen is refused (409) rather than overwritten. The move and merge
 * dialogs choose among the tables with an open order, loaded when one of them opens (here, in the page,
 * since the tables belong to another feature).
 */
export function useTabActions() {
  const { enqueueSnackbar } = useSnackbar();
  const [open, setOpen] = useState<{ order: Order; action: TabAction } | null>(null);
  const [paying, setPaying] = useState<{ order: Order; partNo: number } | null>(null);
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const tables = useTables({ enabled: open?.action === 'move' || open?.action === 'merge' });
  const payPart = usePayBillPart();

  function setBusy(orderId: string, busy: boolean) {
    setBusyIds((ids) => {
      const next = new Set(ids);
      if (busy) next.add(orderId);
      else next.delete(orderId);
      return next;
    });
  }

  function requestAction(order: Order, action: TabAction) {
    if (!busyIds.has(order._id)) setOpen({ order, action });
  }

  function requestPayPart(order: Order, partNo: number) {
    if (!busyIds.has(order._id)) setPaying({ order, partNo });
  }

  async function confirmPayment(paymentMethod: PaymentMethod) {
    if (!paying) return;
    const { order, partNo } = paying;
    setBusy(order._id, true);
    try {
      const paid = await payPart.mutateAsync({ id: order._id, partNo, paymentMethod, expectedVersion: order.version });
      const how = paymentMethodLabels[paymentMethod].toLowerCase();
      const done = paid.status === 'completed' ? '; the order is complete' : '';
      enqueueSnackbar(`Part ${partNo} of order #${order.orderNo} paid by ${how}${done}.`, { variant: 'success' });
    } catch (error) {
      // A 409 (the kitchen is not done, or the part was paid on another screen): the orders are fetched again.
      enqueueSnackbar(describeApiError(error, `Could not pay part ${partNo} of order #${order.orderNo}.`), {
        variant: 'error',
      });
    } finally {
      setBusy(order._id, false);
    }
    setPaying(null);
  }

  const close = () => setOpen(null);
  const part = paying?.order.billParts.find((one) => one.no === paying.partNo);
  const dialogs = (
    <>
      {open?.action === 'void' && <VoidLinesDialog key={open.order._id} order={open.order} onClose={close} />}
      {open?.action === 'move' && (
        <MoveLinesDialog key={open.order._id} order={open.order} tables={tables} onClose={close} />
      )}
      {open?.action === 'merge' && (
        <MergeOrderDialog key={open.order._id} order={open.order} tables={tables} onClose={close} />
      )}
      {open?.action === 'split' && <SplitBillDialog key={open.order._id} order={open.order} onClose={close} />}
      {paying && part && (
        <PaymentMethodDialog
          key={`${paying.order._id}-${part.no}`}
          order={paying.order}
          part={part}
          isPending={busyIds.has(paying.order._id)}
          onConfirm={(method) => void confirmPayment(method)}
          onClose={() => setPaying(null)}
        />
      )}
    </>
  );

  return { requestAction, requestPayPart, busyIds, dialogs };
}

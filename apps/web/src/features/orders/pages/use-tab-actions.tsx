import { useState } from 'react';
import type { Order } from '@quan/contract/order';
import { useTables } from '../../tables/api/list-tables';
import { MergeOrderDialog } from '../components/MergeOrderDialog';
import { MoveLinesDialog } from '../components/MoveLinesDialog';
import { PaymentDialog } from '../components/PaymentDialog';
import { SplitBillDialog } from '../components/SplitBillDialog';
import { VoidLinesDialog } from '../components/VoidLinesDialog';
import type { TabAction } from '../components/tab-actions';

/**
 * Each of these changes waits for its answer inside its own dialog, which keeps the order as the last answer
 * left it; no card is left busy behind a closed dialog.
 */
const noBusyOrders: ReadonlySet<string> = new Set();

/**
 * The hand-made changes of an open order's bill, for the order cards: void, move or merge dishes, split the
 * bill, and pay its parts. Each dialog keeps the order as it was when opened and sends that version, so a
 * change made meanwhile on another screen is refused (409) rather than overwritten. The move and merge
 * dialogs choose among the tables with an open order, loaded when one of them opens (here, in the page,
 * since the tables belong to another feature).
 */
export function useTabActions() {
  const [open, setOpen] = useState<{ order: Order; action: TabAction } | null>(null);
  const [paying, setPaying] = useState<{ order: Order; partNo: number } | null>(null);
  const tables = useTables({ enabled: open?.action === 'move' || open?.action === 'merge' });

  function requestAction(order: Order, action: TabAction) {
    setOpen({ order, action });
  }

  /** Opens the payment of one part of a split bill: split tender, change and VietQR as for a whole bill. */
  function requestPayPart(order: Order, partNo: number) {
    setPaying({ order, partNo });
  }

  const close = () => setOpen(null);
  const dialogs = (
    <>
      {open?.action === 'pay' && <PaymentDialog key={open.order._id} order={open.order} onClose={close} />}
      {open?.action === 'void' && <VoidLinesDialog key={open.order._id} order={open.order} onClose={close} />}
      {open?.action === 'move' && (
        <MoveLinesDialog key={open.order._id} order={open.order} tables={tables} onClose={close} />
      )}
      {open?.action === 'merge' && (
        <MergeOrderDialog key={open.order._id} order={open.order} tables={tables} onClose={close} />
      )}
      {open?.action === 'split' && <SplitBillDialog key={open.order._id} order={open.order} onClose={close} />}
      {paying && (
        <PaymentDialog
          key={`${paying.order._id}-${paying.partNo}`}
          order={paying.order}
          partNo={paying.partNo}
          onClose={() => setPaying(null)}
        />
      )}
    </>
  );

  return { requestAction, requestPayPart, busyIds: noBusyOrders, dialogs };
}

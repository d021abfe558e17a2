import { useState, type FormEvent } from 'react';
import { useSnackbar } from 'notistack';
import type { Order } from '@quan/contract/order';
import { Dialog } from '../../../components/Dialog';
import { FormAlert } from '../../../components/FormAlert';
import { useT } from '../../../lib/i18n';
import { useMergeOrders } from '../api/merge-orders';
import { OpenTables, type TablesQuery } from './OpenTables';
import { tableLabel } from './order-names';
import { isOrderStatus, orderStatusMessages } from './order-status';
import { otherOpenTables } from './tab-actions';
import { reportTabRefusal } from './tab-refusal';

interface MergeOrderDialogProps {
  order: Order;
  tables: TablesQuery;
  onClose: () => void;
}

/**
 * Merges another table's open order into this one (friends pushing their tables together): its dishes,
 * guests and bill join this order, which keeps its table; the other table is freed.
 */
export function MergeOrderDialog({ order, tables, onClose }: MergeOrderDialogProps) {
  const mutation = useMergeOrders();
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const [tableId, setTableId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [triedToSend, setTriedToSend] = useState(false);
  const chosen = otherOpenTables(tables.data ?? [], order).find((table) => table._id === tableId);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTriedToSend(true);
    if (!chosen?.currentOrder || mutation.isPending) return;
    setError(null);
    try {
      await mutation.mutateAsync({
        id: order._id,
        fromOrderId: chosen.currentOrder._id,
        expectedVersion: order.version,
      });
      enqueueSnackbar(t('orders.merge.done', { tableNo: chosen.tableNo, orderNo: order.orderNo }), {
        variant: 'success',
      });
      onClose();
    } catch (caught) {
      reportTabRefusal(caught, t('orders.merge.error', { orderNo: order.orderNo }), {
        enqueueSnackbar,
        onClose,
        setError,
      });
    }
  }

  return (
    <Dialog title={t('orders.merge.title', { orderNo: order.orderNo })} onClose={onClose} className="max-w-lg">
      <form className="space-y-5" onSubmit={(event) => void submit(event)} noValidate>
        <p className="text-sm text-stone-700">
          {t('orders.merge.intro', {
            table: tableLabel(order, t),
            guest: order.customerDetails.name || t('orders.guest'),
          })}
        </p>
        <fieldset>
          <legend className="field-label">{t('orders.merge.legend')}</legend>
          <OpenTables tables={tables} order={order} empty={t('orders.merge.empty')}>
            {(open) => (
              <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                {open.map((table) => {
                  const status = table.currentOrder?.status ?? '';
                  return (
                    <label
                      key={table._id}
                      className="flex min-h-14 cursor-pointer items-start gap-2 rounded-xl border-2 border-stone-200 px-3 py-2 text-sm text-stone-800 has-checked:border-amber-600 has-checked:bg-amber-50 has-focus-visible:outline-2 has-focus-visible:outline-amber-600"
                    >
                      <input
                        type="radio"
                        name="merge-table"
                        value={table._id}
                        checked={tableId === table._id}
                        onChange={() => setTableId(table._id)}
                        className="mt-0.5 size-4 accent-amber-700"
                      />
                      <span>
                        <span className="block font-semibold text-stone-900">
                          {t('orders.table', { tableNo: table.tableNo })}
                        </span>
                        <span className="block text-xs text-stone-600">
                          {t('orders.name.order', { orderNo: table.currentOrder?.orderNo })}
                          {table.currentOrder?.customerName ? ` · ${table.currentOrder.customerName}` : ''}
                          {isOrderStatus(status) ? ` · ${t(orderStatusMessages[status])}` : ''}
                        </span>
                      </span>
                    </label>
                  );
                })}
              </div>
            )}
          </OpenTables>
          {triedToSend && !chosen && <p className="field-error">{t('orders.merge.choose')}</p>}
        </fieldset>
        {chosen && (
          <p className="rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-800">
            {t('orders.merge.preview', {
              tableNo: chosen.tableNo,
              fromOrderNo: chosen.currentOrder?.orderNo,
              orderNo: order.orderNo,
              table: tableLabel(order, t),
            })}
          </p>
        )}
        {(order.billParts.length > 0 || error) && (
          <div className="space-y-2">
            {order.billParts.length > 0 && <p className="text-sm text-stone-700">{t('orders.merge.unsplit')}</p>}
            {error && <FormAlert>{error}</FormAlert>}
          </div>
        )}
        <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('orders.dialog.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
            {mutation.isPending
              ? t('orders.merge.merging')
              : chosen
                ? t('orders.merge.submitTable', { tableNo: chosen.tableNo })
                : t('orders.merge.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

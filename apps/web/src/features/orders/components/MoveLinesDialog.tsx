import { useId, useRef, useState, type FormEvent } from 'react';
import { useSnackbar } from 'notistack';
import type { Order } from '@quan/contract/order';
import type { Table } from '@quan/contract/table';
import { Dialog } from '../../../components/Dialog';
import { FormAlert } from '../../../components/FormAlert';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useMoveLines } from '../api/move-lines';
import { LineQuantityPicker } from './LineQuantityPicker';
import { OpenTables, type TablesQuery } from './OpenTables';
import { tableLabel } from './order-names';
import {
  describePortions,
  otherOpenTables,
  pickedAmount,
  pickedCount,
  pickedPortions,
  withPick,
  type LinePicks,
} from './tab-actions';
import { reportTabRefusal } from './tab-refusal';

interface MoveLinesDialogProps {
  order: Order;
  tables: TablesQuery;
  onClose: () => void;
}

/**
 * Moves some dishes of an open order to another table's open order (a guest changing tables, a dish served
 * at the wrong one): which and how many, and to which table.
 */
export function MoveLinesDialog({ order, tables, onClose }: MoveLinesDialogProps) {
  const mutation = useMoveLines();
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const [picks, setPicks] = useState<LinePicks>(() => new Map());
  const [tableId, setTableId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [triedToSend, setTriedToSend] = useState(false);
  const firstLineRef = useRef<HTMLButtonElement>(null);
  const selectId = useId();

  const portions = pickedPortions(order, picks);
  const count = pickedCount(order, picks);
  const destination: Table | undefined = otherOpenTables(tables.data ?? [], order).find(
    (table) => table._id === tableId,
  );
  const problems = {
    lines: portions.length === 0 ? t('orders.move.chooseDish') : undefined,
    table: destination ? undefined : t('orders.move.chooseTable'),
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTriedToSend(true);
    if (problems.lines || !destination || mutation.isPending) return;
    setError(null);
    try {
      await mutation.mutateAsync({
        id: order._id,
        lines: portions,
        toTableId: destination._id,
        expectedVersion: order.version,
      });
      enqueueSnackbar(
        t('orders.move.done', { dishes: describePortions(order, portions), tableNo: destination.tableNo }),
        { variant: 'success' },
      );
      onClose();
    } catch (caught) {
      reportTabRefusal(caught, t('orders.move.error', { orderNo: order.orderNo }), {
        enqueueSnackbar,
        onClose,
        setError,
      });
    }
  }

  return (
    <Dialog
      title={t('orders.move.title', { orderNo: order.orderNo })}
      onClose={onClose}
      className="max-w-xl"
      initialFocus={firstLineRef}
    >
      <form className="space-y-5" onSubmit={(event) => void submit(event)} noValidate>
        <p className="text-sm text-stone-700">
          {t('orders.move.intro', {
            table: tableLabel(order, t),
            guest: order.customerDetails.name || t('orders.guest'),
          })}
        </p>
        <div>
          <LineQuantityPicker
            order={order}
            legend={t('orders.move.legend')}
            picks={picks}
            onChange={(position, quantity) => setPicks((current) => withPick(current, position, quantity))}
            firstButtonRef={firstLineRef}
          />
          {triedToSend && problems.lines && <p className="field-error">{problems.lines}</p>}
        </div>
        <div>
          <label htmlFor={selectId} className="field-label">
            {t('orders.move.toTable')}
          </label>
          <OpenTables tables={tables} order={order} empty={t('orders.move.empty')}>
            {(open) => (
              <>
                <select
                  id={selectId}
                  className="field-input"
                  value={tableId}
                  onChange={(event) => setTableId(event.target.value)}
                  aria-invalid={triedToSend && problems.table ? true : undefined}
                >
                  <option value="">{t('orders.move.chooseOption')}</option>
                  {open.map((table) => (
                    <option key={table._id} value={table._id}>
                      {t('orders.move.tableOption', { tableNo: table.tableNo, orderNo: table.currentOrder?.orderNo })}
                      {table.currentOrder?.customerName ? ` · ${table.currentOrder.customerName}` : ''}
                    </option>
                  ))}
                </select>
                {triedToSend && problems.table && <p className="field-error">{problems.table}</p>}
              </>
            )}
          </OpenTables>
        </div>
        {order.billParts.length > 0 && <p className="text-sm text-stone-700">{t('orders.move.unsplit')}</p>}
        <p className="rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-800">
          {count > 0
            ? destination
              ? t('orders.move.summaryTo', {
                  count,
                  amount: formatMoney(pickedAmount(order, picks)),
                  tableNo: destination.tableNo,
                })
              : t('orders.move.summary', { count, amount: formatMoney(pickedAmount(order, picks)) })
            : t('orders.nothingChosen')}
        </p>
        {error && <FormAlert>{error}</FormAlert>}
        <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('orders.dialog.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
            {mutation.isPending
              ? t('orders.move.moving')
              : count > 0
                ? t('orders.move.submitCount', { count })
                : t('orders.action.move')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

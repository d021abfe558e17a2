import { useId } from 'react';
import type { Reservation } from '@quan/contract/reservations';
import type { Table } from '@quan/contract/table';
import { formatTime } from '../../../lib/date-format';
import { useT } from '../../../lib/i18n';
import type { OrderTable } from '../../../store/order-slice';

interface TablePickerProps {
  tables: Table[] | undefined;
  isLoading: boolean;
  error: string | null;
  selected: OrderTable | null;
  guests: number;
  onSelect: (table: OrderTable | null) => void;
  /** Free tables booked soon, by table id: seating walk-ins there is worth a warning. */
  bookedSoon?: ReadonlyMap<string, Pick<Reservation, 'startsAt' | 'name' | 'partySize'>>;
  /** Tables whose new order waits on this tablet to be sent: free to the server, taken here. */
  awaitingSend?: ReadonlySet<string>;
}

const chipClass = (isSelected: boolean) =>
  `flex min-h-12 min-w-16 flex-col items-center justify-center rounded-xl border px-3 py-1 text-sm font-semibold transition-colors ${
    isSelected
      ? 'border-amber-700 bg-amber-700 text-white'
      : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-100'
  }`;

/**
 * Free tables to seat the order at, or none (takeaway, or a table chosen later); or a table whose order is
 * open, to send it another round. Each chip shows in full the words a screen reader hears ("Table 4" over
 * "4 seats" for "Table 4, 4 seats"; "Table 2" over "Order #1001"), so a person who speaks to their device can
 * say what they see; the space between its two lines keeps their words apart in its text (a flex item, it
 * takes no room).
 */
export function TablePicker({
  tables,
  isLoading,
  error,
  selected,
  guests,
  onSelect,
  bookedSoon,
  awaitingSend,
}: TablePickerProps) {
  const t = useT();
  const openLabelId = useId();
  const awaitingLabelId = useId();
  if (isLoading) {
    return (
      <p role="status" className="text-sm text-stone-600">
        {t('pos.tables.loading')}
      </p>
    );
  }
  if (error) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {error}
      </p>
    );
  }
  const isAwaiting = (table: Table) => awaitingSend?.has(table._id) === true;
  const freeTables = (tables ?? []).filter(
    (table) => table.status === 'available' && table.currentOrder === null && !isAwaiting(table),
  );
  const awaitingTables = (tables ?? []).filter((table) => table.currentOrder === null && isAwaiting(table));
  const openTables = (tables ?? []).filter((table) => table.currentOrder !== null);
  const selectedTable = selected ? tables?.find((table) => table._id === selected._id) : undefined;
  const selectedHasOrder = !!selectedTable?.currentOrder;
  const selectedIsTaken = selected !== null && selectedTable?.status !== 'available' && !selectedHasOrder;

  return (
    <div className="space-y-2">
      <div role="group" aria-label={t('pos.tables.free')} className="flex flex-wrap gap-2">
        <button
          type="button"
          aria-pressed={selected === null}
          onClick={() => onSelect(null)}
          className={chipClass(selected === null)}
        >
          {t('pos.noTable')}
        </button>
        {freeTables.map((table) => {
          const isSelected = selected?._id === table._id;
          return (
            <button
              key={table._id}
              type="button"
              aria-pressed={isSelected}
              aria-label={t('pos.tables.freeTable', { tableNo: table.tableNo, seats: table.seats })}
              onClick={() => onSelect({ _id: table._id, tableNo: table.tableNo })}
              className={chipClass(isSelected)}
            >
              <span aria-hidden="true">{t('pos.table', { tableNo: table.tableNo })}</span>{' '}
              <span
                aria-hidden="true"
                className={`text-xs font-normal ${isSelected ? 'text-amber-50' : 'text-stone-600'}`}
              >
                {t('pos.tables.seats', { seats: table.seats })}
              </span>
            </button>
          );
        })}
      </div>
      {freeTables.length === 0 && <p className="text-sm text-stone-600">{t('pos.tables.allTaken')}</p>}
      {openTables.length > 0 && (
        <div className="space-y-2 pt-1">
          <p id={openLabelId} className="text-xs font-medium text-stone-600">
            {t('pos.tables.withOrder')}
          </p>
          <div role="group" aria-labelledby={openLabelId} className="flex flex-wrap gap-2">
            {openTables.map((table) => {
              const isSelected = selected?._id === table._id;
              const orderNo = table.currentOrder?.orderNo;
              return (
                <button
                  key={table._id}
                  type="button"
                  aria-pressed={isSelected}
                  aria-label={t('pos.tables.openTable', { tableNo: table.tableNo, orderNo })}
                  onClick={() => onSelect({ _id: table._id, tableNo: table.tableNo })}
                  className={chipClass(isSelected)}
                >
                  <span aria-hidden="true">{t('pos.table', { tableNo: table.tableNo })}</span>{' '}
                  <span
                    aria-hidden="true"
                    className={`text-xs font-normal ${isSelected ? 'text-amber-50' : 'text-stone-600'}`}
                  >
                    {t('pos.tables.orderNo', { orderNo })}
                  </span>
                </button>
              );
            })}
          </div>
        </div>
      )}
      {awaitingTables.length > 0 && (
        <div className="space-y-2 pt-1">
          <p id={awaitingLabelId} className="text-xs font-medium text-stone-600">
            {t('pos.tables.awaiting')}
          </p>
          {/* Taken by an order the server does not have yet: nothing can be added to it until it is sent. */}
          <div role="group" aria-labelledby={awaitingLabelId} className="flex flex-wrap gap-2">
            {awaitingTables.map((table) => (
              <button
                key={table._id}
                type="button"
                disabled
                aria-label={t('pos.tables.awaitingTable', { tableNo: table.tableNo })}
                className={`${chipClass(false)} border-dashed opacity-70`}
              >
                <span aria-hidden="true">{t('pos.table', { tableNo: table.tableNo })}</span>{' '}
                <span aria-hidden="true" className="text-xs font-normal text-stone-600">
                  {t('pos.tables.awaitingShort')}
                </span>
              </button>
            ))}
          </div>
        </div>
      )}
      {selected && selectedIsTaken && (
        <p role="alert" className="text-sm text-red-700">
          {t('pos.tables.taken', { tableNo: selected.tableNo })}
        </p>
      )}
      {selected && !selectedHasOrder && bookedSoon?.has(selected._id) && (
        <p className="text-sm font-medium text-amber-800">
          {t('pos.tables.bookedSoon', {
            tableNo: selected.tableNo,
            time: formatTime(bookedSoon.get(selected._id)!.startsAt),
            name: bookedSoon.get(selected._id)!.name,
            count: bookedSoon.get(selected._id)!.partySize,
          })}
        </p>
      )}
      {selected && !selectedIsTaken && !selectedHasOrder && selectedTable && guests > selectedTable.seats && (
        <p className="text-sm text-amber-800">
          {t('pos.tables.tooSmall', { tableNo: selected.tableNo, seats: selectedTable.seats, guests })}
        </p>
      )}
    </div>
  );
}

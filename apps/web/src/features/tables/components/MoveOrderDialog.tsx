import type { Table } from '@quan/contract/table';
import { Dialog } from '../../../components/Dialog';
import { useT } from '../../../lib/i18n';

interface MoveOrderDialogProps {
  /** The table whose open order moves. */
  table: Table & { currentOrder: NonNullable<Table['currentOrder']> };
  /** Every table; the free ones are offered. */
  tables: readonly Table[];
  isMoving: boolean;
  onMove: (to: Table) => void;
  onClose: () => void;
}

/** The whole party moves to a free table (a bigger one, or out of the sun): its order and its bill go with it. */
export function MoveOrderDialog({ table, tables, isMoving, onMove, onClose }: MoveOrderDialogProps) {
  const t = useT();
  const free = tables.filter((candidate) => candidate.status === 'available' && candidate._id !== table._id);
  return (
    <Dialog
      title={t('tables.move.title', { orderNo: table.currentOrder.orderNo, tableNo: table.tableNo })}
      onClose={onClose}
    >
      {free.length === 0 ? (
        <p className="mt-4 text-stone-700">{t('tables.move.noneFree')}</p>
      ) : (
        <div
          role="group"
          aria-label={t('tables.move.freeTables')}
          className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3"
        >
          {free.map((candidate) => (
            <button
              key={candidate._id}
              type="button"
              className="btn btn-secondary flex-col py-3"
              disabled={isMoving}
              onClick={() => onMove(candidate)}
            >
              <span className="text-lg font-bold">{t('tables.table', { tableNo: candidate.tableNo })}</span>
              <span className="text-xs text-stone-600">{t('tables.seats', { count: candidate.seats })}</span>
            </button>
          ))}
        </div>
      )}
    </Dialog>
  );
}

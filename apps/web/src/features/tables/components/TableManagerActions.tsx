import { Pencil, Trash2 } from 'lucide-react';
import type { Table } from '@quan/contract/table';
import { useT } from '../../../lib/i18n';

interface TableManagerActionsProps {
  table: Table;
  onEdit: (table: Table) => void;
  onDelete: (table: Table) => void;
}

/** Edit and delete for one table: shown to managers and admins only. */
export function TableManagerActions({ table, onEdit, onDelete }: TableManagerActionsProps) {
  const t = useT();
  const tableNo = table.tableNo;
  return (
    <>
      <button type="button" className="btn btn-sm btn-secondary" onClick={() => onEdit(table)}>
        <Pencil aria-hidden="true" className="size-4" />
        {t('tables.actions.edit')} <span className="sr-only">{t('tables.ofTable', { tableNo })}</span>
      </button>
      <button
        type="button"
        className="btn btn-sm btn-secondary text-red-700 hover:bg-red-50"
        onClick={() => onDelete(table)}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        {t('tables.actions.delete')} <span className="sr-only">{t('tables.ofTable', { tableNo })}</span>
      </button>
    </>
  );
}

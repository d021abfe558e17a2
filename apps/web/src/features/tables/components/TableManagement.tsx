import { Plus } from 'lucide-react';
import { describeApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useCan } from '../../../lib/use-can';
import { useTables } from '../api/list-tables';
import { TableManagerActions } from './TableManagerActions';
import { tableStatusMessages } from './table-status';
import { useTableManagerDialogs } from './use-table-manager-dialogs';

/**
 * The dashboard's table section: add, edit and delete tables and print their QR codes. Renders nothing
 * for those who may not change tables ('tables:manage').
 */
export function TableManagement() {
  const t = useT();
  const canManageTables = useCan('tables:manage');
  const tables = useTables({ enabled: canManageTables });
  const manager = useTableManagerDialogs(tables.data ?? []);

  if (!canManageTables) return null;

  function renderList() {
    if (tables.isPending) {
      return (
        <p role="status" className="text-sm text-stone-600">
          {t('tables.loading')}
        </p>
      );
    }
    if (tables.isError) {
      return (
        <div role="alert" className="space-y-2">
          <p className="text-sm text-stone-800">{describeApiError(tables.error, t('tables.loadFailed'))}</p>
          <button type="button" className="btn btn-sm btn-secondary" onClick={() => void tables.refetch()}>
            {t('tables.tryAgain')}
          </button>
        </div>
      );
    }
    if (tables.data.length === 0) {
      return <p className="text-sm text-stone-600">{t('tables.empty.manager')}</p>;
    }
    return (
      <ul className="divide-y divide-stone-200">
        {tables.data.map((table) => (
          <li key={table._id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-stone-900">{t('tables.table', { tableNo: table.tableNo })}</p>
              <p className="text-sm text-stone-600">
                {t('tables.seats', { count: table.seats })} · {t(tableStatusMessages[table.status])}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <TableManagerActions
                table={table}
                onQr={manager.openQr}
                onEdit={manager.openEdit}
                onDelete={manager.openDelete}
              />
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="table-management-title" className="card space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="table-management-title" className="text-lg font-semibold text-stone-900">
          {t('tables.heading')}
        </h2>
        <button type="button" className="btn btn-primary" onClick={manager.openCreate}>
          <Plus aria-hidden="true" className="size-4" />
          {t('tables.add')}
        </button>
      </div>
      {renderList()}
      {manager.dialogs}
    </section>
  );
}

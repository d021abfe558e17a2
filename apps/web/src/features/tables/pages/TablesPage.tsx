import { useState } from 'react';
import { CalendarClock, Plus, TriangleAlert } from 'lucide-react';
import { useSnackbar } from 'notistack';
import type { Table, TableStatus } from '@quan/contract/table';
import { describeApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCan } from '../../../lib/use-can';
import { useNow } from '../../../lib/use-now';
import { Link } from 'react-router';
import { useReservations } from '../../reservations/api/list-reservations';
import { ComingUp } from '../../reservations/components/ComingUp';
import { isHeld, nextBookingByTable } from '../../reservations/components/reservation-display';
import { restaurantDay } from '../../../lib/restaurant-day';
import { useTables } from '../api/list-tables';
import { useUpdateTable } from '../api/update-table';
import { MoveOrderDialog } from '../components/MoveOrderDialog';
import { TableCard } from '../components/TableCard';
import { TableManagerActions } from '../components/TableManagerActions';
import { TableQrButton } from '../components/TableQrButton';
import {
  filterTables,
  noTablesMessages,
  tableFilterMessages,
  tableFilters,
  type TableFilter,
} from '../components/table-status';
import { useTableManagerDialogs } from '../components/use-table-manager-dialogs';
import { qrAddressOf } from '../components/qr-address';
import { useSettings } from '../../more/api/get-settings';
import { useBranches } from '../../branches/api/list-branches';
import { useAppSelector } from '../../../store/hooks';
import { selectUser } from '../../../store/user-slice';
import { useTablesAwaitingSend } from '../../outbox/components/use-outbox-entries';
import { LoadError } from '../../../components/LoadError';

export function TablesPage() {
  const t = useT();
  usePageTitle(t('tables.heading'));
  const canManageTables = useCan('tables:manage');
  const canManageSettings = useCan('settings:manage');
  const qrAddress = qrAddressOf(useSettings().data);
  // A branch other than the first has its own table addresses (/b/<slug>/table/<n>); unknown until loaded.
  const { branchId } = useAppSelector(selectUser);
  const branches = useBranches({ enabled: !!branchId });
  const branch = branches.data?.find((one) => one._id === branchId);
  const qrBranchSlug = !branchId || !branches.isPending ? (branch && !branch.isFirst ? branch.slug : null) : undefined;
  const awaitingSend = useTablesAwaitingSend();
  const tables = useTables();
  const canSeeReservations = useCan('reservations:read');
  // Today's bookings: a table says "reserved 19:00" until its hold starts, then that it is held.
  const now = useNow();
  const todaysReservations = useReservations(restaurantDay(new Date(now)), { enabled: canSeeReservations });
  const nextBookings = nextBookingByTable(todaysReservations.data ?? [], now);
  const statusMutation = useUpdateTable();
  const manager = useTableManagerDialogs(tables.data ?? [], { qrOrigin: qrAddress.origin, qrBranchSlug });
  const { enqueueSnackbar } = useSnackbar();
  const [filter, setFilter] = useState<TableFilter>('all');
  const [busyTableIds, setBusyTableIds] = useState<ReadonlySet<string>>(new Set());
  const [moving, setMoving] = useState<Table | null>(null);
  const moveMutation = useUpdateTable();

  const allTables = tables.data ?? [];
  const bookedCount = allTables.filter((table) => table.status === 'booked').length;
  const counts: Record<TableFilter, number> = {
    all: allTables.length,
    booked: bookedCount,
    available: allTables.length - bookedCount,
  };

  async function setStatus(table: Table, status: TableStatus) {
    setBusyTableIds((ids) => new Set(ids).add(table._id));
    try {
      await statusMutation.mutateAsync({ tableId: table._id, status });
      enqueueSnackbar(t(status === 'booked' ? 'tables.booked' : 'tables.freed', { tableNo: table.tableNo }), {
        variant: 'success',
      });
    } catch (error) {
      enqueueSnackbar(describeApiError(error, t('tables.updateFailed', { tableNo: table.tableNo })), {
        variant: 'error',
      });
    } finally {
      setBusyTableIds((ids) => {
        const next = new Set(ids);
        next.delete(table._id);
        return next;
      });
    }
  }

  async function moveOrder(from: Table, to: Table) {
    const order = from.currentOrder;
    if (!order) return;
    try {
      await moveMutation.mutateAsync({ tableId: to._id, orderId: order._id });
      enqueueSnackbar(t('tables.moved', { orderNo: order.orderNo, tableNo: to.tableNo }), { variant: 'success' });
      setMoving(null);
    } catch (error) {
      enqueueSnackbar(describeApiError(error, t('tables.moveFailed', { orderNo: order.orderNo })), {
        variant: 'error',
      });
    }
  }

  function statusAction(table: Table) {
    const isBusy = busyTableIds.has(table._id);
    if (table.status === 'available') {
      return (
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={isBusy}
          onClick={() => void setStatus(table, 'booked')}
        >
          {t('tables.markBooked')} <span className="sr-only">{t('tables.ofTable', { tableNo: table.tableNo })}</span>
        </button>
      );
    }
    if (table.currentOrder) {
      // The server refuses to free a table under an open order (409); completing or cancelling it frees the table.
      return (
        <>
          <p className="text-xs text-stone-600">{t('tables.freesWhen', { orderNo: table.currentOrder.orderNo })}</p>
          <button type="button" className="btn btn-sm btn-secondary" onClick={() => setMoving(table)}>
            {t('tables.moveOrder')}{' '}
            <span className="sr-only">
              {t('tables.moveOrder.which', { orderNo: table.currentOrder.orderNo, tableNo: table.tableNo })}
            </span>
          </button>
        </>
      );
    }
    return (
      <button
        type="button"
        className="btn btn-sm btn-secondary"
        disabled={isBusy}
        onClick={() => void setStatus(table, 'available')}
      >
        {t('tables.free')} <span className="sr-only">{table.tableNo}</span>
      </button>
    );
  }

  function bookingOf(table: Table) {
    const reservation = nextBookings.get(table._id);
    return reservation && { reservation, held: isHeld(reservation, now) };
  }

  function renderContent() {
    if (tables.isPending) {
      return (
        <p role="status" className="text-stone-600">
          {t('tables.loading')}
        </p>
      );
    }
    if (tables.isError) {
      return <LoadError error={tables.error} fallback={t('tables.loadFailed')} onRetry={() => void tables.refetch()} />;
    }
    if (allTables.length === 0) {
      return (
        <div className="card p-6 text-stone-700">
          {canManageTables ? t('tables.empty.manager') : t('tables.empty.staff')}
        </div>
      );
    }
    const shown = filterTables(allTables, filter);
    if (shown.length === 0) {
      return <p className="card p-6 text-stone-700">{t(noTablesMessages[filter])}</p>;
    }
    return (
      <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 md:grid-cols-3 xl:grid-cols-4">
        {shown.map((table) => (
          <li key={table._id}>
            <TableCard
              table={table}
              booking={bookingOf(table)}
              isAwaitingSend={awaitingSend.has(table._id)}
              actions={
                <>
                  {statusAction(table)}
                  <TableQrButton table={table} onQr={manager.openQr} />
                  {canManageTables && (
                    <TableManagerActions table={table} onEdit={manager.openEdit} onDelete={manager.openDelete} />
                  )}
                </>
              }
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('tables.heading')}</h1>
          <p className="mt-1 text-sm text-stone-600">
            {tables.data ? t('tables.summary', { booked: counts.booked, all: counts.all }) : t('tables.intro')}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {canSeeReservations && (
            <Link to="/reservations" className="btn btn-secondary">
              <CalendarClock aria-hidden="true" className="size-4" />
              {t('tables.reservations')}
            </Link>
          )}
          {canManageTables && (
            <button type="button" className="btn btn-primary" onClick={manager.openCreate}>
              <Plus aria-hidden="true" className="size-4" />
              {t('tables.add')}
            </button>
          )}
        </div>
      </div>

      {qrAddress.isLocal && (
        <div
          role="alert"
          className="flex gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-300 ring-inset"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
          <div>
            <p className="font-semibold">{t('tables.qrAddress.local', { address: qrAddress.origin })}</p>
            {canManageSettings ? (
              <Link to="/more" className="font-semibold text-amber-900 underline underline-offset-2">
                {t('tables.qrAddress.setIt')}
              </Link>
            ) : (
              <p>{t('tables.qrAddress.askAdmin')}</p>
            )}
          </div>
        </div>
      )}

      {todaysReservations.data && <ComingUp reservations={todaysReservations.data} now={now} />}

      <div role="group" aria-label={t('tables.filter.label')} className="flex flex-wrap gap-2">
        {tableFilters.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={filter === option}
            onClick={() => setFilter(option)}
            className={`btn btn-sm ${filter === option ? 'bg-stone-900 text-white hover:bg-stone-800' : 'btn-secondary'}`}
          >
            {t(tableFilterMessages[option])}
            {tables.data && <span className="opacity-75">({counts[option]})</span>}
          </button>
        ))}
      </div>

      {renderContent()}
      {manager.dialogs}
      {moving?.currentOrder && (
        <MoveOrderDialog
          table={{ ...moving, currentOrder: moving.currentOrder }}
          tables={allTables}
          isMoving={moveMutation.isPending}
          onMove={(to) => void moveOrder(moving, to)}
          onClose={() => setMoving(null)}
        />
      )}
    </section>
  );
}

import { useState } from 'react';
import { Plus } from 'lucide-react';
import { useSnackbar } from 'notistack';
import type { Printer } from '@quan/contract/printers';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadError } from '../../../components/LoadError';
import { RoleNotice } from '../../../components/RoleNotice';
import { describeApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useCan } from '../../../lib/use-can';
import { usePageTitle } from '../../../lib/use-page-title';
import { useStations } from '../../menu/api/list-stations';
import { useDeletePrinter } from '../api/delete-printer';
import { usePrintBridges } from '../api/list-print-bridges';
import { usePrinters } from '../api/list-printers';
import { PrintBridgesSection } from '../components/PrintBridgesSection';
import { PrinterCard } from '../components/PrinterCard';
import { PrinterFormDialog } from '../components/PrinterFormDialog';

/** The dialog open on the page: adding a printer, or editing one. */
type Editing = { printer?: Printer } | null;

/**
 * The current branch's network printers, for managers: where each is, what it prints by itself, how it is and how
 * many jobs wait for it; add, edit, delete, print a test page, read its status, open its cash drawer. Under them, the
 * print bridges that reach the printers when the server is elsewhere.
 */
export function PrintersPage() {
  const t = useT();
  usePageTitle(t('printers.title'));
  const canManage = useCan('printers:manage');
  const printers = usePrinters({ enabled: canManage });
  const stations = useStations({ enabled: canManage });
  const bridges = usePrintBridges({ enabled: canManage });
  const deleteMutation = useDeletePrinter();
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState<Editing>(null);
  const [printerToDelete, setPrinterToDelete] = useState<Printer | null>(null);

  const list = printers.data ?? [];
  const bridgeList = bridges.data ?? [];
  const stationNames = new Map((stations.data ?? []).map((station) => [station._id, station.name]));

  function confirmDelete() {
    if (!printerToDelete) return;
    const { _id, name } = printerToDelete;
    deleteMutation.mutate(_id, {
      onSuccess: () => enqueueSnackbar(t('printers.deleted', { name }), { variant: 'success' }),
      onError: (error) =>
        enqueueSnackbar(describeApiError(error, t('printers.deleteFailed', { name })), { variant: 'error' }),
      onSettled: () => setPrinterToDelete(null),
    });
  }

  function renderContent() {
    if (!canManage) {
      return (
        <RoleNotice>
          <p>{t('printers.managersOnly')}</p>
        </RoleNotice>
      );
    }
    if (printers.isPending) {
      return (
        <p role="status" className="text-stone-600">
          {t('printers.loading')}
        </p>
      );
    }
    if (printers.isError) {
      return (
        <LoadError error={printers.error} fallback={t('printers.loadFailed')} onRetry={() => void printers.refetch()} />
      );
    }
    if (list.length === 0) {
      return <p className="card p-6 text-stone-700">{t('printers.empty')}</p>;
    }
    return (
      <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {list.map((printer) => (
          <li key={printer._id}>
            <PrinterCard
              printer={printer}
              stationNames={stationNames}
              fallback={list.find((other) => other._id === printer.fallbackPrinterId)}
              bridges={bridgeList}
              onEdit={() => setEditing({ printer })}
              onDelete={() => setPrinterToDelete(printer)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('printers.title')}</h1>
          <p className="mt-1 max-w-prose text-sm text-stone-600">{t('printers.intro')}</p>
        </div>
        {canManage && (
          <button type="button" className="btn btn-primary" onClick={() => setEditing({})}>
            <Plus aria-hidden="true" className="size-4" />
            {t('printers.add')}
          </button>
        )}
      </div>
      {renderContent()}
      {canManage && <PrintBridgesSection />}
      {editing && (
        <PrinterFormDialog
          printer={editing.printer}
          printers={list}
          // Undefined while loading; a failed read shows no station rather than blocking the rest of the form.
          stations={stations.isPending ? undefined : (stations.data ?? [])}
          bridges={bridgeList}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={printerToDelete !== null}
        title={t('printers.deleteTitle', { name: printerToDelete?.name ?? '' })}
        description={
          <p>
            {printerToDelete && printerToDelete.queued > 0
              ? t('printers.deleteBodyQueued', { count: printerToDelete.queued })
              : t('printers.deleteBody')}
          </p>
        }
        confirmLabel={t('printers.deleteConfirm')}
        isPending={deleteMutation.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setPrinterToDelete(null)}
      />
    </section>
  );
}

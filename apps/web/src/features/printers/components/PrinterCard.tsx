import { useSnackbar } from 'notistack';
import type { PrintBridge, Printer, PrinterStatus } from '@quan/contract/printers';
import { describeApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/date-format';
import { useT, type Translate } from '../../../lib/i18n';
import { listOf } from '../../../lib/list-format';
import { useCan } from '../../../lib/use-can';
import { useOpenDrawer } from '../api/open-drawer';
import { usePrintTestPage } from '../api/print-test-page';
import { useReadPrinterStatus } from '../api/read-printer-status';
import { addressOf, codepageNames } from './printer-labels';

/** What each status is called, and its colour: green prints, amber needs a hand on the printer, red is not reached. */
const statusLooks: Record<PrinterStatus, { labelId: string; className: string }> = {
  online: { labelId: 'printers.status.online', className: 'bg-emerald-100 text-emerald-900' },
  paper_out: { labelId: 'printers.status.paperOut', className: 'bg-amber-100 text-amber-900' },
  cover_open: { labelId: 'printers.status.coverOpen', className: 'bg-amber-100 text-amber-900' },
  offline: { labelId: 'printers.status.offline', className: 'bg-red-100 text-red-900' },
  unreachable: { labelId: 'printers.status.unreachable', className: 'bg-red-100 text-red-900' },
  no_answer: { labelId: 'printers.status.noAnswer', className: 'bg-stone-200 text-stone-800' },
};

/** What the printer prints by itself: its stations' tickets by name, then the bills, receipts and Z reports. */
function printedThings(t: Translate, printer: Printer, stationNames: ReadonlyMap<string, string>): string[] {
  const stations = printer.stationIds.flatMap((id) => {
    const name = stationNames.get(id);
    return name === undefined ? [] : [name];
  });
  return [
    ...(stations.length > 0 ? [t('printers.card.stationTickets', { stations: listOf(stations) })] : []),
    ...(printer.printsBills ? [t('printers.card.bills')] : []),
    ...(printer.printsReceipts ? [t('printers.card.receipts')] : []),
    ...(printer.printsZReports ? [t('printers.card.zReports')] : []),
  ];
}

/** Through which bridge the printer is reached, or this server; a revoked bridge reaches it no more. */
function connectionText(t: Translate, printer: Printer, bridge: PrintBridge | undefined): string {
  if (printer.bridgeId === null) return t('printers.form.thisServer');
  if (!bridge) return t('printers.card.unknownBridge');
  return bridge.revokedAt === null ? bridge.name : t('printers.form.bridgeRevoked', { name: bridge.name });
}

const statusLabel = (t: Translate, status: PrinterStatus | null) =>
  t(status ? statusLooks[status].labelId : 'printers.status.unknown');

function StatusBadge({ printer }: { printer: Printer }) {
  const t = useT();
  const look = printer.status ? statusLooks[printer.status] : null;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-stone-600">
      <span
        className={`inline-flex rounded-full px-2 py-0.5 font-semibold whitespace-nowrap ${look?.className ?? 'bg-stone-100 text-stone-700'}`}
      >
        {statusLabel(t, printer.status)}
      </span>
      {printer.statusAt && <span>{t('printers.status.readAt', { when: formatDateTime(printer.statusAt) })}</span>}
    </p>
  );
}

interface PrinterCardProps {
  printer: Printer;
  /** The names of the chain's stations, by id. */
  stationNames: ReadonlyMap<string, string>;
  /** The printer its jobs go to when it is off, if it has one. */
  fallback: Printer | undefined;
  /** The branch's print bridges: with none, every printer is reached by this server and the card need not say so. */
  bridges: readonly PrintBridge[];
  onEdit: () => void;
  onDelete: () => void;
}

/** One printer of the branch: where it is, what it prints, how it is, and what can be asked of it. */
export function PrinterCard({ printer, stationNames, fallback, bridges, onEdit, onDelete }: PrinterCardProps) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const canOpenDrawer = useCan('printers:drawer');
  const testPage = usePrintTestPage();
  const readStatus = useReadPrinterStatus();
  const openDrawer = useOpenDrawer();
  const printed = printedThings(t, printer, stationNames);
  const { name } = printer;
  const bridge = bridges.find((each) => each._id === printer.bridgeId);

  function printTestPage() {
    testPage.mutate(printer._id, {
      onSuccess: () =>
        enqueueSnackbar(
          t(printer.mode === 'text' ? 'printers.testPage.queuedBothModes' : 'printers.testPage.queued', { name }),
          { variant: 'success' },
        ),
      onError: (error) =>
        enqueueSnackbar(describeApiError(error, t('printers.testPage.failed', { name })), { variant: 'error' }),
    });
  }

  function checkStatus() {
    readStatus.mutate(printer._id, {
      // Said even when it is what the badge showed already: the tap was heard and the printer asked.
      onSuccess: (read) =>
        enqueueSnackbar(t('printers.check.read', { name, status: statusLabel(t, read.status) }), {
          variant: read.status === 'online' ? 'success' : 'warning',
        }),
      onError: (error) =>
        enqueueSnackbar(describeApiError(error, t('printers.check.failed', { name })), { variant: 'error' }),
    });
  }

  function openCashDrawer() {
    openDrawer.mutate(printer._id, {
      onSuccess: () => enqueueSnackbar(t('printers.drawer.sent', { name }), { variant: 'success' }),
      onError: (error) =>
        enqueueSnackbar(describeApiError(error, t('printers.drawer.failed', { name })), { variant: 'error' }),
    });
  }

  return (
    <article aria-label={name} className="card flex h-full flex-col gap-3 p-4">
      <div className="space-y-1">
        <h2 className="font-semibold break-words text-stone-900">{name}</h2>
        <StatusBadge printer={printer} />
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-stone-600">{t('printers.card.address')}</dt>
        <dd className="font-mono break-all text-stone-900">{addressOf(printer)}</dd>
        <dt className="text-stone-600">{t('printers.card.paper')}</dt>
        <dd className="text-stone-900">
          {t('printers.paperWidth', { width: printer.paperWidth })} ·{' '}
          {printer.mode === 'text' && printer.codepage
            ? t('printers.card.textMode', { codepage: codepageNames[printer.codepage] })
            : t('printers.mode.raster')}
        </dd>
        <dt className="text-stone-600">{t('printers.card.prints')}</dt>
        <dd className="text-stone-900">
          {printed.length > 0 ? listOf(printed) : t('printers.card.printsNothing')}
          {printer.hasDrawer && <span className="block">{t('printers.card.hasDrawer')}</span>}
        </dd>
        <dt className="text-stone-600">{t('printers.card.fallback')}</dt>
        <dd className="text-stone-900">
          {fallback
            ? t('printers.card.fallbackAfter', { name: fallback.name, seconds: printer.fallbackAfterSeconds })
            : t('printers.card.noFallback')}
        </dd>
        {(bridges.length > 0 || printer.bridgeId !== null) && (
          <>
            <dt className="text-stone-600">{t('printers.card.connection')}</dt>
            <dd className="text-stone-900">{connectionText(t, printer, bridge)}</dd>
          </>
        )}
      </dl>
      <p className={`text-sm font-medium ${printer.queued > 0 ? 'text-amber-800' : 'text-stone-600'}`}>
        {t('printers.card.queued', { count: printer.queued })}
      </p>
      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <button
          type="button"
          className="btn btn-secondary btn-sm min-h-11 sm:min-h-8"
          disabled={testPage.isPending}
          aria-label={t('printers.testPage.of', { name })}
          onClick={printTestPage}
        >
          {t('printers.testPage')}
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-sm min-h-11 sm:min-h-8"
          disabled={readStatus.isPending}
          aria-label={t('printers.check.of', { name })}
          onClick={checkStatus}
        >
          {readStatus.isPending ? t('printers.check.pending') : t('printers.check')}
        </button>
        {printer.hasDrawer && canOpenDrawer && (
          <button
            type="button"
            className="btn btn-secondary btn-sm min-h-11 sm:min-h-8"
            disabled={openDrawer.isPending}
            aria-label={t('printers.drawer.of', { name })}
            onClick={openCashDrawer}
          >
            {t('printers.drawer')}
          </button>
        )}
        <button
          type="button"
          className="btn btn-secondary btn-sm min-h-11 sm:min-h-8"
          aria-label={t('printers.edit.of', { name })}
          onClick={onEdit}
        >
          {t('printers.edit')}
        </button>
        <button
          type="button"
          className="btn btn-danger btn-sm min-h-11 sm:min-h-8"
          aria-label={t('printers.delete.of', { name })}
          onClick={onDelete}
        >
          {t('printers.delete')}
        </button>
      </div>
    </article>
  );
}

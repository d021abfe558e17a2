import { useState } from 'react';
import { Printer, RotateCcw } from 'lucide-react';
import { Dialog } from '../../../components/Dialog';
import { LoadError } from '../../../components/LoadError';
import { useCan } from '../../../lib/use-can';
import { useT } from '../../../lib/i18n';
import { useShift } from '../api/get-shift';
import { ReopenShiftDialog } from './ReopenShiftDialog';
import { useZReportPrint } from './use-z-report-print';
import { ZReport } from './ZReport';

interface ShiftReportDialogProps {
  shiftId: string;
  shiftNo: number;
  restaurantName: string;
  onClose: () => void;
}

/** One past shift's Z report, to read and print; a manager may reopen it from here. */
export function ShiftReportDialog({ shiftId, shiftNo, restaurantName, onClose }: ShiftReportDialogProps) {
  const t = useT();
  const shift = useShift(shiftId);
  const canReopen = useCan('shifts:reopen');
  const [reopening, setReopening] = useState(false);
  const { print, sheet } = useZReportPrint();

  if (reopening && shift.data) {
    return (
      <ReopenShiftDialog
        shiftId={shiftId}
        shiftNo={shiftNo}
        onClose={() => setReopening(false)}
        onReopened={() => setReopening(false)}
      />
    );
  }

  return (
    <Dialog title={t('shifts.shiftNo', { shiftNo })} onClose={onClose} className="max-w-md">
      {shift.isPending ? (
        <p role="status" className="text-stone-600">
          {t('shifts.report.loading')}
        </p>
      ) : shift.isError ? (
        <LoadError error={shift.error} fallback={t('shifts.report.loadFailed')} onRetry={() => void shift.refetch()} />
      ) : (
        <div className="space-y-4">
          <div className="flex flex-col gap-2 sm:flex-row">
            <button
              type="button"
              className="btn btn-primary flex-1"
              onClick={() => print({ shift: shift.data, restaurantName })}
            >
              <Printer aria-hidden="true" className="size-4" />
              {t('shifts.printZ')}
            </button>
            {canReopen && shift.data.status === 'closed' && (
              <button type="button" className="btn btn-secondary flex-1" onClick={() => setReopening(true)}>
                <RotateCcw aria-hidden="true" className="size-4" />
                {t('shifts.report.reopen')}
              </button>
            )}
          </div>
          <div className="mx-auto max-w-[80mm] rounded-lg border border-stone-200 p-3">
            <ZReport shift={shift.data} restaurantName={restaurantName} />
          </div>
        </div>
      )}
      {sheet}
    </Dialog>
  );
}

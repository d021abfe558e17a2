import { useState } from 'react';
import { CircleCheck, LockKeyhole, Printer } from 'lucide-react';
import type { Shift } from '@quan/contract/shifts';
import { LoadError } from '../../../components/LoadError';
import { useT } from '../../../lib/i18n';
import { useCurrentShift } from '../api/get-current-shift';
import { CashMovements } from './CashMovements';
import { CloseShiftForm } from './CloseShiftForm';
import { OpenShiftForm } from './OpenShiftForm';
import { OverShortBadge } from './OverShortBadge';
import { ShiftFigures, ShiftHeading } from './ShiftFigures';
import { useZReportPrint } from './use-z-report-print';
import { ZReport } from './ZReport';

/** The shift just closed on this device: its Z report on screen, ready to print, before the next one opens. */
function ClosedShiftReport({
  shift,
  restaurantName,
  onDone,
}: {
  shift: Shift;
  restaurantName: string;
  onDone: () => void;
}) {
  const t = useT();
  const { print, sheet } = useZReportPrint();
  const overShort = shift.report.cash.overShort;
  return (
    <section aria-labelledby="closed-shift-title" className="space-y-4">
      <div className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:p-6">
        <CircleCheck aria-hidden="true" className="size-8 shrink-0 text-green-700" />
        <div className="flex-1">
          <h2 id="closed-shift-title" className="text-lg font-semibold text-stone-900">
            {t('shifts.closed.title', { shiftNo: shift.shiftNo })}
          </h2>
          {overShort !== null && (
            <p className="mt-1 text-sm text-stone-700">
              {t('shifts.closed.drawer')} <OverShortBadge overShort={overShort} />
            </p>
          )}
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <button type="button" className="btn btn-primary min-h-12" onClick={() => print({ shift, restaurantName })}>
            <Printer aria-hidden="true" className="size-5" />
            {t('shifts.printZ')}
          </button>
          <button type="button" className="btn btn-secondary min-h-12" onClick={onDone}>
            {t('shifts.closed.openNext')}
          </button>
        </div>
      </div>
      <div className="card mx-auto max-w-[80mm] p-4">
        <ZReport shift={shift} restaurantName={restaurantName} />
      </div>
      {sheet}
    </section>
  );
}

function OpenShiftView({ shift, onClosed }: { shift: Shift; onClosed: (shift: Shift) => void }) {
  const t = useT();
  const [closing, setClosing] = useState(false);
  return (
    <section aria-label={t('shifts.openShift.label')} className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <ShiftHeading shift={shift} />
        {!closing && (
          <button type="button" className="btn btn-primary min-h-12" onClick={() => setClosing(true)}>
            <LockKeyhole aria-hidden="true" className="size-5" />
            {t('shifts.closeShift')}
          </button>
        )}
      </div>
      <ShiftFigures shift={shift} />
      <CashMovements shift={shift} />
      {closing && <CloseShiftForm shift={shift} onCancel={() => setClosing(false)} onClosed={onClosed} />}
    </section>
  );
}

/** This device's cash drawer: open a shift, run it (pay-ins, pay-outs, live figures), count and close it. */
export function DrawerPanel({ restaurantName }: { restaurantName: string }) {
  const t = useT();
  const current = useCurrentShift();
  const [closedShift, setClosedShift] = useState<Shift | null>(null);

  if (closedShift) {
    return (
      <ClosedShiftReport shift={closedShift} restaurantName={restaurantName} onDone={() => setClosedShift(null)} />
    );
  }
  if (current.isPending) {
    return (
      <p role="status" className="text-stone-600">
        {t('shifts.drawer.loading')}
      </p>
    );
  }
  if (current.isError) {
    return (
      <LoadError
        error={current.error}
        fallback={t('shifts.drawer.loadFailed')}
        onRetry={() => void current.refetch()}
      />
    );
  }
  if (!current.data) return <OpenShiftForm />;
  return <OpenShiftView key={current.data._id} shift={current.data} onClosed={setClosedShift} />;
}

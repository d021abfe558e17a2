import { useState, type FormEvent } from 'react';
import { Download } from 'lucide-react';
import { exportKinds } from '@quan/contract/shifts';
import { DayRangeFields } from '../../../components/DayRangeFields';
import { FormAlert } from '../../../components/FormAlert';
import { describeApiError } from '../../../lib/api-client';
import { isDay, restaurantDay } from '../../../lib/restaurant-day';
import { useT } from '../../../lib/i18n';
import { useDownloadExport, type ExportFormat, type ExportKind } from '../api/download-export';

const kindLabelIds: Record<ExportKind, string> = {
  orders: 'shifts.export.kind.orders',
  payments: 'shifts.export.kind.payments',
  shifts: 'shifts.export.kind.shifts',
};
const formatLabels: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'Excel' };

/** This month so far, in the restaurant's calendar: its first day to today. */
export function thisMonth(timeZone: string | undefined, now = new Date()): { from: string; to: string } {
  const today = restaurantDay(now, timeZone);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/**
 * Managers: the period's orders, payments or shifts as a file for the accountant. Until a day is picked the
 * period is this month in the restaurant's time zone, which may arrive with the settings after the panel shows.
 */
export function ExportsPanel({
  timeZone,
  hasChain = false,
}: {
  timeZone?: string;
  /** The reader owns several branches: they may export them all at once, each row naming its branch. */
  hasChain?: boolean;
}) {
  const t = useT();
  const download = useDownloadExport();
  const [picked, setPicked] = useState<{ from: string; to: string } | null>(null);
  const range = picked ?? thisMonth(timeZone);
  const [kind, setKind] = useState<ExportKind>('orders');
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [problem, setProblem] = useState<string | null>(null);
  const [wholeChain, setWholeChain] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isDay(range.from) || !isDay(range.to)) {
      setProblem(t('shifts.export.pickDays'));
      return;
    }
    if (range.from > range.to) {
      setProblem(t('shifts.export.backwards'));
      return;
    }
    setProblem(null);
    download.mutate({ kind, format, ...range, ...(hasChain && wholeChain && { scope: 'chain' as const }) });
  }

  return (
    <section aria-labelledby="exports-title" className="card space-y-4 p-4 sm:p-6">
      <div>
        <h2 id="exports-title" className="text-lg font-semibold text-stone-900">
          {t('shifts.export.title')}
        </h2>
        <p className="text-sm text-stone-600">{t('shifts.export.intro')}</p>
      </div>
      {problem && <FormAlert>{problem}</FormAlert>}
      {download.isError && <FormAlert>{describeApiError(download.error, t('shifts.export.failed'))}</FormAlert>}
      <form onSubmit={submit} noValidate className="grid grid-cols-2 items-end gap-3 md:grid-cols-5">
        <DayRangeFields
          idPrefix="export"
          from={range.from}
          to={range.to}
          onChange={(changes) => setPicked({ ...range, ...changes })}
        />
        <div>
          <label htmlFor="export-kind" className="field-label">
            {t('shifts.export.what')}
          </label>
          <select
            id="export-kind"
            className="field-input"
            value={kind}
            onChange={(event) => setKind(event.target.value as ExportKind)}
          >
            {exportKinds.map((option) => (
              <option key={option} value={option}>
                {t(kindLabelIds[option])}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="export-format" className="field-label">
            {t('shifts.export.format')}
          </label>
          <select
            id="export-format"
            className="field-input"
            value={format}
            onChange={(event) => setFormat(event.target.value as ExportFormat)}
          >
            {(Object.keys(formatLabels) as ExportFormat[]).map((option) => (
              <option key={option} value={option}>
                {formatLabels[option]}
              </option>
            ))}
          </select>
        </div>
        {hasChain && (
          <label className="col-span-2 flex items-center gap-2 text-sm text-stone-700 md:col-span-5 md:row-start-2">
            <input
              type="checkbox"
              className="size-4"
              checked={wholeChain}
              onChange={(event) => setWholeChain(event.target.checked)}
            />
            {t('shifts.export.wholeChain')}
          </label>
        )}
        <button type="submit" className="btn btn-primary col-span-2 md:col-span-1" disabled={download.isPending}>
          <Download aria-hidden="true" className="size-4" />
          {download.isPending ? t('shifts.export.preparing') : t('shifts.export.download')}
        </button>
      </form>
    </section>
  );
}

import { useT } from '../../../lib/i18n';
import { rangePresetMessages, rangePresets, type DayRange, type RangePreset } from './date-range';

interface DateRangePickerProps {
  preset: RangePreset;
  onPresetChange: (preset: RangePreset) => void;
  /** The custom days, shown when `preset` is custom. */
  custom: DayRange;
  onCustomChange: (range: DayRange) => void;
  /** The last day one can pick. */
  today: string;
  /** Why the custom days cannot be used, if they cannot. */
  customError: string | null;
}

export function DateRangePicker({
  preset,
  onPresetChange,
  custom,
  onCustomChange,
  today,
  customError,
}: DateRangePickerProps) {
  const t = useT();
  return (
    <div className="space-y-3">
      <div
        role="group"
        aria-label={t('dashboard.range.period')}
        className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
      >
        {rangePresets.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={preset === option}
            onClick={() => onPresetChange(option)}
            className={`btn btn-sm shrink-0 ${preset === option ? 'bg-stone-900 text-white hover:bg-stone-800' : 'btn-secondary'}`}
          >
            {t(rangePresetMessages[option])}
          </button>
        ))}
      </div>
      {preset === 'custom' && (
        <div className="space-y-1">
          <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
            <div>
              <label htmlFor="figures-from" className="field-label">
                {t('dashboard.range.from')}
              </label>
              <input
                id="figures-from"
                type="date"
                className="field-input"
                value={custom.firstDay}
                max={today}
                aria-invalid={customError !== null}
                aria-describedby={customError ? 'figures-range-error' : undefined}
                onChange={(event) => onCustomChange({ ...custom, firstDay: event.target.value })}
              />
            </div>
            <div>
              <label htmlFor="figures-to" className="field-label">
                {t('dashboard.range.to')}
              </label>
              <input
                id="figures-to"
                type="date"
                className="field-input"
                value={custom.lastDay}
                max={today}
                aria-invalid={customError !== null}
                aria-describedby={customError ? 'figures-range-error' : undefined}
                onChange={(event) => onCustomChange({ ...custom, lastDay: event.target.value })}
              />
            </div>
          </div>
          {customError && (
            <p id="figures-range-error" role="alert" className="field-error">
              {customError}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

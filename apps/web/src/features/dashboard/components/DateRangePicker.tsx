import { DateField } from '../../../components/DateField';
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
            <DateField
              id="figures-from"
              label={t('dashboard.range.from')}
              value={custom.firstDay}
              max={today}
              today={today}
              invalid={customError !== null}
              describedBy={customError ? 'figures-range-error' : undefined}
              onChange={(firstDay) => onCustomChange({ ...custom, firstDay })}
            />
            <DateField
              id="figures-to"
              label={t('dashboard.range.to')}
              value={custom.lastDay}
              max={today}
              today={today}
              invalid={customError !== null}
              describedBy={customError ? 'figures-range-error' : undefined}
              onChange={(lastDay) => onCustomChange({ ...custom, lastDay })}
            />
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

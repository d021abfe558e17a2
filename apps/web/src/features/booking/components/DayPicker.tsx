import { useId } from 'react';
import { formatLongDay } from '../../../lib/date-format';
import { useT } from '../../../lib/i18n';
import { addDays } from '../../../lib/restaurant-day';

/**
 * The day of the booking: today and tomorrow a tap away, any other day of the bookable ones in the phone's own
 * date picker. Days are the restaurant's calendar days ("2026-06-14").
 */
export function DayPicker({
  value,
  today,
  lastDay,
  onChange,
}: {
  value: string;
  today: string;
  lastDay: string;
  onChange: (day: string) => void;
}) {
  const t = useT();
  const inputId = useId();
  const quick = [
    { day: today, label: t('booking.day.today') },
    { day: addDays(today, 1), label: t('booking.day.tomorrow') },
  ];
  return (
    <fieldset>
      <legend className="field-label">{t('booking.day.label')}</legend>
      <div className="flex flex-wrap items-end gap-2">
        {quick.map(({ day, label }) => (
          <button
            key={day}
            type="button"
            aria-pressed={value === day}
            onClick={() => onChange(day)}
            className={`min-h-11 rounded-full border px-4 text-sm font-semibold ${
              value === day
                ? 'border-amber-700 bg-amber-700 text-white'
                : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-100'
            }`}
          >
            {label}
          </button>
        ))}
        <div className="min-w-40 flex-1">
          <label htmlFor={inputId} className="sr-only">
            {t('booking.day.other')}
          </label>
          <input
            id={inputId}
            type="date"
            className="field-input min-h-11"
            value={value}
            min={today}
            max={lastDay}
            required
            onChange={(event) => {
              const day = event.target.value;
              // A half-typed or cleared date changes nothing; days outside the bookable ones neither.
              if (day && day >= today && day <= lastDay) onChange(day);
            }}
          />
        </div>
      </div>
      <p className="mt-2 text-sm text-stone-700">{formatLongDay(value)}</p>
    </fieldset>
  );
}

import type { PublicBookingDay } from '@quan/contract/reservations';
import { formatLongDay } from '../../../lib/date-format';
import { useT } from '../../../lib/i18n';
import { formatHours } from './booking-display';

interface SlotPickerProps {
  /** The day's times for the party; a previous answer while the next one loads (`stale`). */
  day: PublicBookingDay | undefined;
  stale: boolean;
  partySize: number;
  selected: string | null;
  onSelect: (startsAt: string) => void;
}

/**
 * The start times of the chosen day as buttons: free ones to choose, taken ones shown but disabled, so the guest
 * sees the evening filling up. A closed day, a party too large for any table and a full day each say so.
 */
export function SlotPicker({ day, stale, partySize, selected, onSelect }: SlotPickerProps) {
  const t = useT();
  if (!day) {
    return (
      <p role="status" className="py-6 text-center text-stone-700">
        {t('booking.slots.loading')}
      </p>
    );
  }

  const notice = (text: string) => (
    <p className="mt-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-stone-800">{text}</p>
  );
  if (day.hours.length === 0) return notice(t('booking.slots.closed', { day: formatLongDay(day.date) }));
  if (partySize > day.largestParty) {
    return notice(
      day.largestParty > 0
        ? t('booking.slots.partyTooLarge', { largestParty: day.largestParty })
        : t('booking.slots.noTables'),
    );
  }

  const anyFree = day.slots.some((slot) => slot.free);
  return (
    <div aria-busy={stale}>
      <p className="text-sm text-stone-700">
        {t('booking.slots.hours', { hours: formatHours(day.hours), minutes: day.durationMinutes })}
      </p>
      {day.slots.length === 0
        ? notice(t('booking.slots.none'))
        : !anyFree && notice(t('booking.slots.full', { count: partySize }))}
      {day.slots.length > 0 && (
        <ul className="mt-3 grid grid-cols-4 gap-2 sm:grid-cols-6">
          {day.slots.map((slot) => {
            const isSelected = slot.startsAt === selected && slot.free;
            return (
              <li key={slot.startsAt}>
                <button
                  type="button"
                  disabled={!slot.free || stale}
                  aria-pressed={slot.free ? isSelected : undefined}
                  aria-label={slot.free ? slot.time : t('booking.slot.taken', { time: slot.time })}
                  onClick={() => onSelect(slot.startsAt)}
                  className={`min-h-11 w-full rounded-lg border text-sm font-semibold tabular-nums ${
                    !slot.free
                      ? 'cursor-not-allowed border-stone-200 bg-stone-100 text-stone-400 line-through'
                      : isSelected
                        ? 'border-amber-700 bg-amber-700 text-white'
                        : 'border-stone-300 bg-white text-stone-900 hover:border-amber-600 hover:bg-amber-50 disabled:opacity-60'
                  }`}
                >
                  {slot.time}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

import type { Reservation } from '@quan/contract/reservations';
import type { Table } from '@quan/contract/table';
import { formatHour, formatTime } from '../../../lib/date-format';
import { useT } from '../../../lib/i18n';
import { dayStartIso } from '../../../lib/restaurant-day';
import { phaseOf, type ReservationPhase } from './reservation-display';

const hour = 3_600_000;

const barColours: Record<ReservationPhase, string> = {
  late: 'bg-red-100 border-red-400 text-red-900',
  soon: 'bg-amber-200 border-amber-500 text-amber-950',
  requested: 'bg-violet-50 border-violet-400 border-dashed text-violet-950',
  later: 'bg-sky-100 border-sky-400 text-sky-950',
  seated: 'bg-emerald-100 border-emerald-500 text-emerald-950',
  closed: 'bg-stone-100 border-stone-300 text-stone-500 line-through',
};

interface DayTimelineProps {
  day: string;
  reservations: readonly Reservation[];
  tables: readonly Table[];
  now: number;
}

/**
 * The day's book as a timeline: a row per table, a bar per booking from its time to its end, coloured by
 * where it stands (about to start, late, seated). From the first booking's hour to the last one's end, at
 * least 11:00 to 22:00. Drawn for sighted staff at a glance; the list below says the same in words.
 */
export function DayTimeline({ day, reservations, tables, now }: DayTimelineProps) {
  const t = useT();
  const dayStart = Date.parse(dayStartIso(day) ?? '');
  const booked = reservations.filter((reservation) => reservation.tables.length > 0);
  const firstHour = Math.min(
    11,
    ...booked.map((reservation) => Math.floor((Date.parse(reservation.startsAt) - dayStart) / hour)),
  );
  const lastHour = Math.max(
    22,
    ...booked.map((reservation) => Math.ceil((Date.parse(reservation.endsAt) - dayStart) / hour)),
  );
  const from = dayStart + Math.max(0, firstHour) * hour;
  const span = (Math.min(lastHour, 30) - Math.max(0, firstHour)) * hour;
  const percent = (instant: number) => `${Math.min(100, Math.max(0, ((instant - from) / span) * 100))}%`;
  const hours = Array.from({ length: span / hour + 1 }, (_, index) => Math.max(0, firstHour) + index);
  const nowShown = now >= from && now <= from + span;

  return (
    <div aria-hidden="true" className="overflow-x-auto rounded-2xl border border-stone-200 bg-white p-3">
      <div className="min-w-[48rem]">
        <div className="relative ml-16 h-6 text-xs text-stone-500">
          {hours.map((value, index) => (
            <span
              key={value}
              // Every hour on a short day; every other one on a long day, so the labels never run together.
              hidden={hours.length > 14 && index % 2 === 1}
              className="absolute -translate-x-1/2 whitespace-nowrap"
              style={{ left: percent(dayStart + value * hour) }}
            >
              {formatHour(value % 24)}
            </span>
          ))}
        </div>
        {tables.map((table) => {
          const bars = booked.filter((reservation) => reservation.tables.some((held) => held._id === table._id));
          return (
            <div key={table._id} className="flex items-center border-t border-stone-100 py-1">
              <span className="w-16 shrink-0 text-sm font-medium text-stone-700">
                {t('reservations.timeline.table', { tableNo: table.tableNo })}
              </span>
              <div className="relative h-9 flex-1">
                {nowShown && <span className="absolute inset-y-0 w-0.5 bg-red-500" style={{ left: percent(now) }} />}
                {bars.map((reservation) => (
                  <span
                    key={reservation._id}
                    title={`${formatTime(reservation.startsAt)} · ${reservation.name}`}
                    className={`absolute inset-y-1 truncate rounded-md border px-1.5 text-xs leading-7 ${
                      barColours[phaseOf(reservation, now)]
                    }`}
                    style={{
                      left: percent(Date.parse(reservation.startsAt)),
                      width: `calc(${percent(Date.parse(reservation.endsAt))} - ${percent(Date.parse(reservation.startsAt))})`,
                    }}
                  >
                    {`${formatTime(reservation.startsAt)} ${reservation.name}`}
                  </span>
                ))}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}

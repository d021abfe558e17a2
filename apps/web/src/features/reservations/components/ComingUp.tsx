import { Link } from 'react-router';
import type { Reservation } from '@quan/contract/reservations';
import { formatTime } from '../../../lib/date-format';
import { useT } from '../../../lib/i18n';
import { phaseOf } from './reservation-display';

/** At most this many parties are listed; the rest are a count and a link to the day's book. */
const SHOWN = 4;

/**
 * The Tables screen's look at the day's book: the parties that are late and those due within the half hour their
 * tables are held, so whoever seats guests sees who is coming without leaving the floor; how many more are booked
 * later today, and a way to the whole book. Nothing when nobody is expected today.
 */
export function ComingUp({ reservations, now }: { reservations: readonly Reservation[]; now: number }) {
  const t = useT();
  const due = reservations.filter((reservation) => ['late', 'soon'].includes(phaseOf(reservation, now)));
  const later = reservations.filter((reservation) => ['later', 'requested'].includes(phaseOf(reservation, now)));
  if (due.length === 0 && later.length === 0) return null;
  const more = later.length + Math.max(0, due.length - SHOWN);

  return (
    <section
      aria-labelledby="coming-up-heading"
      className="rounded-2xl border border-amber-200 bg-amber-50/60 px-4 py-3 text-stone-800"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="coming-up-heading" className="font-semibold text-stone-900">
          {t('reservations.comingUp.heading')}
        </h2>
        <Link to="/reservations" className="text-sm font-medium text-amber-900 underline underline-offset-2">
          {more > 0 ? t('reservations.comingUp.more', { count: more }) : t('reservations.comingUp.all')}
        </Link>
      </div>
      {due.length === 0 ? (
        <p className="mt-1 text-sm text-stone-700">{t('reservations.comingUp.noneDue')}</p>
      ) : (
        <ul className="mt-2 space-y-1.5">
          {due.slice(0, SHOWN).map((reservation) => {
            const late = phaseOf(reservation, now) === 'late';
            const tables = reservation.tables.map((table) => table.tableNo).join(', ');
            return (
              <li key={reservation._id} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 text-sm">
                <span className="font-semibold whitespace-nowrap tabular-nums">{formatTime(reservation.startsAt)}</span>
                <span className="font-medium">{reservation.name}</span>
                <span className="whitespace-nowrap text-stone-700">
                  {t('reservations.comingUp.party', { count: reservation.partySize })}
                </span>
                <span className="whitespace-nowrap text-stone-700">
                  {tables
                    ? t('reservations.comingUp.tables', { count: reservation.tables.length, tables })
                    : t('reservations.comingUp.noTable')}
                </span>
                {late && (
                  <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
                    {t('reservations.phase.late')}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

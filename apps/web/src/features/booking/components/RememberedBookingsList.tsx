import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';
import { formatBookingWhen, guestsLabel, statusTone, statusWords } from './booking-display';
import { useRememberedBookings } from './remembered-bookings';

/** "Your bookings": the links this device keeps, so a guest never depends on finding a message again. */
export function RememberedBookingsList() {
  const t = useT();
  const bookings = useRememberedBookings();
  if (bookings.length === 0) return null;
  return (
    <section aria-labelledby="your-bookings" className="mb-6">
      <h2 id="your-bookings" className="text-lg font-bold">
        {t('booking.yours.title')}
      </h2>
      <ul className="mt-2 space-y-2">
        {bookings.map((booking) => (
          <li key={booking.key}>
            <Link
              to={`/booking/${booking.key}`}
              className="card flex items-center gap-3 px-4 py-3 hover:border-amber-400"
            >
              <span className="min-w-0 flex-1">
                <span className="block font-semibold">{formatBookingWhen(booking.startsAt, booking.timezone)}</span>
                <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-700">
                  {guestsLabel(t, booking.partySize)}
                  <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusTone[booking.status]}`}>
                    {t(statusWords[booking.status].label)}
                  </span>
                </span>
              </span>
              <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-stone-500" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

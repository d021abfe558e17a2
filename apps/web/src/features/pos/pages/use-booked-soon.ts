import { defaultSettings } from '@quan/contract/settings';
import { useCan } from '../../../lib/use-can';
import { useNow } from '../../../lib/use-now';
import { restaurantDay } from '../../../lib/restaurant-day';
import { useSettings } from '../../more/api/get-settings';
import { useReservations } from '../../reservations/api/list-reservations';
import { isBookedSoon, nextBookingByTable } from '../../reservations/components/reservation-display';

/**
 * The tables booked within the restaurant's warning minutes, with their next booking: a walk-in seated at one
 * is warned about (the day's book: /reservations). Empty for someone who may not read the bookings.
 */
export function useBookedSoon() {
  const now = useNow();
  const settings = useSettings();
  const canSeeReservations = useCan('reservations:read');
  const todaysReservations = useReservations(restaurantDay(new Date(now)), { enabled: canSeeReservations });
  const warnMinutes = (settings.data?.reservations ?? defaultSettings.reservations).warnMinutes;
  return new Map(
    [...nextBookingByTable(todaysReservations.data ?? [], now)].filter(([, booking]) =>
      isBookedSoon(booking, now, warnMinutes),
    ),
  );
}

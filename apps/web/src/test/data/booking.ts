import type { PublicBookingDay, PublicReservation } from '@quan/contract/reservations';
import { addDays, restaurantDay, restaurantInstantIso } from '../../lib/restaurant-day';

/** A guest's link key: 43 base64url characters. */
export const bookingKey = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
export const timezone = 'Asia/Ho_Chi_Minh';
export const today = () => restaurantDay(new Date(), timezone);
export const tomorrow = () => addDays(today(), 1);

/** A day open 17:00–22:00 whose 17:15 and 18:00 are taken for the party; bookings last 90 minutes. */
export function makeBookingDay(date: string, overrides: Partial<PublicBookingDay> = {}): PublicBookingDay {
  const slot = (time: string, free: boolean) => ({ time, startsAt: restaurantInstantIso(date, time, timezone)!, free });
  return {
    date,
    timezone,
    hours: [{ from: '17:00', to: '22:00' }],
    durationMinutes: 90,
    largestParty: 6,
    slots: [slot('17:00', true), slot('17:15', false), slot('17:30', true), slot('18:00', false), slot('18:15', true)],
    ...overrides,
  };
}

export function makePublicReservation(overrides: Partial<PublicReservation> = {}): PublicReservation {
  const startsAt = restaurantInstantIso(tomorrow(), '17:30', timezone)!;
  return {
    status: 'requested',
    name: 'Chị Mai',
    partySize: 3,
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + 90 * 60_000).toISOString(),
    note: 'Cần ghế cho bé',
    canCancel: true,
    restaurant: { name: 'Quán Bà Hai', timezone },
    ...overrides,
  };
}

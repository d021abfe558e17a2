import type { OpeningSpan, ReservationStatus } from '@quan/contract/reservations';
import { formatClock, formatLongDay } from '../../../lib/date-format';
import type { Translate } from '../../../lib/i18n';
import { dayIn } from '../../../lib/restaurant-day';

/*
 * A booking's day and time as the guest reads them: on the restaurant's clock (the zone the API names), whatever
 * zone the phone is in, and on the 24-hour clock the booking's times are chosen on ("19:00").
 */

/** The restaurant's calendar day of an instant ("2026-06-14"). */
export const bookingDayOf = (startsAt: string, timeZone: string) => dayIn(timeZone, new Date(startsAt));

/** The restaurant's wall-clock time of an instant ("19:00"), as the slot buttons write it. */
export const bookingTimeOf = (startsAt: string, timeZone: string) => formatClock(startsAt, timeZone);

/** "Saturday, 14 June 2026 · 19:00". */
export function formatBookingWhen(startsAt: string, timeZone: string): string {
  return `${formatLongDay(bookingDayOf(startsAt, timeZone))} · ${bookingTimeOf(startsAt, timeZone)}`;
}

/** A day's opening hours: "10:00–14:00, 17:00–22:00". */
export const formatHours = (spans: OpeningSpan[]) => spans.map((span) => `${span.from}–${span.to}`).join(', ');

/** What each status tells the guest, as message ids: a short word and a sentence. */
export const statusWords: Record<ReservationStatus, { label: string; detail: string }> = {
  requested: { label: 'booking.status.requested', detail: 'booking.status.requested.detail' },
  booked: { label: 'booking.status.booked', detail: 'booking.status.booked.detail' },
  arrived: { label: 'booking.status.arrived', detail: 'booking.status.arrived.detail' },
  done: { label: 'booking.status.done', detail: 'booking.status.done.detail' },
  cancelled: { label: 'booking.status.cancelled', detail: 'booking.status.cancelled.detail' },
  declined: { label: 'booking.status.declined', detail: 'booking.status.declined.detail' },
  no_show: { label: 'booking.status.no_show', detail: 'booking.status.no_show.detail' },
  expired: { label: 'booking.status.expired', detail: 'booking.status.expired.detail' },
};

/** The colours of a status badge: waiting amber, good news green, the end of a booking grey or red. */
export const statusTone: Record<ReservationStatus, string> = {
  requested: 'bg-amber-100 text-amber-900',
  booked: 'bg-green-100 text-green-900',
  arrived: 'bg-green-100 text-green-900',
  done: 'bg-stone-200 text-stone-800',
  cancelled: 'bg-stone-200 text-stone-800',
  declined: 'bg-red-100 text-red-900',
  no_show: 'bg-red-100 text-red-900',
  expired: 'bg-stone-200 text-stone-800',
};

/** "2 guests" in the screen's language. */
export const guestsLabel = (t: Translate, count: number) => t('booking.guests.count', { count });

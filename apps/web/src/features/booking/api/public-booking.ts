import type {
  PublicBookingBody,
  PublicBookingDay,
  PublicBookingResult,
  PublicReservation,
} from '@quan/contract/reservations';
import { publicRequest } from '../../../lib/public-api';
import { usePublicData, type LoadContext } from '../../../lib/use-public-data';
import { branchApiPath, useDinerBranch } from '../../../lib/diner-branch';

const bookingPath = (key: string) => `/api/public/reservations/${encodeURIComponent(key)}`;

/** Where a branch's booking calls start: /api/public/b/<slug>, or /api/public for the first branch (`/book`). */
const bookingApi = (slug: string | null) => (slug ? branchApiPath(slug) : '/api/public');

/**
 * GET /api/public/booking (or a branch's, /api/public/b/<slug>/booking): one day's opening hours and start
 * times of the branch, each saying whether a table seats the party.
 */
export function fetchBookingDay(
  date: string,
  partySize: number,
  { signal }: LoadContext,
  slug: string | null = null,
): Promise<PublicBookingDay> {
  const query = new URLSearchParams({ date, partySize: String(partySize) });
  // Tables are taken by the minute: never a copy the browser kept.
  return publicRequest<PublicBookingDay>('GET', `${bookingApi(slug)}/booking?${query}`, { signal, cache: 'no-store' });
}

/** The free times of a day for a party at the page's branch; nothing is loaded until both are chosen. */
export function useBookingDay(date: string | null, partySize: number) {
  const slug = useDinerBranch();
  return usePublicData(date ? `booking-day:${slug ?? ''}:${date}:${partySize}` : null, (context) =>
    date ? fetchBookingDay(date, partySize, context, slug) : Promise.reject(new Error('No day chosen')),
  );
}

/**
 * POST /api/public/reservations (or a branch's, /api/public/b/<slug>/reservations): the guest asks for a table;
 * the staff of that branch accept or decline it later.
 */
export function createBooking(body: PublicBookingBody, slug: string | null = null): Promise<PublicBookingResult> {
  return publicRequest<PublicBookingResult>('POST', `${bookingApi(slug)}/reservations`, { body });
}

/** GET /api/public/reservations/:key: the booking as its guest sees it. */
export function fetchBooking(key: string, { signal }: LoadContext): Promise<PublicReservation> {
  return publicRequest<PublicReservation>('GET', bookingPath(key), { signal, cache: 'no-store' });
}

/** The booking's key in usePublicData, under which the booking form leaves the answer it got for the next page. */
export const bookingDataKey = (key: string) => `booking:${key}`;

export function usePublicBooking(key: string) {
  return usePublicData(bookingDataKey(key), (context) => fetchBooking(key, context));
}

/** POST /api/public/reservations/:key/cancel: the guest calls it off (while it waits or is booked, before its time). */
export function cancelBooking(key: string): Promise<PublicReservation> {
  return publicRequest<PublicReservation>('POST', `${bookingPath(key)}/cancel`);
}

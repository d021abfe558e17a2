import { useSyncExternalStore } from 'react';
import type { ReservationStatus } from '@quan/contract/reservations';

/**
 * The bookings made on this device, so a guest who lost the link finds it again from /book. Only the link's key
 * and what the list shows are kept; the booking page refreshes the status each time it is opened.
 */
export interface RememberedBooking {
  key: string;
  startsAt: string;
  partySize: number;
  timezone: string;
  status: ReservationStatus;
}

export const rememberedBookingsKey = 'quan.bookings';
/** A few are enough (one phone may hold at most a few bookings ahead); older ones give way. */
const MAX_REMEMBERED = 5;
/** A booking stays listed for a day after its time, then it is of no more use on this device. */
const KEEP_AFTER_MS = 24 * 3_600_000;

const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedList: RememberedBooking[] = [];
const none: RememberedBooking[] = [];

function isRemembered(value: unknown): value is RememberedBooking {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.key === 'string' &&
    typeof entry.startsAt === 'string' &&
    typeof entry.partySize === 'number' &&
    typeof entry.timezone === 'string' &&
    typeof entry.status === 'string'
  );
}

function readRaw(): string | null {
  try {
    return localStorage.getItem(rememberedBookingsKey);
  } catch {
    // No storage (private browsing, blocked): nothing remembered.
    return null;
  }
}

/**
 * The remembered bookings, soonest first, without those long past (as of when the list was last read: the same
 * list each time until it changes, as React asks of a store).
 */
export function rememberedBookings(): RememberedBooking[] {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    let parsed: unknown = [];
    try {
      parsed = raw ? JSON.parse(raw) : [];
    } catch {
      // Something else wrote there: start afresh.
    }
    const now = Date.now();
    cachedList = (Array.isArray(parsed) ? parsed : [])
      .filter(isRemembered)
      .filter((entry) => Date.parse(entry.startsAt) + KEEP_AFTER_MS > now);
  }
  return cachedList;
}

const closedStatuses: readonly string[] = ['cancelled', 'declined', 'expired', 'done', 'no_show'];

/** Writes the list soonest first; past the limit, closed bookings give way first, never the one `keep` names. */
function write(list: RememberedBooking[], keep?: string): void {
  const kept = [...list].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  while (kept.length > MAX_REMEMBERED) {
    const closed = kept.findIndex((each) => each.key !== keep && closedStatuses.includes(each.status));
    kept.splice(closed >= 0 ? closed : kept.findIndex((each) => each.key !== keep), 1);
  }
  try {
    localStorage.setItem(rememberedBookingsKey, JSON.stringify(kept));
  } catch {
    // Full or blocked: the guest still has the page and its link.
  }
  for (const listener of listeners) listener();
}

/** Adds a booking, or updates the one with the same key (its status changed). */
export function rememberBooking(entry: RememberedBooking): void {
  const list = rememberedBookings();
  const same = list.find((each) => each.key === entry.key);
  if (same && JSON.stringify(same) === JSON.stringify(entry)) return;
  write([...list.filter((each) => each.key !== entry.key), entry], entry.key);
}

/** Forgets a booking whose link the restaurant does not know (any more). */
export function forgetBooking(key: string): void {
  const list = rememberedBookings();
  if (list.some((each) => each.key === key)) write(list.filter((each) => each.key !== key));
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // Another tab booked or cancelled.
  const onStorage = (event: StorageEvent) => {
    if (event.key === rememberedBookingsKey) onChange();
  };
  addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    removeEventListener('storage', onStorage);
  };
}

/** The remembered bookings, re-rendering when they change; none while a page is rendered on the server. */
export function useRememberedBookings(): RememberedBooking[] {
  return useSyncExternalStore(
    subscribe,
    () => rememberedBookings(),
    () => none,
  );
}

import { describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error';
import { checkFireAt, checkStartsAt } from '../src/modules/reservations/booking-rules';

const now = new Date('2026-11-28T12:00:00Z');
const minutesFromNow = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

/** The reason code a check refuses with, or null when it lets the times through. */
function refusedWith(check: () => void): string | null {
  try {
    check();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).reason?.code ?? 'no code';
  }
}

describe('when a booking may start', () => {
  it('is any time from now on', () => {
    expect(refusedWith(() => checkStartsAt(minutesFromNow(90), now))).toBeNull();
    expect(refusedWith(() => checkStartsAt(now, now))).toBeNull();
  });

  it('may be up to five minutes ago: a walk-in written down as it happens, a tablet whose clock runs late', () => {
    expect(refusedWith(() => checkStartsAt(minutesFromNow(-5), now))).toBeNull();
  });

  it('is refused further in the past, on the start time', () => {
    expect(refusedWith(() => checkStartsAt(minutesFromNow(-6), now))).toBe('RESERVATION_IN_PAST');
    expect(() => checkStartsAt(minutesFromNow(-60), now)).toThrow('The booking time is in the past');
  });
});

describe('when a pre-order goes to the kitchen', () => {
  const startsAt = minutesFromNow(120);

  it('may be any time before the booking starts, or at its start', () => {
    expect(refusedWith(() => checkFireAt(minutesFromNow(100), startsAt, now, true))).toBeNull();
    expect(refusedWith(() => checkFireAt(startsAt, startsAt, now, true))).toBeNull();
  });

  it('needs no time at all: no pre-order, or one sent by hand', () => {
    expect(refusedWith(() => checkFireAt(null, startsAt, now, true))).toBeNull();
  });

  it('is refused after the booking starts', () => {
    expect(refusedWith(() => checkFireAt(minutesFromNow(121), startsAt, now, true))).toBe('FIRE_AFTER_START');
  });

  it('is refused in the past when it is being set, with the same five minutes of tolerance', () => {
    expect(refusedWith(() => checkFireAt(minutesFromNow(-5), startsAt, now, true))).toBeNull();
    expect(refusedWith(() => checkFireAt(minutesFromNow(-6), startsAt, now, true))).toBe('FIRE_IN_PAST');
  });

  it('is left alone in the past when an edit keeps it (a form sends every field back)', () => {
    expect(refusedWith(() => checkFireAt(minutesFromNow(-60), startsAt, now, false))).toBeNull();
  });
});

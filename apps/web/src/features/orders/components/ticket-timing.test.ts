import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { elapsedMinutes, formatElapsed, ticketTiming } from './ticket-timing';

// The English messages, which the test setup activates before each test.
const t = i18n._.bind(i18n);

describe('elapsed time', () => {
  it('counts whole minutes since the order was created, never below zero', () => {
    const now = Date.parse('2026-01-15T03:12:59.000Z');
    expect(elapsedMinutes('2026-01-15T03:00:00.000Z', now)).toBe(12);
    expect(elapsedMinutes('2026-01-15T03:20:00.000Z', now)).toBe(0);
  });

  it('writes hours past the first', () => {
    expect(formatElapsed(t, 7)).toBe('7 min');
    expect(formatElapsed(t, 65)).toBe('1 h 05 min');
  });
});

describe('a ticket’s tone', () => {
  const now = Date.parse('2026-01-15T03:40:00.000Z');
  const sentAt = '2026-01-15T03:00:00.000Z';

  it('runs against the clock only while the ticket is being made', () => {
    expect(ticketTiming(sentAt, now, 10).tone).toBe('late');
    expect(ticketTiming(sentAt, now, 10, 'making').tone).toBe('late');
    expect(ticketTiming(sentAt, now, 10, 'awaiting')).toEqual({ minutes: 40, tone: 'awaiting', targetMinutes: 10 });
    expect(ticketTiming(sentAt, now, null, 'done').tone).toBe('done');
  });
});

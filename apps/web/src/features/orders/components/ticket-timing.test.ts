import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { elapsedMinutes, formatElapsed } from './ticket-timing';

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

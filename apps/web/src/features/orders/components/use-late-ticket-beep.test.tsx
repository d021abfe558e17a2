import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLateTicketBeep } from './use-late-ticket-beep';

describe('useLateTicketBeep', () => {
  it('beeps once when a ticket turns late, never for one already late when first seen', () => {
    const play = vi.fn();
    const { rerender } = renderHook(({ tickets }) => useLateTicketBeep(tickets, play), {
      initialProps: {
        tickets: new Map([
          ['a', false],
          ['b', true],
        ]),
      },
    });
    expect(play).not.toHaveBeenCalled();

    rerender({
      tickets: new Map([
        ['a', true],
        ['b', true],
      ]),
    });
    expect(play).toHaveBeenCalledTimes(1);

    // Still late, or late again after a change of target: once per ticket is enough.
    rerender({
      tickets: new Map([
        ['a', true],
        ['b', true],
      ]),
    });
    rerender({ tickets: new Map([['a', false]]) });
    rerender({ tickets: new Map([['a', true]]) });
    expect(play).toHaveBeenCalledTimes(1);

    // Two tickets turning late together make one beep.
    rerender({
      tickets: new Map([
        ['c', false],
        ['d', false],
      ]),
    });
    rerender({
      tickets: new Map([
        ['c', true],
        ['d', true],
      ]),
    });
    expect(play).toHaveBeenCalledTimes(2);
  });

  it('stays silent without a sound device', () => {
    // jsdom has no AudioContext: a tap unlocks nothing and the beep fails silently.
    const { rerender } = renderHook(({ tickets }) => useLateTicketBeep(tickets), {
      initialProps: { tickets: new Map([['a', false]]) },
    });
    window.dispatchEvent(new Event('pointerdown'));
    expect(() => rerender({ tickets: new Map([['a', true]]) })).not.toThrow();
  });
});

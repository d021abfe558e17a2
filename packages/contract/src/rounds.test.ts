import { describe, expect, it } from 'vitest';
import {
  allowedRoundMoves,
  kitchenStartOfLine,
  orderStatusOfRounds,
  roundStatuses,
  VOID_GRACE_MINUTES,
  type RoundStatus,
} from './rounds';

const statusOf = (...statuses: RoundStatus[]) => orderStatusOfRounds(statuses.map((status) => ({ status })));

describe('the moves of a round', () => {
  it('goes pending → in progress → ready → served', () => {
    expect(allowedRoundMoves.pending).toContain('in_progress');
    expect(allowedRoundMoves.in_progress).toContain('ready');
    expect(allowedRoundMoves.ready).toContain('served');
  });

  it('may be cancelled (rejected) until it is ready, and not after', () => {
    expect(allowedRoundMoves.pending).toContain('cancelled');
    expect(allowedRoundMoves.in_progress).toContain('cancelled');
    expect(allowedRoundMoves.ready).not.toContain('cancelled');
  });

  it('never goes back or skips a step', () => {
    expect(allowedRoundMoves).toEqual({
      pending: ['in_progress', 'cancelled'],
      in_progress: ['ready', 'cancelled'],
      ready: ['served'],
      served: [],
      cancelled: [],
    });
  });

  it('stops at served and at cancelled', () => {
    expect(allowedRoundMoves.served).toEqual([]);
    expect(allowedRoundMoves.cancelled).toEqual([]);
  });

  it('has a move list for every status', () => {
    expect(Object.keys(allowedRoundMoves).sort()).toEqual([...roundStatuses].sort());
  });
});

describe('orderStatusOfRounds: the order follows its least advanced round', () => {
  it('is that of its one round', () => {
    expect(statusOf('in_progress')).toBe('in_progress');
    expect(statusOf('ready')).toBe('ready');
    expect(statusOf('served')).toBe('served');
  });

  it('is ready only when every round the kitchen took is', () => {
    expect(statusOf('ready', 'in_progress')).toBe('in_progress');
    expect(statusOf('ready', 'ready')).toBe('ready');
    expect(statusOf('served', 'ready')).toBe('ready');
  });

  it('goes back in progress when a served table orders more', () => {
    expect(statusOf('served', 'served', 'in_progress')).toBe('in_progress');
  });

  it('is not held back by a diner’s round still waiting for staff', () => {
    expect(statusOf('served', 'pending')).toBe('served');
    expect(statusOf('in_progress', 'pending')).toBe('in_progress');
  });

  it('is pending when every round left waits for staff', () => {
    expect(statusOf('pending')).toBe('pending');
    expect(statusOf('pending', 'cancelled', 'pending')).toBe('pending');
  });

  it('leaves cancelled rounds out', () => {
    expect(statusOf('cancelled', 'ready')).toBe('ready');
    expect(statusOf('served', 'cancelled')).toBe('served');
  });

  it('is cancelled when every round was, or there is none', () => {
    expect(statusOf('cancelled', 'cancelled')).toBe('cancelled');
    expect(statusOf()).toBe('cancelled');
  });
});

describe('whether the kitchen has started a line', () => {
  const sentAt = Date.parse('2026-11-28T19:30:00Z');
  const grace = VOID_GRACE_MINUTES * 60_000;
  const notStarted = { startedAt: null };

  it('waits for its station to start it, for the grace time after its round was sent', () => {
    const round = { status: 'in_progress' as const, sentAt };
    expect(kitchenStartOfLine(round, notStarted, sentAt + 10_000)).toBe('not_started');
    expect(kitchenStartOfLine(round, notStarted, sentAt + grace - 1)).toBe('not_started');
    expect(kitchenStartOfLine(round, notStarted, sentAt + grace)).toBe('past_grace');
    expect(kitchenStartOfLine(round, { startedAt: sentAt + 5_000 }, sentAt + 10_000)).toBe('started');
    expect(kitchenStartOfLine(round, { startedAt: sentAt + 5_000 }, sentAt + grace * 10)).toBe('started');
  });

  it("never counts a diner's round waiting for approval as started, and always a round that is done", () => {
    const later = sentAt + grace * 10;
    expect(kitchenStartOfLine({ status: 'pending', sentAt }, notStarted, later)).toBe('not_started');
    expect(kitchenStartOfLine({ status: 'ready', sentAt }, notStarted, sentAt)).toBe('started');
    expect(kitchenStartOfLine({ status: 'served', sentAt }, notStarted, sentAt)).toBe('started');
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  elapsedMinutes,
  elapsedTone,
  formatElapsed,
  kitchenNextMove,
  kitchenQueue,
  orderMovesFor,
  statusesOfTab,
} from './order-status';
import { makeOrder } from './order-fixtures';

describe('orderMovesFor', () => {
  it.each([
    ['pending', ['Accept → in_progress', 'Reject → cancelled']],
    ['in_progress', ['Ready → ready', 'Cancel → cancelled']],
    ['ready', ['Served → served', 'Complete → completed']],
    ['served', ['Complete → completed']],
    ['completed', []],
    ['cancelled', []],
  ] as const)('offers only the allowed moves from %s', (status, expected) => {
    expect(orderMovesFor(status).map((move) => `${move.label} → ${move.target}`)).toEqual(expected);
  });
});

describe('kitchen', () => {
  it('advances pending → in_progress → ready → served', () => {
    expect(kitchenNextMove.pending.target).toBe('in_progress');
    expect(kitchenNextMove.in_progress.target).toBe('ready');
    expect(kitchenNextMove.ready.target).toBe('served');
  });

  it('queues pending, in-progress and ready orders, oldest first', () => {
    const orders = [
      makeOrder({ orderNo: 3, status: 'ready', createdAt: '2026-01-15T03:20:00.000Z' }),
      makeOrder({ orderNo: 1, status: 'served', createdAt: '2026-01-15T03:00:00.000Z' }),
      makeOrder({ orderNo: 2, status: 'pending', createdAt: '2026-01-15T03:10:00.000Z' }),
      makeOrder({ orderNo: 4, status: 'in_progress', createdAt: '2026-01-15T03:05:00.000Z' }),
    ];
    expect(kitchenQueue(orders).map((order) => order.orderNo)).toEqual([4, 2, 3]);
  });

  it('colours the waiting time green under 10 minutes, amber under 20, red after', () => {
    expect([0, 9, 10, 19, 20, 95].map(elapsedTone)).toEqual(['fresh', 'fresh', 'waiting', 'waiting', 'late', 'late']);
  });
});

describe('elapsed time', () => {
  it('counts whole minutes since the order was created, never below zero', () => {
    const now = Date.parse('2026-01-15T03:12:59.000Z');
    expect(elapsedMinutes('2026-01-15T03:00:00.000Z', now)).toBe(12);
    expect(elapsedMinutes('2026-01-15T03:20:00.000Z', now)).toBe(0);
  });

  it('writes hours past the first', () => {
    expect(formatElapsed(7)).toBe('7 min');
    expect(formatElapsed(65)).toBe('1 h 05 min');
  });
});

describe('status tabs', () => {
  it('maps Active to every open status and All to no filter', () => {
    expect(statusesOfTab('active')).toEqual(['pending', 'in_progress', 'ready', 'served']);
    expect(statusesOfTab('ready')).toEqual(['ready']);
    expect(statusesOfTab('all')).toBeUndefined();
  });
});

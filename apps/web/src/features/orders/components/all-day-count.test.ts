import { describe, expect, it } from 'vitest';
import { makeLine, makeOrder, makeRound } from '../../../test/data/orders';
import { allDayCount } from './all-day-count';
import { kitchenTickets } from './kitchen-tickets';

const tai = { optionId: null, group: 'Thịt', name: 'tái', priceDelta: 0 };
const large = { optionId: null, group: 'Size', name: 'lớn', priceDelta: 10000 };
const pho = (overrides: Parameters<typeof makeLine>[0] = {}) =>
  makeLine({ itemId: '0190a1b2-c3d4-7e5f-8a9b-17e000000001', name: 'Phở bò', options: [tai, large], ...overrides });

describe('the all-day count', () => {
  it('adds up each dish with the same options across tickets, most first', () => {
    const orders = [
      makeOrder({ items: [pho({ quantity: 2, note: 'ít bánh' }), makeLine({ name: 'Nem rán', position: 1 })] }),
      makeOrder({ items: [pho({ quantity: 4 }), pho({ position: 1, options: [tai] })] }),
    ];
    expect(allDayCount(kitchenTickets(orders)).map(({ name, options, count }) => [count, name, options])).toEqual([
      [6, 'Phở bò', ['tái', 'lớn']],
      [1, 'Nem rán', []],
      [1, 'Phở bò', ['tái']],
    ]);
  });

  it('leaves out what is voided, done, or in a round not accepted into the kitchen', () => {
    const orders = [
      makeOrder({
        items: [pho({ quantity: 3, voidedQuantity: 2 }), pho({ position: 1, readyAt: '2026-01-15T05:00:00Z' })],
      }),
      makeOrder({ status: 'pending', rounds: [makeRound(1, { status: 'pending', source: 'table' })], items: [pho()] }),
      makeOrder({ status: 'ready', items: [pho()] }),
    ];
    expect(allDayCount(kitchenTickets(orders)).map(({ count }) => count)).toEqual([1]);
  });
});

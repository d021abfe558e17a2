import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { approvalRequestLabel } from './round-status';
import { makeOrder, makeRound } from '../../../test/data/orders';

// The English messages, which the test setup activates before each test.
const t = i18n._.bind(i18n);

describe('a diner’s round waiting for approval', () => {
  const newOrder = 'New order from the table: accept it';
  const moreDishes = 'More dishes from the table: accept them';

  it('calls the first round of an order a new order, even once a second round has come in', () => {
    expect(approvalRequestLabel(t, makeOrder({ status: 'pending', source: 'table' }), 1)).toBe(newOrder);
    const twoWaiting = makeOrder({
      status: 'pending',
      source: 'table',
      rounds: [
        makeRound(1, { status: 'pending', source: 'table' }),
        makeRound(2, { status: 'pending', source: 'table' }),
      ],
    });
    expect(approvalRequestLabel(t, twoWaiting, 1)).toBe(newOrder);
    expect(approvalRequestLabel(t, twoWaiting, 2)).toBe(moreDishes);
  });

  it('calls a later round more dishes joining the open order, unless every round before it was rejected', () => {
    const tab = makeOrder({
      rounds: [makeRound(1, { status: 'ready' }), makeRound(2, { status: 'pending', source: 'table' })],
    });
    expect(approvalRequestLabel(t, tab, 2)).toBe(moreDishes);
    const afterRejection = makeOrder({
      status: 'pending',
      rounds: [makeRound(1, { status: 'cancelled' }), makeRound(2, { status: 'pending', source: 'table' })],
    });
    expect(approvalRequestLabel(t, afterRejection, 2)).toBe(newOrder);
  });
});

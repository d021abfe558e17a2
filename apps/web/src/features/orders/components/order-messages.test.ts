import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { roundMoveSuccessMessage } from './order-messages';
import { makeOrder, makeRound } from '../../../test/data/orders';

// The English messages, which the test setup activates before each test.
const t = i18n._.bind(i18n);

describe('round messages', () => {
  it('names the round of a tab, and a one-round order as the order', () => {
    const ready = { target: 'ready', label: 'Mark ready' } as const;
    const tab = makeOrder({ orderNo: 7, rounds: [makeRound(1), makeRound(2)] });
    expect(roundMoveSuccessMessage(t, tab, 2, ready)).toBe('Round 2 of order #7 is ready.');
    expect(roundMoveSuccessMessage(t, makeOrder({ orderNo: 8 }), 1, ready)).toBe('Order #8 is ready.');
  });
});

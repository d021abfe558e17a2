import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { orderMovesFor, statusesOfTab } from './order-status';

// The English messages, which the test setup activates before each test.
const t = i18n._.bind(i18n);

describe('orderMovesFor', () => {
  it.each([
    ['pending', ['Accept → in_progress', 'Reject → cancelled']],
    ['in_progress', ['Ready → ready', 'Cancel → cancelled']],
    ['ready', ['Served → served', 'Complete → completed']],
    ['served', ['Complete → completed']],
    ['completed', []],
    ['cancelled', []],
  ] as const)('offers only the allowed moves from %s', (status, expected) => {
    expect(orderMovesFor(status).map((move) => `${t(move.label)} → ${move.target}`)).toEqual(expected);
  });
});

describe('status tabs', () => {
  it('maps Active to every open status and All to no filter', () => {
    expect(statusesOfTab('active')).toEqual(['pending', 'in_progress', 'ready', 'served']);
    expect(statusesOfTab('ready')).toEqual(['ready']);
    expect(statusesOfTab('all')).toBeUndefined();
  });
});

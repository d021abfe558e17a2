// @vitest-environment node
import { orderStatusOfRounds, type RoundStatus } from '@quan/contract/rounds';
import type { PublicOrder } from '@quan/contract/public';
import { describe, expect, it } from 'vitest';
import { makePublicOrder } from '../../../test/data/diner';
import {
  laterStatus,
  mergeRounds,
  newerOrder,
  stepsDone,
  updateNeedsReload,
  withLiveUpdate,
  type PublicRound,
} from './order-progress';

describe('order progress', () => {
  it('keeps the further status when a late reload answers after a live event', () => {
    expect(laterStatus('pending', 'in_progress')).toBe('in_progress');
    expect(laterStatus('ready', 'in_progress')).toBe('ready');
    expect(laterStatus('in_progress', 'cancelled')).toBe('cancelled');
    expect(laterStatus('served', undefined)).toBe('served');
  });

  it('counts the steps done: received → preparing → ready → served, all four once completed', () => {
    expect(stepsDone('pending')).toBe(0);
    expect(stepsDone('in_progress')).toBe(1);
    expect(stepsDone('served')).toBe(3);
    expect(stepsDone('completed')).toBe(4);
  });
});

const round = (no: number, status: RoundStatus): PublicRound => ({
  no,
  status,
  source: 'table',
  sentAt: '2026-01-15T05:00:00.000Z',
});

/** The table's order with these rounds (statuses in round order), its status following them. */
function orderWith(...statuses: RoundStatus[]): PublicOrder {
  const rounds = statuses.map((status, index) => round(index + 1, status));
  return makePublicOrder({ rounds, status: orderStatusOfRounds(rounds) });
}

const update = (order: PublicOrder) => ({
  _id: order._id,
  orderNo: order.orderNo,
  status: order.status,
  rounds: order.rounds,
});

describe('rounds', () => {
  it('merges two reports of the rounds: every round, each at its further status', () => {
    expect(mergeRounds([round(1, 'served'), round(2, 'pending')], [round(2, 'cancelled'), round(1, 'ready')])).toEqual([
      round(1, 'served'),
      round(2, 'cancelled'),
    ]);
    expect(mergeRounds([round(1, 'served')], [round(3, 'pending'), round(2, 'in_progress')])).toEqual([
      round(1, 'served'),
      round(2, 'in_progress'),
      round(3, 'pending'),
    ]);
  });

  it('lays a live update over the loaded order whichever arrived first', () => {
    // The update is newer: round 2 accepted; round 1 untouched.
    const loaded = orderWith('served', 'pending');
    const accepted = withLiveUpdate(loaded, update(orderWith('served', 'in_progress')));
    expect(accepted.rounds.map((r) => r.status)).toEqual(['served', 'in_progress']);
    expect(accepted.status).toBe('in_progress');
    expect(accepted.items).toBe(loaded.items);

    // A load that answers after the update, with what stood before it, does not undo it.
    expect(withLiveUpdate(orderWith('ready'), update(orderWith('served'))).status).toBe('served');

    // A new round puts a served table back to waiting on the phone: the status is not simply the further one.
    expect(withLiveUpdate(orderWith('served', 'pending'), update(orderWith('served'))).status).toBe('pending');

    // Completed and cancelled are final, whichever report says so.
    expect(withLiveUpdate(orderWith('served'), { ...update(orderWith('served')), status: 'completed' }).status).toBe(
      'completed',
    );
    expect(withLiveUpdate({ ...orderWith('served'), status: 'completed' }, update(orderWith('served'))).status).toBe(
      'completed',
    );

    // Another order's update, or none, leaves it as loaded; its headline follows the newest round, the
    // one this table ordered last, although the kitchen's order status waits on the served round.
    for (const shown of [
      withLiveUpdate(loaded, { ...update(orderWith('ready')), _id: 'another' }),
      withLiveUpdate(loaded, undefined),
    ]) {
      expect(shown.rounds).toBe(loaded.rounds);
      expect(loaded.status).toBe('served');
      expect(shown.status).toBe('pending');
    }
  });

  it('moves only the status forward for an update without rounds', () => {
    const loaded = orderWith('pending');
    expect(withLiveUpdate(loaded, { _id: loaded._id, orderNo: 1042, status: 'in_progress' })).toMatchObject({
      status: 'in_progress',
      rounds: loaded.rounds,
    });
  });

  it('loads the order again only for a round it has not loaded, or one just refused', () => {
    const loaded = orderWith('served', 'pending').rounds;
    expect(updateNeedsReload(loaded, update(orderWith('served', 'in_progress')))).toBe(false);
    expect(updateNeedsReload(loaded, update(orderWith('served', 'pending', 'pending')))).toBe(true);
    expect(updateNeedsReload(loaded, update(orderWith('served', 'cancelled')))).toBe(true);
    expect(updateNeedsReload(orderWith('served', 'cancelled').rounds, update(orderWith('served', 'cancelled')))).toBe(
      false,
    );
    expect(updateNeedsReload(undefined, update(orderWith('pending')))).toBe(true);
    expect(updateNeedsReload(loaded, { _id: 'x', orderNo: 1, status: 'ready' })).toBe(false);
  });

  it("prefers this phone's answer while it knows more rounds than the last load", () => {
    const loaded = orderWith('served');
    const answered = orderWith('served', 'pending');
    expect(newerOrder(loaded, answered)).toBe(answered);
    expect(newerOrder(answered, answered)).toBe(answered);
    expect(newerOrder(orderWith('served', 'in_progress'), answered)?.rounds[1]?.status).toBe('in_progress');
    expect(newerOrder(undefined, answered)).toBe(answered);
    expect(newerOrder(loaded, undefined)).toBe(loaded);
  });
});

import type { Executor } from '../../db/client';
import type { RecordEvent } from '../../events/transact';
import { conflict } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import * as repo from './repository';
import { formatQuantity, recordStockMoves } from './stock-effects';

/** Writes the history rows of an order's stock moves and records what they mean for the screens. */
async function recordOrderMoves(
  tx: Executor,
  record: RecordEvent,
  moves: repo.StockMove[],
  cause: { orderId: string; actorId: string | null; reason: 'order' | 'order_cancelled' },
): Promise<void> {
  await repo.insertHistory(
    tx,
    moves.map((move) => ({
      id: newId(),
      ingredientId: move.row.id,
      change: move.change,
      quantityAfter: move.row.quantity,
      reason: cause.reason,
      orderId: cause.orderId,
      userId: cause.actorId,
    })),
  );
  await recordStockMoves(tx, record, moves);
}

/**
 * Inside an order's transaction: takes what its recipes need, or refuses the whole order naming the first
 * ingredient that is short. Rows are locked in id order, so two orders never deadlock.
 */
export async function takeStockForOrder(
  tx: Executor,
  record: RecordEvent,
  orderId: string,
  actorId: string | null,
): Promise<void> {
  const needs = await repo.lockNeedsOfOrder(tx, orderId);
  const short = needs.find((need) => !need.covered);
  if (short) {
    const { name, unit, quantity } = short.row;
    throw conflict(
      `Not enough ${name}: need ${formatQuantity(short.amount, unit)}, ${formatQuantity(quantity, unit)} left`,
    );
  }
  const moves = await repo.moveStock(
    tx,
    needs.map((need) => ({ ingredientId: need.row.id, change: -need.amount })),
  );
  if (moves.some((move) => !move)) throw new Error('stock moved under a row lock');
  await recordOrderMoves(tx, record, moves as repo.StockMove[], { orderId, actorId, reason: 'order' });
}

/** Inside a cancellation's transaction: gives back exactly what the order took and has not returned. */
export async function giveBackStockOfOrder(
  tx: Executor,
  record: RecordEvent,
  orderId: string,
  actorId: string | null,
): Promise<void> {
  const taken = await repo.lockTakenByOrder(tx, orderId);
  const moves = await repo.moveStock(
    tx,
    taken.map((entry) => ({ ingredientId: entry.row.id, change: entry.amount })),
  );
  await recordOrderMoves(tx, record, moves as repo.StockMove[], { orderId, actorId, reason: 'order_cancelled' });
}

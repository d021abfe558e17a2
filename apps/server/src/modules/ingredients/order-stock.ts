import type { Executor } from '../../db/client';
import type { RecordEvent } from '../../events/transact';
import { conflict } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import * as repo from './repository';
import { formatQuantity, writeStockMoves } from './stock-effects';

/**
 * Inside an order's transaction: takes from the branch's stock what one round's recipes need when it goes to
 * the kitchen, or refuses it whole, naming the first ingredient that is short.
 */
export async function takeStockForRound(
  tx: Executor,
  branchId: string,
  record: RecordEvent,
  round: { orderId: string; roundNo: number },
  actorId: string | null,
): Promise<void> {
  const { orderId, roundNo } = round;
  const needs = await repo.lockNeedsOfRound(tx, branchId, orderId, roundNo);
  const short = needs.find((need) => !need.covered);
  if (short) {
    const { name, unit } = short.row;
    const [need, left] = [formatQuantity(short.amount, unit), formatQuantity(short.quantity, unit)];
    throw conflict(`Not enough ${name}: need ${need}, ${left} left`).because('INGREDIENT_SHORT', {
      ingredient: name,
      need,
      left,
    });
  }
  const moves = await repo.moveStock(
    tx,
    branchId,
    needs.map((need) => ({ row: need.row, change: -need.amount })),
  );
  if (moves.some((move) => !move)) throw new Error('stock moved under a row lock');
  await writeStockMoves(tx, branchId, record, moves as repo.StockMove[], {
    reason: 'order',
    orderId,
    roundNo,
    userId: actorId,
  });
}

/**
 * Whether the branch's stock there is now covers these lines (a reservation's pre-order when booked),
 * refusing with the first ingredient that is short; nothing is taken.
 */
export async function checkStockForLines(db: Executor, branchId: string, lines: repo.LineToCheck[]): Promise<void> {
  const short = (await repo.needsOfLines(db, branchId, lines)).find((need) => !need.covered);
  if (short) {
    const { name, unit } = short.row;
    const [need, left] = [formatQuantity(short.amount, unit), formatQuantity(short.quantity, unit)];
    throw conflict(`Not enough ${name} for the pre-order: need ${need}, ${left} left`).because('INGREDIENT_SHORT', {
      ingredient: name,
      need,
      left,
    });
  }
}

/**
 * Inside a cancellation's transaction: gives back to the branch's stock exactly what the order (or one round
 * of it) took and has not returned.
 */
export async function giveBackStockOfOrder(
  tx: Executor,
  branchId: string,
  record: RecordEvent,
  scope: { orderId: string; roundNo?: number },
  actorId: string | null,
): Promise<void> {
  const { orderId, roundNo } = scope;
  const taken = await repo.lockTakenByOrder(tx, branchId, orderId, roundNo);
  const moves = await repo.moveStock(
    tx,
    branchId,
    taken.map((entry) => ({ row: entry.row, change: entry.amount })),
  );
  await writeStockMoves(tx, branchId, record, moves as repo.StockMove[], {
    reason: 'order_cancelled',
    orderId,
    roundNo: roundNo ?? null,
    userId: actorId,
  });
}

/**
 * What some portions of an order line took from the branch's stock in its round: the line's portion recipe
 * (options included) × portions, never more than the round took and still holds (rows locked in id order).
 */
async function heldByPortions(
  tx: Executor,
  branchId: string,
  round: { orderId: string; roundNo: number },
  dish: { position: number; portions: number },
): Promise<{ row: repo.StockedIngredient; amount: number }[]> {
  const recipe = await repo.portionRecipeOfLine(tx, { orderId: round.orderId, position: dish.position });
  if (recipe.length === 0) return [];
  const taken = await repo.lockTakenByOrder(tx, branchId, round.orderId, round.roundNo);
  return recipe.flatMap((line) => {
    const held = taken.find((entry) => entry.row.id === line.ingredientId);
    const amount = held ? Math.min(held.amount, Math.round(line.quantity * dish.portions * 1000) / 1000) : 0;
    return held && amount > 0 ? [{ row: held.row, amount }] : [];
  });
}

/**
 * Inside a void's transaction: the stock of voided portions of a dish whose round had taken it. Portions
 * not cooked go back on the branch's shelf; `wasted` ones (cooked and thrown away) stay used and are written
 * as waste: given back to the order and taken out again, so the order's account and the history stay true
 * while the quantity does not move. Never more than the round took and still holds.
 */
export async function settleVoidedPortions(
  tx: Executor,
  branchId: string,
  record: RecordEvent,
  voided: { orderId: string; roundNo: number; position: number; portions: number; wasted: boolean; note: string },
  actorId: string | null,
): Promise<void> {
  const returns = await heldByPortions(tx, branchId, voided, voided);
  if (returns.length === 0) return;
  if (!voided.wasted) {
    const moves = await repo.moveStock(
      tx,
      branchId,
      returns.map(({ row, amount }) => ({ row, change: amount })),
    );
    await writeStockMoves(tx, branchId, record, moves as repo.StockMove[], {
      reason: 'order_cancelled',
      orderId: voided.orderId,
      roundNo: voided.roundNo,
      userId: actorId,
    });
    return;
  }
  await repo.insertHistory(
    tx,
    returns.flatMap(({ row, amount }) => [
      {
        id: newId(),
        branchId,
        ingredientId: row.id,
        change: amount,
        quantityAfter: row.quantity + amount,
        reason: 'order_cancelled' as const,
        orderId: voided.orderId,
        roundNo: voided.roundNo,
        userId: actorId,
      },
      {
        id: newId(),
        branchId,
        ingredientId: row.id,
        change: -amount,
        quantityAfter: row.quantity,
        reason: 'waste' as const,
        note: voided.note,
        orderId: voided.orderId,
        roundNo: voided.roundNo,
        userId: actorId,
      },
    ]),
  );
}

/**
 * Inside a move of dishes to another table's order (of the same branch): the stock their round took goes
 * with them. Written as given back by the first order and taken by the other, while the shelf does not move.
 */
export async function transferPortions(
  tx: Executor,
  branchId: string,
  moved: {
    from: { orderId: string; roundNo: number };
    to: { orderId: string; roundNo: number };
    /** The line's place in the first order, where its options are read. */
    position: number;
    portions: number;
  },
  actorId: string | null,
): Promise<void> {
  const shares = await heldByPortions(tx, branchId, moved.from, moved);
  await repo.insertHistory(
    tx,
    shares.flatMap(({ row, amount }) => {
      const quantityAfter = row.quantity;
      return [
        {
          id: newId(),
          branchId,
          ingredientId: row.id,
          change: amount,
          quantityAfter,
          reason: 'order_cancelled' as const,
          orderId: moved.from.orderId,
          roundNo: moved.from.roundNo,
          userId: actorId,
        },
        {
          id: newId(),
          branchId,
          ingredientId: row.id,
          change: -amount,
          quantityAfter,
          reason: 'order' as const,
          orderId: moved.to.orderId,
          roundNo: moved.to.roundNo,
          userId: actorId,
        },
      ];
    }),
  );
}

/**
 * Inside a merge (two orders of one branch): what one order took becomes the other's (rounds renumbered after
 * the other's). The stock does not move, and the history rows keep their branch.
 */
export const reassignOrderStock = (
  tx: Executor,
  move: { fromOrderId: string; toOrderId: string; roundOffset: number },
) => repo.reassignOrderHistory(tx, move);

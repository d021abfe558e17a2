import type { Ingredient, IngredientUnit } from '@quan/contract/ingredient';
import type { Executor } from '../../db/client';
import type { RecordEvent } from '../../events/transact';
import { newId } from '../../lib/ids';
import * as repo from './repository';

export const isLow = (row: Pick<repo.StockedIngredient, 'quantity' | 'lowStockThreshold'>) =>
  row.quantity <= row.lowStockThreshold;

/** The catalogue's ingredient with one branch's quantity and threshold. */
export function toIngredient(row: repo.StockedIngredient): Ingredient {
  return {
    _id: row.id,
    name: row.name,
    unit: row.unit,
    quantity: row.quantity,
    lowStockThreshold: row.lowStockThreshold,
    costPerUnit: row.costPerUnit,
    supplier: row.supplier,
    isLowStock: isLow(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** "0.75 kg", "250 g": kilograms and litres always with two decimals, up to three. */
export function formatQuantity(value: number, unit: IngredientUnit): string {
  const decimals = unit === 'kg' || unit === 'l' ? 2 : 0;
  return `${value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: 3 })} ${unit}`;
}

/**
 * Records what a branch's stock moves mean for the screens: an ingredient that fell to its threshold there
 * (once per crossing; the branch's staff hear it), and a menu change when a move crossed a recipe's amount (a
 * dish sold out or came back in that branch).
 */
async function recordStockMoves(
  tx: Executor,
  branchId: string,
  record: RecordEvent,
  moves: repo.StockMove[],
): Promise<void> {
  for (const move of moves) {
    if (!isLow({ ...move.row, quantity: move.before }) && isLow(move.row)) {
      record({ type: 'stock.low', branchId, ingredient: toIngredient(move.row) });
    }
  }
  if (await repo.crossesARecipe(tx, moves)) record({ type: 'menu.changed' });
}

/** Why stock moved, as its history says: the reason, who moved it, and the order or transfer behind it. */
type MoveCause = Omit<repo.HistoryEntry, 'branchId' | 'ingredientId' | 'change' | 'quantityAfter'>;

/**
 * Inside the transaction that moved a branch's stock: writes each move's history row with its cause (the same for
 * every move, or each its own), then records what the moves mean for the screens.
 */
export async function writeStockMoves(
  tx: Executor,
  branchId: string,
  record: RecordEvent,
  moves: repo.StockMove[],
  cause: MoveCause | ((move: repo.StockMove) => MoveCause),
): Promise<void> {
  await repo.insertHistory(
    tx,
    moves.map((move) => ({
      id: newId(),
      branchId,
      ingredientId: move.row.id,
      change: move.change,
      quantityAfter: move.row.quantity,
      ...(typeof cause === 'function' ? cause(move) : cause),
    })),
  );
  await recordStockMoves(tx, branchId, record, moves);
}

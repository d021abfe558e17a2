import type { CreateIngredientBody, Ingredient, UpdateIngredientBody } from '@quan/contract/ingredient';
import type { Executor } from '../../db/client';
import type { Transact } from '../../events/transact';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import * as repo from './repository';
import { formatQuantity, isLow, recordStockMoves, toIngredient } from './stock-effects';

export const missingIngredient = () =>
  notFound('That ingredient does not exist (it may have been deleted)').because('INGREDIENT_NOT_FOUND');
const nameTaken = (name: string) =>
  conflict(`An ingredient named "${name}" already exists`).because('INGREDIENT_NAME_TAKEN', { name });

export async function createIngredient(transact: Transact, actorId: string, body: CreateIngredientBody) {
  try {
    return await transact(async (tx, record) => {
      const row = await repo.insertIngredient(tx, { id: newId(), ...body });
      await repo.insertHistory(tx, [
        {
          id: newId(),
          ingredientId: row.id,
          change: row.quantity,
          quantityAfter: row.quantity,
          reason: 'initial',
          userId: actorId,
        },
      ]);
      const ingredient = toIngredient(row);
      if (isLow(row)) record({ type: 'stock.low', ingredient });
      return ingredient;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(body.name);
    throw error;
  }
}

/** A new unit converts nothing, so it is refused while stock or a recipe counts in the old one. */
async function checkUnitChange(tx: Executor, locked: repo.IngredientRow): Promise<void> {
  const dishes = await repo.dishesUsing(tx, locked.id);
  if (dishes.length > 0) {
    throw conflict(`${locked.name} is used by the recipes of ${dishes.join(', ')}; its unit cannot change`).because(
      'INGREDIENT_UNIT_IN_RECIPES',
      { ingredient: locked.name, dishes: dishes.join(', ') },
    );
  }
  if (locked.quantity !== 0) {
    const stock = formatQuantity(locked.quantity, locked.unit);
    throw conflict(
      `${locked.name} has ${stock} in stock; set it to 0 before changing its unit (nothing is converted)`,
    ).because('INGREDIENT_UNIT_IN_STOCK', { ingredient: locked.name, stock });
  }
}

/** A restock must add and waste must remove; an adjustment may go either way. */
function checkReason(reason: string, move: repo.StockMove, unit: repo.IngredientRow['unit']): void {
  if (reason === 'restock' && move.change < 0) {
    throw badRequest('A restock adds stock', [
      { path: 'quantity', message: 'Must be above the current stock' },
    ]).because('RESTOCK_BELOW_STOCK', { current: formatQuantity(move.before, unit) });
  }
  if (reason === 'waste' && move.change > 0) {
    throw badRequest('Waste removes stock', [{ path: 'quantity', message: 'Must be below the current stock' }]).because(
      'WASTE_ABOVE_STOCK',
      { current: formatQuantity(move.before, unit) },
    );
  }
}

/**
 * Edits the fields and, with `quantity` or `change`, the stock, writing the history row in the same
 * transaction. A change that would take the stock below zero is refused.
 */
export async function updateIngredient(
  transact: Transact,
  actorId: string,
  id: string,
  body: UpdateIngredientBody,
): Promise<Ingredient> {
  const { quantity, change, reason = 'adjustment', note = '', ...fields } = body;
  try {
    return await transact(async (tx, record) => {
      const locked = await repo.lockIngredient(tx, id);
      if (!locked) throw missingIngredient();
      if (fields.unit !== undefined && fields.unit !== locked.unit) await checkUnitChange(tx, locked);
      let row = Object.keys(fields).length > 0 ? await repo.updateIngredientFields(tx, id, fields) : locked;
      // Recipes on the menu show the ingredient's name and unit.
      if (row.name !== locked.name || row.unit !== locked.unit) record({ type: 'menu.changed' });

      let move: repo.StockMove | undefined;
      if (quantity !== undefined) {
        move = await repo.setQuantity(tx, row, quantity);
      } else if (change !== undefined) {
        [move] = await repo.moveStock(tx, [{ ingredientId: id, change }]);
        if (!move) {
          const removing = formatQuantity(-change, row.unit);
          const left = formatQuantity(row.quantity, row.unit);
          throw conflict(`Only ${left} of ${row.name} left; cannot remove ${removing}`).because('STOCK_TOO_LOW', {
            ingredient: row.name,
            left,
            removing,
          });
        }
      }
      if (move && move.change !== 0) {
        checkReason(reason, move, row.unit);
        row = move.row;
        await repo.insertHistory(tx, [
          {
            id: newId(),
            ingredientId: id,
            change: move.change,
            quantityAfter: row.quantity,
            reason,
            note,
            userId: actorId,
          },
        ]);
        await recordStockMoves(tx, record, [move]);
      } else if (!isLow(locked) && isLow(row)) {
        // A raised threshold is a crossing too.
        record({ type: 'stock.low', ingredient: toIngredient(row) });
      }
      return toIngredient(row);
    });
  } catch (error) {
    if (fields.name !== undefined && isUniqueViolation(error)) throw nameTaken(fields.name);
    throw error;
  }
}

/** Refused while a recipe uses it, naming the dishes. */
export async function removeIngredient(transact: Transact, id: string): Promise<void> {
  await transact(async (tx) => {
    const locked = await repo.lockIngredient(tx, id);
    if (!locked) throw missingIngredient();
    const dishes = await repo.dishesUsing(tx, id);
    if (dishes.length > 0) {
      const recipes = dishes.length === 1 ? 'the recipe of' : 'the recipes of';
      throw conflict(`${locked.name} is used by ${recipes} ${dishes.join(', ')}; remove it from them first`).because(
        'INGREDIENT_IN_RECIPES',
        { ingredient: locked.name, dishes: dishes.join(', ') },
      );
    }
    await repo.deleteIngredient(tx, id);
  });
}

import type { CreateIngredientBody, Ingredient, UpdateIngredientBody } from '@quan/contract/ingredient';
import type { Executor } from '../../db/client';
import type { Transact } from '../../events/transact';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { AuthUser } from '../../plugins/auth';
import * as repo from './repository';
import { formatQuantity, isLow, toIngredient, writeStockMoves } from './stock-effects';

export const missingIngredient = () =>
  notFound('That ingredient does not exist (it may have been deleted)').because('INGREDIENT_NOT_FOUND');
const nameTaken = (name: string) =>
  conflict(`An ingredient named "${name}" already exists`).because('INGREDIENT_NAME_TAKEN', { name });

type Actor = Pick<AuthUser, 'id' | 'branchId'>;

/**
 * Adds an ingredient to the chain's catalogue; its starting quantity and threshold are the creator's branch's
 * (the other branches hold none of it until they change it).
 */
export async function createIngredient(transact: Transact, actor: Actor, body: CreateIngredientBody) {
  const { quantity = 0, lowStockThreshold = 0, ...catalogue } = body;
  try {
    return await transact(async (tx, record) => {
      const added = await repo.insertIngredient(tx, { id: newId(), ...catalogue });
      await repo.insertStock(tx, { branchId: actor.branchId, ingredientId: added.id, quantity, lowStockThreshold });
      const row = { ...added, quantity, lowStockThreshold };
      await repo.insertHistory(tx, [
        {
          id: newId(),
          branchId: actor.branchId,
          ingredientId: row.id,
          change: quantity,
          quantityAfter: quantity,
          reason: 'initial',
          userId: actor.id,
        },
      ]);
      const ingredient = toIngredient(row);
      if (isLow(row)) record({ type: 'stock.low', branchId: actor.branchId, ingredient });
      return ingredient;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(body.name);
    throw error;
  }
}

/** A new unit converts nothing, so it is refused while a recipe or any branch's stock counts in the old one. */
async function checkUnitChange(tx: Executor, branchId: string, locked: repo.StockedIngredient): Promise<void> {
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
  const [elsewhere] = (await repo.branchesHolding(tx, locked.id)).filter((held) => held.branchId !== branchId);
  if (elsewhere) {
    const stock = formatQuantity(elsewhere.quantity, locked.unit);
    const branch = elsewhere.branchName;
    throw conflict(
      `${locked.name} has ${stock} in stock at ${branch}; it must be 0 there before its unit changes (nothing is converted)`,
    ).because('INGREDIENT_UNIT_IN_STOCK_ELSEWHERE', { ingredient: locked.name, stock, branch });
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
 * Edits the catalogue's fields and, with `quantity` or `change`, the actor's branch's stock, writing the history
 * row in the same transaction; a threshold is the branch's too. A change that would take the stock below zero
 * is refused. The branch's stock row is added on its first change.
 */
export async function updateIngredient(
  transact: Transact,
  actor: Actor,
  id: string,
  body: UpdateIngredientBody,
): Promise<Ingredient> {
  const { quantity, change, lowStockThreshold, reason = 'adjustment', note = '', ...fields } = body;
  const { branchId } = actor;
  const changesStock = quantity !== undefined || change !== undefined || lowStockThreshold !== undefined;
  try {
    return await transact(async (tx, record) => {
      const found = await repo.lockIngredient(tx, branchId, id);
      if (!found) throw missingIngredient();
      const locked = changesStock ? { ...found, ...(await repo.lockStock(tx, branchId, id)) } : found;
      if (fields.unit !== undefined && fields.unit !== locked.unit) await checkUnitChange(tx, branchId, locked);
      let row: repo.StockedIngredient = locked;
      if (Object.keys(fields).length > 0) row = { ...row, ...(await repo.updateIngredientFields(tx, id, fields)) };
      if (lowStockThreshold !== undefined) {
        row = { ...row, lowStockThreshold: await repo.setThreshold(tx, branchId, id, lowStockThreshold) };
      }
      // Recipes on the menu show the ingredient's name and unit.
      if (row.name !== locked.name || row.unit !== locked.unit) record({ type: 'menu.changed' });

      let move: repo.StockMove | undefined;
      if (quantity !== undefined) {
        move = await repo.setQuantity(tx, branchId, row, quantity);
      } else if (change !== undefined) {
        [move] = await repo.moveStock(tx, branchId, [{ row, change }]);
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
        await writeStockMoves(tx, branchId, record, [move], { reason, note, userId: actor.id });
      } else if (!isLow(locked) && isLow(row)) {
        // A raised threshold is a crossing too.
        record({ type: 'stock.low', branchId, ingredient: toIngredient(row) });
      }
      return toIngredient(row);
    });
  } catch (error) {
    if (fields.name !== undefined && isUniqueViolation(error)) throw nameTaken(fields.name);
    throw error;
  }
}

/**
 * Removes it from the chain's catalogue; refused while a recipe uses it (naming the dishes), while a transfer
 * carried it, or while another branch still holds some: one branch's manager never empties another's shelf.
 */
export async function removeIngredient(transact: Transact, branchId: string, id: string): Promise<void> {
  await transact(async (tx) => {
    const locked = await repo.lockIngredient(tx, branchId, id, 'update');
    if (!locked) throw missingIngredient();
    const dishes = await repo.dishesUsing(tx, id);
    if (dishes.length > 0) {
      const recipes = dishes.length === 1 ? 'the recipe of' : 'the recipes of';
      throw conflict(`${locked.name} is used by ${recipes} ${dishes.join(', ')}; remove it from them first`).because(
        'INGREDIENT_IN_RECIPES',
        { ingredient: locked.name, dishes: dishes.join(', ') },
      );
    }
    const transfers = await repo.transfersCarrying(tx, id);
    if (transfers.length > 0) {
      const numbers = transfers.map((no) => `#${no}`).join(', ');
      throw conflict(`${locked.name} was sent in stock transfers ${numbers}; it stays in the catalogue`).because(
        'INGREDIENT_IN_TRANSFERS',
        { ingredient: locked.name, transfers: numbers },
      );
    }
    const [elsewhere] = (await repo.branchesHolding(tx, id)).filter((held) => held.branchId !== branchId);
    if (elsewhere) {
      const stock = formatQuantity(elsewhere.quantity, locked.unit);
      throw conflict(
        `${locked.name} has ${stock} in stock at ${elsewhere.branchName}; it stays in the catalogue`,
      ).because('INGREDIENT_HELD_ELSEWHERE', { ingredient: locked.name, stock, branch: elsewhere.branchName });
    }
    await repo.deleteIngredient(tx, id);
  });
}

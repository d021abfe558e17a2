import type {
  CreateIngredientBody,
  Ingredient,
  IngredientHistory,
  IngredientUnit,
  UpdateIngredientBody,
} from '@quan/contract/ingredient';
import type { Pagination } from '@quan/contract/common';
import type { Database, Executor } from '../../db/client';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { Realtime } from '../../plugins/realtime';
import type { MenuService } from '../menu/service';
import * as repo from './repository';

const isLow = (row: Pick<repo.IngredientRow, 'quantity' | 'lowStockThreshold'>) =>
  row.quantity <= row.lowStockThreshold;

function toIngredient(row: repo.IngredientRow): Ingredient {
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

/** What a committed stock change announces: ingredients that fell to their threshold, dishes that sold out or came back. */
interface StockEffects {
  lowStock: repo.IngredientRow[];
  menuChanged: boolean;
}

const missingIngredient = () => notFound('That ingredient does not exist (it may have been deleted)');
const nameTaken = (name: string) => conflict(`An ingredient named "${name}" already exists`);

export interface IngredientsServiceDeps {
  db: Database;
  realtime: Pick<Realtime, 'emitToStaff'>;
  menu: Pick<MenuService, 'announceChange'>;
}

export function createIngredientsService({ db, realtime, menu }: IngredientsServiceDeps) {
  /** Adds what these moves mean for the low-stock alerts and the menu's sold-out dishes. */
  async function noteEffects(tx: Executor, moves: repo.StockMove[], effects: StockEffects): Promise<void> {
    for (const move of moves) {
      if (!isLow({ ...move.row, quantity: move.before }) && isLow(move.row)) effects.lowStock.push(move.row);
    }
    if (!effects.menuChanged) effects.menuChanged = await repo.crossesARecipe(tx, moves);
  }

  /** Sends the effects out; call it only after the transaction committed. */
  function publish(effects: StockEffects): void {
    for (const row of effects.lowStock) realtime.emitToStaff('ingredient:low-stock', toIngredient(row));
    if (effects.menuChanged) menu.announceChange();
  }

  /** Runs a stock-changing transaction and publishes its effects once it committed. */
  async function changeStock<T>(work: (tx: Executor, effects: StockEffects) => Promise<T>): Promise<T> {
    const effects: StockEffects = { lowStock: [], menuChanged: false };
    const result = await db.transaction((tx) => work(tx, effects));
    publish(effects);
    return result;
  }

  /** A new unit converts nothing, so it is refused while stock or a recipe counts in the old one. */
  async function checkUnitChange(tx: Executor, locked: repo.IngredientRow): Promise<void> {
    const dishes = await repo.dishesUsing(tx, locked.id);
    if (dishes.length > 0) {
      throw conflict(`${locked.name} is used by the recipes of ${dishes.join(', ')}; its unit cannot change`);
    }
    if (locked.quantity !== 0) {
      const stock = formatQuantity(locked.quantity, locked.unit);
      throw conflict(
        `${locked.name} has ${stock} in stock; set it to 0 before changing its unit (nothing is converted)`,
      );
    }
  }

  /** Writes the history rows of an order's stock moves and returns what to announce after commit. */
  async function recordOrderMoves(
    tx: Executor,
    moves: repo.StockMove[],
    cause: { orderId: string; actorId: string | null; reason: 'order' | 'order_cancelled' },
  ): Promise<() => void> {
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
    const effects: StockEffects = { lowStock: [], menuChanged: false };
    await noteEffects(tx, moves, effects);
    return () => publish(effects);
  }

  return {
    async list(): Promise<Ingredient[]> {
      return (await repo.listIngredients(db)).map(toIngredient);
    },

    async create(actorId: string, body: CreateIngredientBody): Promise<Ingredient> {
      try {
        return await changeStock(async (tx, effects) => {
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
          if (isLow(row)) effects.lowStock.push(row);
          return toIngredient(row);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(body.name);
        throw error;
      }
    },

    /**
     * Edits the fields and, with `quantity` or `change`, the stock, writing the history row in the same
     * transaction. A change that would take the stock below zero is refused.
     */
    async update(actorId: string, id: string, body: UpdateIngredientBody): Promise<Ingredient> {
      const { quantity, change, reason = 'adjustment', note = '', ...fields } = body;
      try {
        return await changeStock(async (tx, effects) => {
          const locked = await repo.lockIngredient(tx, id);
          if (!locked) throw missingIngredient();
          if (fields.unit !== undefined && fields.unit !== locked.unit) await checkUnitChange(tx, locked);
          let row = Object.keys(fields).length > 0 ? await repo.updateIngredientFields(tx, id, fields) : locked;
          // Recipes on the menu show the ingredient's name and unit.
          if (row.name !== locked.name || row.unit !== locked.unit) effects.menuChanged = true;

          let move: repo.StockMove | undefined;
          if (quantity !== undefined) {
            move = await repo.setQuantity(tx, row, quantity);
          } else if (change !== undefined) {
            move = await repo.addToQuantity(tx, id, change);
            if (!move) {
              const removing = formatQuantity(-change, row.unit);
              throw conflict(
                `Only ${formatQuantity(row.quantity, row.unit)} of ${row.name} left; cannot remove ${removing}`,
              );
            }
          }
          if (move && move.change !== 0) {
            if (reason === 'restock' && move.change < 0) {
              throw badRequest('A restock adds stock', [
                { path: 'quantity', message: `Must be above the current ${formatQuantity(move.before, row.unit)}` },
              ]);
            }
            if (reason === 'waste' && move.change > 0) {
              throw badRequest('Waste removes stock', [
                { path: 'quantity', message: `Must be below the current ${formatQuantity(move.before, row.unit)}` },
              ]);
            }
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
            await noteEffects(tx, [move], effects);
          } else if (!isLow(locked) && isLow(row)) {
            // A raised threshold is a crossing too.
            effects.lowStock.push(row);
          }
          return toIngredient(row);
        });
      } catch (error) {
        if (fields.name !== undefined && isUniqueViolation(error)) throw nameTaken(fields.name);
        throw error;
      }
    },

    async remove(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const locked = await repo.lockIngredient(tx, id);
        if (!locked) throw missingIngredient();
        const dishes = await repo.dishesUsing(tx, id);
        if (dishes.length > 0) {
          const recipes = dishes.length === 1 ? 'the recipe of' : 'the recipes of';
          throw conflict(`${locked.name} is used by ${recipes} ${dishes.join(', ')}; remove it from them first`);
        }
        await repo.deleteIngredient(tx, id);
      });
    },

    async history(
      id: string,
      page: { page: number; limit: number },
    ): Promise<{ entries: IngredientHistory[]; pagination: Pagination }> {
      if (!(await repo.findIngredient(db, id))) throw missingIngredient();
      const { rows, total } = await repo.pageHistory(db, id, {
        offset: (page.page - 1) * page.limit,
        limit: page.limit,
      });
      return {
        entries: rows.map(({ entry, user, orderNo }) => ({
          _id: entry.id,
          ingredientId: entry.ingredientId,
          change: entry.change,
          quantityAfter: entry.quantityAfter,
          reason: entry.reason,
          orderId: entry.orderId,
          orderNo: orderNo ?? null,
          note: entry.note,
          user: user ? { _id: user.id, name: user.name } : null,
          createdAt: entry.createdAt.toISOString(),
        })),
        pagination: {
          currentPage: page.page,
          totalPages: Math.max(1, Math.ceil(total / page.limit)),
          totalItems: total,
          itemsPerPage: page.limit,
        },
      };
    },

    /**
     * Inside an order's transaction: takes what its recipes need, or refuses the whole order naming the
     * first ingredient that is short. Returns what to announce once the order committed.
     */
    async takeForOrder(tx: Executor, orderId: string, actorId: string | null): Promise<() => void> {
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
      return recordOrderMoves(tx, moves as repo.StockMove[], { orderId, actorId, reason: 'order' });
    },

    /** Inside a cancellation's transaction: gives back exactly what the order took and has not returned. */
    async giveBackForOrder(tx: Executor, orderId: string, actorId: string | null): Promise<() => void> {
      const taken = await repo.lockTakenByOrder(tx, orderId);
      const moves = await repo.moveStock(
        tx,
        taken.map((entry) => ({ ingredientId: entry.row.id, change: entry.amount })),
      );
      return recordOrderMoves(tx, moves as repo.StockMove[], { orderId, actorId, reason: 'order_cancelled' });
    },
  };
}

export type IngredientsService = ReturnType<typeof createIngredientsService>;

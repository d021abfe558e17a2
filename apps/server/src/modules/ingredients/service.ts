import type { CreateIngredientBody, IngredientHistory, UpdateIngredientBody } from '@quan/contract/ingredient';
import type { Pagination } from '@quan/contract/common';
import type { Database } from '../../db/client';
import type { Transact } from '../../events/transact';
import { createIngredient, missingIngredient, removeIngredient, updateIngredient } from './edit-ingredient';
import {
  checkStockForLines,
  giveBackStockOfOrder,
  reassignOrderStock,
  settleVoidedPortions,
  takeStockForRound,
  transferPortions,
} from './order-stock';
import * as repo from './repository';
import { toIngredient } from './stock-effects';

/** Ingredients and their stock: management (edit-ingredient.ts) and what orders take (order-stock.ts). */
export function createIngredientsService({ db, transact }: { db: Database; transact: Transact }) {
  return {
    list: async () => (await repo.listIngredients(db)).map(toIngredient),
    create: (actorId: string, body: CreateIngredientBody) => createIngredient(transact, actorId, body),
    update: (actorId: string, id: string, body: UpdateIngredientBody) => updateIngredient(transact, actorId, id, body),
    remove: (id: string) => removeIngredient(transact, id),

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

    takeForRound: takeStockForRound,
    /** Whether the stock covers a pre-order now, without taking it. */
    checkForLines: (lines: repo.LineToCheck[]) => checkStockForLines(db, lines),
    giveBackForOrder: giveBackStockOfOrder,
    settleVoid: settleVoidedPortions,
    transferPortions,
    reassignOrderStock,
  };
}

export type IngredientsService = ReturnType<typeof createIngredientsService>;

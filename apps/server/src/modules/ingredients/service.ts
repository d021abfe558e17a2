import type { CreateIngredientBody, IngredientHistory, UpdateIngredientBody } from '@quan/contract/ingredient';
import type { Pagination } from '@quan/contract/common';
import type { Database } from '../../db/client';
import type { Transact } from '../../events/transact';
import type { AuthUser } from '../../plugins/auth';
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

type Actor = Pick<AuthUser, 'id' | 'branchId'>;

/**
 * The chain's ingredient catalogue and each branch's stock of it: management (edit-ingredient.ts) and what
 * orders take (order-stock.ts). Every quantity, threshold and history row is the given branch's.
 */
export function createIngredientsService({ db, transact }: { db: Database; transact: Transact }) {
  return {
    list: async (branchId: string) => (await repo.listIngredients(db, branchId)).map(toIngredient),
    create: (actor: Actor, body: CreateIngredientBody) => createIngredient(transact, actor, body),
    update: (actor: Actor, id: string, body: UpdateIngredientBody) => updateIngredient(transact, actor, id, body),
    remove: (branchId: string, id: string) => removeIngredient(transact, branchId, id),

    /** The branch's history of one ingredient, newest first. */
    async history(
      branchId: string,
      id: string,
      page: { page: number; limit: number },
    ): Promise<{ entries: IngredientHistory[]; pagination: Pagination }> {
      if (!(await repo.findIngredient(db, branchId, id))) throw missingIngredient();
      const { rows, total } = await repo.pageHistory(db, branchId, id, {
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
          transferId: entry.transferId,
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

    /** (tx, branchId, record, round, actorId) */
    takeForRound: takeStockForRound,
    /** Whether the branch's stock covers a pre-order now, without taking it. */
    checkForLines: (branchId: string, lines: repo.LineToCheck[]) => checkStockForLines(db, branchId, lines),
    /** (tx, branchId, record, scope, actorId) */
    giveBackForOrder: giveBackStockOfOrder,
    /** (tx, branchId, record, voided, actorId) */
    settleVoid: settleVoidedPortions,
    /** (tx, branchId, moved, actorId) */
    transferPortions,
    /** (tx, move): the history rows keep their branch. */
    reassignOrderStock,
  };
}

export type IngredientsService = ReturnType<typeof createIngredientsService>;

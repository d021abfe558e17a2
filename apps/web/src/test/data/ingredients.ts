import type { Ingredient, IngredientHistory } from '@quan/contract/ingredient';

const stamp = { createdAt: '2026-03-01T05:00:00.000Z', updatedAt: '2026-03-01T05:00:00.000Z' };

/** An ingredient as GET /api/ingredient returns it, for tests (this feature's and the pages composing it). */
export function makeIngredient(serial: number, overrides: Partial<Ingredient> & Pick<Ingredient, 'name'>): Ingredient {
  const ingredient = {
    _id: `0190a1b2-c3d4-7e5f-8a9b-1a0000000${String(serial).padStart(3, '0')}`,
    unit: 'kg' as const,
    quantity: 10,
    lowStockThreshold: 2,
    costPerUnit: 100_000,
    supplier: '',
    ...stamp,
    ...overrides,
  };
  return { isLowStock: ingredient.quantity <= ingredient.lowStockThreshold, ...ingredient };
}

/** A row of an ingredient's stock history. */
export function makeHistoryRow(
  ingredient: Pick<Ingredient, '_id'>,
  serial: number,
  overrides: Partial<IngredientHistory> = {},
): IngredientHistory {
  return {
    _id: `0190a1b2-c3d4-7e5f-8a9b-2b0000000${String(serial).padStart(3, '0')}`,
    ingredientId: ingredient._id,
    change: 1,
    quantityAfter: 1,
    reason: 'restock',
    orderId: null,
    orderNo: null,
    transferId: null,
    note: '',
    user: null,
    createdAt: '2026-03-01T05:00:00.000Z',
    ...overrides,
  };
}

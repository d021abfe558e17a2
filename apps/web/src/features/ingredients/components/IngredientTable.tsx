import { CircleAlert, History, PackagePlus, Pencil, Trash2, TriangleAlert } from 'lucide-react';
import type { Ingredient } from '@quan/contract/ingredient';
import { formatQuantity, formatUnitCost } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { stockLevelOf } from './ingredient-display';

interface IngredientTableProps {
  ingredients: readonly Ingredient[];
  /** Managers and admins get the write actions; everyone can read the history. */
  canManage: boolean;
  onStock: (ingredient: Ingredient) => void;
  onHistory: (ingredient: Ingredient) => void;
  onEdit: (ingredient: Ingredient) => void;
  onDelete: (ingredient: Ingredient) => void;
}

/** Said in words and colour, with an icon, so the mark does not rely on colour alone. */
function StockMark({ ingredient }: { ingredient: Ingredient }) {
  const t = useT();
  const level = stockLevelOf(ingredient);
  if (level === 'ok') return null;
  const Icon = level === 'out' ? CircleAlert : TriangleAlert;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${
        level === 'out' ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-900'
      }`}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {level === 'out' ? t('ingredients.table.out') : t('ingredients.table.low')}
    </span>
  );
}

export function IngredientTable({
  ingredients,
  canManage,
  onStock,
  onHistory,
  onEdit,
  onDelete,
}: IngredientTableProps) {
  const t = useT();
  return (
    <ScrollRegion label={t('ingredients.table.region')} className="card">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">{t('ingredients.table.caption')}</caption>
        <thead className="border-b border-stone-200 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              {t('ingredients.table.ingredient')}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {t('ingredients.table.inStock')}
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              {t('ingredients.table.threshold')}
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              {t('ingredients.table.cost')}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {t('ingredients.table.supplier')}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              <span className="sr-only">{t('ingredients.table.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {ingredients.map((ingredient) => {
            const level = stockLevelOf(ingredient);
            return (
              <tr
                key={ingredient._id}
                aria-label={ingredient.name}
                className={level === 'ok' ? undefined : level === 'out' ? 'bg-red-50/60' : 'bg-amber-50/60'}
              >
                <th scope="row" className="px-4 py-3 font-semibold text-stone-900">
                  {ingredient.name}
                </th>
                <td className="px-4 py-3">
                  <span className="flex flex-wrap items-center gap-2">
                    <span
                      className={`font-semibold tabular-nums ${level === 'ok' ? 'text-stone-900' : 'text-red-800'}`}
                    >
                      {formatQuantity(ingredient.quantity, ingredient.unit)}
                    </span>
                    <StockMark ingredient={ingredient} />
                  </span>
                </td>
                <td className="px-4 py-3 text-right text-stone-700 tabular-nums">
                  {formatQuantity(ingredient.lowStockThreshold, ingredient.unit)}
                </td>
                <td className="px-4 py-3 text-right whitespace-nowrap text-stone-700 tabular-nums">
                  {formatUnitCost(ingredient.costPerUnit)} / {ingredient.unit}
                </td>
                <td className="px-4 py-3 text-stone-700">{ingredient.supplier || '—'}</td>
                <td className="px-4 py-3">
                  <div className="flex justify-end gap-2">
                    {canManage && (
                      <button type="button" className="btn btn-sm btn-primary" onClick={() => onStock(ingredient)}>
                        <PackagePlus aria-hidden="true" className="size-4" />
                        {t('ingredients.table.stock')}{' '}
                        <span className="sr-only">
                          {t('ingredients.table.ofIngredient', { name: ingredient.name })}
                        </span>
                      </button>
                    )}
                    <button type="button" className="btn btn-sm btn-secondary" onClick={() => onHistory(ingredient)}>
                      <History aria-hidden="true" className="size-4" />
                      {t('ingredients.table.history')}{' '}
                      <span className="sr-only">{t('ingredients.table.ofIngredient', { name: ingredient.name })}</span>
                    </button>
                    {canManage && (
                      <>
                        <button type="button" className="btn btn-sm btn-secondary" onClick={() => onEdit(ingredient)}>
                          <Pencil aria-hidden="true" className="size-4" />
                          {t('ingredients.table.edit')} <span className="sr-only">{ingredient.name}</span>
                        </button>
                        <button
                          type="button"
                          className="btn btn-sm btn-secondary text-red-700 hover:bg-red-50"
                          onClick={() => onDelete(ingredient)}
                        >
                          <Trash2 aria-hidden="true" className="size-4" />
                          {t('ingredients.table.delete')} <span className="sr-only">{ingredient.name}</span>
                        </button>
                      </>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

import { useState } from 'react';
import { Plus } from 'lucide-react';
import { SearchField } from '../../../components/SearchField';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCan } from '../../../lib/use-can';
import { useIngredients } from '../api/list-ingredients';
import { IngredientTable } from '../components/IngredientTable';
import { filterIngredients } from '../components/ingredient-display';
import { useIngredientDialogs } from '../components/use-ingredient-dialogs';
import { LoadError } from '../../../components/LoadError';

/**
 * `/ingredient-management`: the stock of every ingredient, what is running low, and its history. Staff read
 * it; managers and admins add ingredients, restock, record waste and counts.
 */
export function IngredientsPage() {
  const t = useT();
  usePageTitle(t('ingredients.heading'));
  const canManageIngredients = useCan('ingredients:manage');
  const ingredients = useIngredients();
  const allIngredients = ingredients.data ?? [];
  const dialogs = useIngredientDialogs(allIngredients);
  const [search, setSearch] = useState('');
  const [lowStockOnly, setLowStockOnly] = useState(false);
  const lowCount = allIngredients.filter((ingredient) => ingredient.isLowStock).length;

  function renderContent() {
    if (ingredients.isPending) {
      return (
        <p role="status" className="text-stone-600">
          {t('ingredients.loading')}
        </p>
      );
    }
    if (ingredients.isError) {
      return (
        <LoadError
          error={ingredients.error}
          fallback={t('ingredients.loadFailed')}
          onRetry={() => void ingredients.refetch()}
        />
      );
    }
    if (allIngredients.length === 0) {
      return (
        <div className="card p-6 text-stone-700">
          {canManageIngredients ? t('ingredients.empty.manager') : t('ingredients.empty.staff')}
        </div>
      );
    }
    const shown = filterIngredients(allIngredients, { search, lowStockOnly });
    if (shown.length === 0) {
      const searched = search.trim();
      return (
        <p className="card p-6 text-stone-700">
          {searched
            ? t(lowStockOnly ? 'ingredients.search.noneLow' : 'ingredients.search.none', { search: searched })
            : t('ingredients.noneLow')}
        </p>
      );
    }
    return (
      <IngredientTable
        ingredients={shown}
        canManage={canManageIngredients}
        onStock={dialogs.openStock}
        onHistory={dialogs.openHistory}
        onEdit={dialogs.openEdit}
        onDelete={dialogs.openDelete}
      />
    );
  }

  return (
    <section className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('ingredients.heading')}</h1>
          <p className="mt-1 text-sm text-stone-600">
            {ingredients.data
              ? t('ingredients.summary', { count: allIngredients.length, low: lowCount })
              : t('ingredients.intro')}
          </p>
        </div>
        {canManageIngredients && (
          <button type="button" className="btn btn-primary" onClick={dialogs.openCreate}>
            <Plus aria-hidden="true" className="size-4" />
            {t('ingredients.add')}
          </button>
        )}
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <SearchField
          label={t('ingredients.search.label')}
          value={search}
          onChange={setSearch}
          placeholder={t('ingredients.search.placeholder')}
        />
        <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-2 text-sm font-medium text-stone-800">
          <input
            type="checkbox"
            className="size-5 accent-amber-700"
            checked={lowStockOnly}
            onChange={(event) => setLowStockOnly(event.target.checked)}
          />
          {t('ingredients.lowOnly')}
          {ingredients.data && <span className="text-stone-500">({lowCount})</span>}
        </label>
      </div>

      {renderContent()}
      {dialogs.dialogs}
    </section>
  );
}

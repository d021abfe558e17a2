import { useId, useState } from 'react';
import { Plus } from 'lucide-react';
import { useSnackbar } from 'notistack';
import type { Item } from '@quan/contract/menu';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { describeApiError } from '../../../lib/api-client';
import { formatPercent } from '../../../lib/date-format';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useCreateItem } from '../api/create-item';
import { useDeleteItem } from '../api/delete-item';
import { useCategories } from '../api/list-categories';
import { useItems } from '../api/list-items';
import { useStations } from '../api/list-stations';
import { useSetBranchItem } from '../api/set-branch-item';
import { useUpdateItem } from '../api/update-item';
import { Dialog } from '../../../components/Dialog';
import { ItemForm, type ItemSave } from './ItemForm';
import type { RecipeIngredients } from './RecipeEditor';
import { EditDeleteActions } from './EditDeleteActions';
import { vatPercent, type VatRate } from '@quan/contract/vat';

interface ItemManagementProps {
  /** The ingredients recipes may use; the page loads them. */
  ingredients: RecipeIngredients;
  /**
   * The name of the branch this session works in, when the chain has more than one: a dish gets that branch's
   * own price and availability. Null or absent with one branch.
   */
  branchName?: string | null;
  /** The restaurant's default VAT rate, for the dish form to name the rate a dish inherits; the page loads it. */
  defaultVatRate?: VatRate;
}

/**
 * The dishes and drinks of the menu for managers: list by category, create, edit (with the recipe),
 * availability, delete.
 */
export function ItemManagement({ ingredients, branchName = null, defaultVatRate }: ItemManagementProps) {
  const t = useT();
  const filterId = useId();
  const [categoryFilter, setCategoryFilter] = useState('');
  const categories = useCategories();
  // Every dish of the menu, those this branch does not sell too: the editor sets that per branch.
  const items = useItems(categoryFilter ? { categoryId: categoryFilter, all: 'true' } : { all: 'true' });
  const createMutation = useCreateItem();
  const updateMutation = useUpdateItem();
  const deleteMutation = useDeleteItem();
  const branchOfferMutation = useSetBranchItem();
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState<Item | 'new' | null>(null);
  const [itemToDelete, setItemToDelete] = useState<Item | null>(null);
  const categoryList = categories.data ?? [];
  const stations = useStations();
  const stationNames = new Map((stations.data ?? []).map((station) => [station._id, station.name]));

  /** "Options: Size, Topping · Station: Bar · 12 min": what the dish asks and where it goes, when it says. */
  function routingHint(item: Item): string {
    const station = item.stationId ? stationNames.get(item.stationId) : undefined;
    return [
      item.optionGroups.length > 0 &&
        t('menu-admin.dish.optionsNamed', { groups: item.optionGroups.map((group) => group.name).join(', ') }),
      station && t('menu-admin.stationNamed', { station }),
      item.prepMinutes !== null && t('menu-admin.dish.minutes', { minutes: item.prepMinutes }),
    ]
      .filter(Boolean)
      .join(' · ');
  }

  async function save({ dish, branchOffer }: ItemSave) {
    if (editing === 'new') {
      if (dish) {
        const created = await createMutation.mutateAsync(dish);
        enqueueSnackbar(t('menu-admin.dish.created', { name: created.name }), { variant: 'success' });
      }
    } else if (editing) {
      // The menu's dish first, then this branch's offer of it: a refused offer leaves the dialog open to try again.
      const updated = dish ? await updateMutation.mutateAsync({ id: editing._id, ...dish }) : editing;
      if (branchOffer) await branchOfferMutation.mutateAsync({ id: editing._id, ...branchOffer });
      enqueueSnackbar(
        dish
          ? t('menu-admin.dish.saved', { name: updated.name })
          : t('menu-admin.branch.saved', { name: updated.name }),
        { variant: 'success' },
      );
    }
    setEditing(null);
  }

  function toggleAvailability(item: Item) {
    const isAvailable = !item.isAvailable;
    updateMutation.mutate(
      { id: item._id, isAvailable },
      {
        onSuccess: (updated) =>
          enqueueSnackbar(
            isAvailable
              ? t('menu-admin.dish.availableAgain', { name: updated.name })
              : t('menu-admin.dish.markedUnavailable', { name: updated.name }),
            { variant: 'success' },
          ),
        onError: (error) =>
          enqueueSnackbar(describeApiError(error, t('menu-admin.dish.changeError', { name: item.name })), {
            variant: 'error',
          }),
      },
    );
  }

  function confirmDelete() {
    if (!itemToDelete) return;
    const item = itemToDelete;
    deleteMutation.mutate(item._id, {
      onSuccess: () => enqueueSnackbar(t('menu-admin.dish.deleted', { name: item.name }), { variant: 'success' }),
      onError: (error) =>
        enqueueSnackbar(describeApiError(error, t('menu-admin.dish.deleteError', { name: item.name })), {
          variant: 'error',
        }),
      onSettled: () => setItemToDelete(null),
    });
  }

  function isBusy(item: Item): boolean {
    return (
      (updateMutation.isPending && updateMutation.variables?.id === item._id) ||
      (deleteMutation.isPending && deleteMutation.variables === item._id)
    );
  }

  function renderList() {
    if (items.isPending) {
      return (
        <p role="status" className="text-sm text-stone-600">
          {t('menu-admin.dish.loading')}
        </p>
      );
    }
    if (items.isError) {
      return (
        <div role="alert" className="space-y-2">
          <p className="text-sm text-stone-800">{describeApiError(items.error, t('menu-admin.dish.loadError'))}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void items.refetch()}>
            {t('menu-admin.tryAgain')}
          </button>
        </div>
      );
    }
    if (items.data.length === 0) {
      return (
        <p className="text-sm text-stone-600">
          {categoryFilter ? t('menu-admin.dish.emptyCategory') : t('menu-admin.dish.empty')}
        </p>
      );
    }
    return (
      <ul className="divide-y divide-stone-200">
        {items.data.map((item) => (
          <li key={item._id}>
            <article aria-label={item.name} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
              <div className="min-w-0 flex-1 basis-48">
                <h3 className={`font-medium ${item.isAvailable ? 'text-stone-900' : 'text-stone-500 line-through'}`}>
                  {item.name}
                </h3>
                <p className="text-xs text-stone-600">
                  {item.category.name}
                  {item.description && ` · ${item.description}`}
                </p>
                {routingHint(item) && <p className="text-xs text-stone-600">{routingHint(item)}</p>}
                {item.isSoldOut && (
                  <p className="mt-1 inline-flex rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
                    {t('menu-admin.dish.soldOut')}
                  </p>
                )}
              </div>
              <p className="w-28 text-right font-semibold text-stone-900 tabular-nums">
                {formatMoney(item.price)}
                {/* The rate its bill lines carry, wherever it comes from: its own, its category's or the default. */}
                <span className="block text-xs font-normal text-stone-500">
                  {item.billedVatRate === 'KCT'
                    ? t('menu-admin.dish.vatBilledExempt')
                    : t('menu-admin.dish.vatBilled', { rate: formatPercent(vatPercent(item.billedVatRate), 2) })}
                </span>
              </p>
              <button
                type="button"
                role="switch"
                aria-checked={item.isAvailable}
                aria-label={t('menu-admin.dish.availableSwitch', { name: item.name })}
                disabled={isBusy(item)}
                onClick={() => toggleAvailability(item)}
                className="flex min-h-10 items-center gap-2 rounded-lg px-2 text-sm text-stone-700 disabled:opacity-60"
              >
                <span
                  aria-hidden="true"
                  className={`relative inline-flex h-6 w-11 shrink-0 rounded-full transition-colors ${
                    item.isAvailable ? 'bg-green-600' : 'bg-stone-300'
                  }`}
                >
                  <span
                    className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition-transform ${
                      item.isAvailable ? 'translate-x-5.5' : 'translate-x-0.5'
                    }`}
                  />
                </span>
                <span aria-hidden="true" className="w-20 text-left">
                  {item.isAvailable ? t('menu-admin.dish.available') : t('menu-admin.dish.unavailable')}
                </span>
              </button>
              <EditDeleteActions
                name={item.name}
                onEdit={() => setEditing(item)}
                onDelete={() => setItemToDelete(item)}
                isEditDisabled={isBusy(item)}
                isDeleteDisabled={isBusy(item)}
              />
            </article>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="item-management-title" className="card space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="item-management-title" className="text-lg font-semibold text-stone-900">
            {t('menu-admin.dish.heading')}
          </h2>
          <p className="text-sm text-stone-600">{t('menu-admin.dish.intro')}</p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={filterId} className="field-label">
              {t('menu-admin.dish.filter')}
            </label>
            <select
              id={filterId}
              className="field-input w-auto"
              value={categoryFilter}
              onChange={(event) => setCategoryFilter(event.target.value)}
            >
              <option value="">{t('menu-admin.dish.allCategories')}</option>
              {categoryList.map((category) => (
                <option key={category._id} value={category._id}>
                  {category.name}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="btn btn-primary"
            disabled={categoryList.length === 0}
            title={categoryList.length === 0 ? t('menu-admin.dish.needCategoryTitle') : undefined}
            onClick={() => setEditing('new')}
          >
            <Plus aria-hidden="true" className="size-4" />
            {t('menu-admin.dish.new')}
          </button>
        </div>
      </div>
      {categories.isSuccess && categoryList.length === 0 && (
        <p className="text-sm text-stone-600">{t('menu-admin.dish.needCategory')}</p>
      )}
      {renderList()}
      {editing && (
        <Dialog
          title={editing === 'new' ? t('menu-admin.dish.new') : t('menu-admin.row.editNamed', { name: editing.name })}
          onClose={() => setEditing(null)}
          className="max-w-2xl"
        >
          <ItemForm
            item={editing === 'new' ? undefined : editing}
            categories={categoryList}
            ingredients={ingredients}
            defaultCategoryId={categoryFilter || undefined}
            isPending={createMutation.isPending || updateMutation.isPending || branchOfferMutation.isPending}
            onSubmit={save}
            onCancel={() => setEditing(null)}
            branchName={branchName}
            defaultVatRate={defaultVatRate}
          />
        </Dialog>
      )}
      <ConfirmDialog
        open={itemToDelete !== null}
        title={t('menu-admin.dish.deleteTitle')}
        description={
          <p>
            <strong>{itemToDelete?.name}</strong> {t('menu-admin.dish.deleteBody')}
          </p>
        }
        confirmLabel={t('menu-admin.dish.deleteConfirm')}
        isPending={deleteMutation.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setItemToDelete(null)}
      />
    </section>
  );
}

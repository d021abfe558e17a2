import { useState } from 'react';
import { Plus } from 'lucide-react';
import { useSnackbar } from 'notistack';
import type { Category, CreateCategoryBody } from '@quan/contract/menu';
import { vatPercent, type VatRate } from '@quan/contract/vat';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { describeApiError } from '../../../lib/api-client';
import { formatPercent } from '../../../lib/date-format';
import { useT } from '../../../lib/i18n';
import { useCreateCategory } from '../api/create-category';
import { useDeleteCategory } from '../api/delete-category';
import { useCategories } from '../api/list-categories';
import { useStations } from '../api/list-stations';
import { useUpdateCategory } from '../api/update-category';
import { CategoryForm } from './CategoryForm';
import { Dialog } from '../../../components/Dialog';
import { EditDeleteActions } from './EditDeleteActions';

/** Categories of the menu for managers: list, create, edit, delete. */
export function CategoryManagement({ defaultVatRate }: { defaultVatRate?: VatRate }) {
  const t = useT();
  const categories = useCategories();
  const stations = useStations();
  const stationNames = new Map((stations.data ?? []).map((station) => [station._id, station.name]));
  const createMutation = useCreateCategory();
  const updateMutation = useUpdateCategory();
  const deleteMutation = useDeleteCategory();
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const [categoryToDelete, setCategoryToDelete] = useState<Category | null>(null);

  const list = categories.data ?? [];
  const nextSortOrder = Math.min(
    9999,
    list.reduce((max, category) => Math.max(max, category.sortOrder + 1), 0),
  );

  async function save(body: CreateCategoryBody) {
    if (editing === 'new') {
      const created = await createMutation.mutateAsync(body);
      enqueueSnackbar(t('menu-admin.category.created', { name: created.name }), { variant: 'success' });
    } else if (editing) {
      const updated = await updateMutation.mutateAsync({ id: editing._id, ...body });
      enqueueSnackbar(t('menu-admin.category.saved', { name: updated.name }), { variant: 'success' });
    }
    setEditing(null);
  }

  function confirmDelete() {
    if (!categoryToDelete) return;
    const category = categoryToDelete;
    deleteMutation.mutate(category._id, {
      onSuccess: () =>
        enqueueSnackbar(t('menu-admin.category.deleted', { name: category.name }), { variant: 'success' }),
      onError: (error) =>
        enqueueSnackbar(describeApiError(error, t('menu-admin.deleteError', { name: category.name })), {
          variant: 'error',
        }),
      onSettled: () => setCategoryToDelete(null),
    });
  }

  function renderList() {
    if (categories.isPending) {
      return (
        <p role="status" className="text-sm text-stone-600">
          {t('menu-admin.category.loading')}
        </p>
      );
    }
    if (categories.isError) {
      return (
        <div role="alert" className="space-y-2">
          <p className="text-sm text-stone-800">
            {describeApiError(categories.error, t('menu-admin.category.loadError'))}
          </p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void categories.refetch()}>
            {t('menu-admin.tryAgain')}
          </button>
        </div>
      );
    }
    if (list.length === 0) {
      return <p className="text-sm text-stone-600">{t('menu-admin.category.empty')}</p>;
    }
    return (
      <ul className="divide-y divide-stone-200">
        {list.map((category) => (
          <li key={category._id}>
            <article aria-label={category.name} className="flex flex-wrap items-center gap-3 py-3">
              <span
                aria-hidden="true"
                className="size-4 shrink-0 rounded-full ring-1 ring-stone-900/10"
                style={{ backgroundColor: category.color }}
              />
              <div className="min-w-0 flex-1">
                <h3 className="font-medium text-stone-900">{category.name}</h3>
                <p className="text-xs text-stone-600">
                  {t('menu-admin.dishCount', { count: category.itemCount })}
                  {category.stationId &&
                    stationNames.has(category.stationId) &&
                    ` · ${t('menu-admin.stationNamed', { station: stationNames.get(category.stationId) })}`}
                  {/* Only a rate of its own: without one its dishes are billed at the default, as everything else. */}
                  {category.vatRate !== null &&
                    ` · ${
                      category.vatRate === 'KCT'
                        ? t('menu-admin.dish.vatBilledExempt')
                        : t('menu-admin.dish.vatBilled', { rate: formatPercent(vatPercent(category.vatRate), 2) })
                    }`}
                  {category.description && ` · ${category.description}`}
                </p>
              </div>
              <EditDeleteActions
                name={category.name}
                onEdit={() => setEditing(category)}
                onDelete={() => setCategoryToDelete(category)}
                isDeleteDisabled={deleteMutation.isPending && deleteMutation.variables === category._id}
              />
            </article>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="category-management-title" className="card space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="category-management-title" className="text-lg font-semibold text-stone-900">
            {t('menu-admin.category.heading')}
          </h2>
          <p className="text-sm text-stone-600">{t('menu-admin.category.intro')}</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-4" />
          {t('menu-admin.category.new')}
        </button>
      </div>
      {renderList()}
      {editing && (
        <Dialog
          title={
            editing === 'new' ? t('menu-admin.category.new') : t('menu-admin.row.editNamed', { name: editing.name })
          }
          onClose={() => setEditing(null)}
        >
          <CategoryForm
            category={editing === 'new' ? undefined : editing}
            nextSortOrder={nextSortOrder}
            isPending={createMutation.isPending || updateMutation.isPending}
            onSubmit={save}
            onCancel={() => setEditing(null)}
            defaultVatRate={defaultVatRate}
          />
        </Dialog>
      )}
      <ConfirmDialog
        open={categoryToDelete !== null}
        title={t('menu-admin.category.deleteTitle')}
        description={
          <p>
            <strong>{categoryToDelete?.name}</strong> {t('menu-admin.category.deleteBody')}
            {categoryToDelete &&
              categoryToDelete.itemCount > 0 &&
              ` ${t('menu-admin.category.deleteStillHas', { count: categoryToDelete.itemCount })}`}
          </p>
        }
        confirmLabel={t('menu-admin.category.deleteConfirm')}
        isPending={deleteMutation.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setCategoryToDelete(null)}
      />
    </section>
  );
}

import { useState } from 'react';
import { Plus } from 'lucide-react';
import { useSnackbar } from 'notistack';
import type { Category, CreateCategoryBody } from '@quan/contract/menu';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { describeApiError } from '../../../lib/api-client';
import { useCreateCategory } from '../api/create-category';
import { useDeleteCategory } from '../api/delete-category';
import { useCategories } from '../api/list-categories';
import { useStations } from '../api/list-stations';
import { useUpdateCategory } from '../api/update-category';
import { CategoryForm } from './CategoryForm';
import { Dialog } from '../../../components/Dialog';
import { EditDeleteActions } from './EditDeleteActions';

function dishCount(count: number): string {
  return count === 1 ? '1 dish' : `${count} dishes`;
}

/** Categories of the menu for managers: list, create, edit, delete. */
export function CategoryManagement() {
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
      enqueueSnackbar(`Category “${created.name}” created.`, { variant: 'success' });
    } else if (editing) {
      const updated = await updateMutation.mutateAsync({ id: editing._id, ...body });
      enqueueSnackbar(`Category “${updated.name}” saved.`, { variant: 'success' });
    }
    setEditing(null);
  }

  function confirmDelete() {
    if (!categoryToDelete) return;
    const category = categoryToDelete;
    deleteMutation.mutate(category._id, {
      onSuccess: () => enqueueSnackbar(`Category “${category.name}” deleted.`, { variant: 'success' }),
      onError: (error) =>
        enqueueSnackbar(describeApiError(error, `Could not delete “${category.name}”.`), { variant: 'error' }),
      onSettled: () => setCategoryToDelete(null),
    });
  }

  function renderList() {
    if (categories.isPending) {
      return (
        <p role="status" className="text-sm text-stone-600">
          Loading categories…
        </p>
      );
    }
    if (categories.isError) {
      return (
        <div role="alert" className="space-y-2">
          <p className="text-sm text-stone-800">
            {describeApiError(categories.error, 'Could not load the categories.')}
          </p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void categories.refetch()}>
            Try again
          </button>
        </div>
      );
    }
    if (list.length === 0) {
      return <p className="text-sm text-stone-600">No categories yet. Start with one such as “Phở” or “Drinks”.</p>;
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
                <h4 className="font-medium text-stone-900">{category.name}</h4>
                <p className="text-xs text-stone-600">
                  {dishCount(category.itemCount)}
                  {category.stationId &&
                    stationNames.has(category.stationId) &&
                    ` · Station: ${stationNames.get(category.stationId)}`}
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
          <h3 id="category-management-title" className="text-lg font-semibold text-stone-900">
            Categories
          </h3>
          <p className="text-sm text-stone-600">The tabs of the POS and the sections of the public menu.</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-4" />
          New category
        </button>
      </div>
      {renderList()}
      {editing && (
        <Dialog title={editing === 'new' ? 'New category' : `Edit ${editing.name}`} onClose={() => setEditing(null)}>
          <CategoryForm
            category={editing === 'new' ? undefined : editing}
            nextSortOrder={nextSortOrder}
            isPending={createMutation.isPending || updateMutation.isPending}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        </Dialog>
      )}
      <ConfirmDialog
        open={categoryToDelete !== null}
        title="Delete this category?"
        description={
          <p>
            <strong>{categoryToDelete?.name}</strong> will disappear from the POS and the public menu.
            {categoryToDelete &&
              categoryToDelete.itemCount > 0 &&
              ` It still has ${dishCount(categoryToDelete.itemCount)}: move or delete them first.`}
          </p>
        }
        confirmLabel="Delete category"
        isPending={deleteMutation.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setCategoryToDelete(null)}
      />
    </section>
  );
}

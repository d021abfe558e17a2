import { useState } from 'react';
import { Plus } from 'lucide-react';
import { useSnackbar } from 'notistack';
import type { OptionGroup } from '@quan/contract/options';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Dialog } from '../../../components/Dialog';
import { describeApiError } from '../../../lib/api-client';
import { formatPriceChange, formatQuantityChange } from '../../../lib/format';
import { useCreateOptionGroup } from '../api/create-option-group';
import { useDeleteOptionGroup } from '../api/delete-option-group';
import { useOptionGroups } from '../api/list-option-groups';
import { useUpdateOptionGroup } from '../api/update-option-group';
import { describeOptionRule } from '@quan/contract/option-rules';
import { OptionGroupForm, type OptionGroupFormValues } from './OptionGroupForm';
import type { RecipeIngredients } from './RecipeEditor';
import { EditDeleteActions } from './EditDeleteActions';

interface OptionGroupManagementProps {
  /** The ingredients options may change in a portion's recipe; the page loads them. */
  ingredients: RecipeIngredients;
}

function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * Option groups for managers ("Size: Nhỏ / Vừa / Lớn", "Topping: up to 3"): list with their rule, options
 * and the dishes offering them, create, edit, delete. A dish picks its groups in its own form.
 */
export function OptionGroupManagement({ ingredients }: OptionGroupManagementProps) {
  const groups = useOptionGroups();
  const createMutation = useCreateOptionGroup();
  const updateMutation = useUpdateOptionGroup();
  const deleteMutation = useDeleteOptionGroup();
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState<OptionGroup | 'new' | null>(null);
  const [groupToDelete, setGroupToDelete] = useState<OptionGroup | null>(null);
  const list = groups.data ?? [];

  async function save(body: OptionGroupFormValues) {
    if (editing === 'new') {
      const created = await createMutation.mutateAsync(body);
      enqueueSnackbar(`Option group “${created.name}” created.`, { variant: 'success' });
    } else if (editing) {
      const updated = await updateMutation.mutateAsync({ id: editing._id, ...body });
      enqueueSnackbar(`Option group “${updated.name}” saved.`, { variant: 'success' });
    }
    setEditing(null);
  }

  function confirmDelete() {
    if (!groupToDelete) return;
    const group = groupToDelete;
    deleteMutation.mutate(group._id, {
      onSuccess: () => enqueueSnackbar(`Option group “${group.name}” deleted.`, { variant: 'success' }),
      // A 409 names the dishes that still offer the group.
      onError: (error) =>
        enqueueSnackbar(describeApiError(error, `Could not delete “${group.name}”.`), { variant: 'error' }),
      onSettled: () => setGroupToDelete(null),
    });
  }

  function renderGroup(group: OptionGroup) {
    const rule = describeOptionRule({ ...group, optionCount: group.options.length });
    return (
      <article aria-label={group.name} className="flex flex-wrap items-start gap-3 py-3">
        <div className="min-w-0 flex-1 basis-64 space-y-1">
          <h4 className="font-medium text-stone-900">
            {group.name}
            <span className="ml-2 inline-flex rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-700">
              {rule}
            </span>
          </h4>
          {/* One chip per option, so a list of free preferences does not read as one run-on line. */}
          <ul aria-label={`Options of ${group.name}`} className="flex flex-wrap gap-1.5 text-sm text-stone-800">
            {group.options.map((option) => {
              const price = formatPriceChange(option.priceDelta);
              return (
                <li key={option._id} className="max-w-full rounded-md border border-stone-200 bg-stone-50 px-2 py-0.5">
                  <span className="whitespace-nowrap">
                    {option.name}
                    {price && <span className="text-stone-600 tabular-nums"> {price}</span>}
                  </span>
                  {option.recipe.length > 0 && (
                    <span className="text-xs text-stone-500">
                      {' ('}
                      {option.recipe
                        .map((line) => `${line.name} ${formatQuantityChange(line.quantity, line.unit)}`)
                        .join(', ')}
                      )
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
          <p className="text-xs text-stone-600">
            {group.dishes.length === 0
              ? 'Not offered with any dish yet: pick it in a dish’s form.'
              : `Offered with ${listNames(group.dishes.map((dish) => dish.name))}`}
          </p>
        </div>
        <EditDeleteActions
          name={group.name}
          onEdit={() => setEditing(group)}
          onDelete={() => setGroupToDelete(group)}
          isDeleteDisabled={deleteMutation.isPending && deleteMutation.variables === group._id}
        />
      </article>
    );
  }

  function renderList() {
    if (groups.isPending) {
      return (
        <p role="status" className="text-sm text-stone-600">
          Loading option groups…
        </p>
      );
    }
    if (groups.isError) {
      return (
        <div role="alert" className="space-y-2">
          <p className="text-sm text-stone-800">
            {describeApiError(groups.error, 'Could not load the option groups.')}
          </p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void groups.refetch()}>
            Try again
          </button>
        </div>
      );
    }
    if (list.length === 0) {
      return (
        <p className="text-sm text-stone-600">
          No option groups yet. Start with one such as “Size” (Nhỏ, Vừa, Lớn) or “Preferences” (không hành, ít đá).
        </p>
      );
    }
    return (
      <ul className="divide-y divide-stone-200">
        {list.map((group) => (
          <li key={group._id}>{renderGroup(group)}</li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="option-group-management-title" className="card space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 id="option-group-management-title" className="text-lg font-semibold text-stone-900">
            Option groups
          </h3>
          <p className="max-w-prose text-sm text-stone-600">
            Choices offered with a dish, such as a size or toppings, each with its price change and what it takes from
            the stock. One group can serve many dishes.
          </p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-4" />
          New option group
        </button>
      </div>
      {renderList()}
      {editing && (
        <Dialog
          title={editing === 'new' ? 'New option group' : `Edit ${editing.name}`}
          onClose={() => setEditing(null)}
          className="max-w-2xl"
        >
          <OptionGroupForm
            group={editing === 'new' ? undefined : editing}
            ingredients={ingredients}
            isPending={createMutation.isPending || updateMutation.isPending}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        </Dialog>
      )}
      <ConfirmDialog
        open={groupToDelete !== null}
        title="Delete this option group?"
        description={
          <p>
            <strong>{groupToDelete?.name}</strong> and its options will no longer be offered. Orders already placed keep
            the options they were sold with.
            {groupToDelete &&
              groupToDelete.dishes.length > 0 &&
              ` ${listNames(groupToDelete.dishes.map((dish) => dish.name))} still ${
                groupToDelete.dishes.length === 1 ? 'offers' : 'offer'
              } it: take it off ${groupToDelete.dishes.length === 1 ? 'that dish' : 'those dishes'} first.`}
          </p>
        }
        confirmLabel="Delete option group"
        isPending={deleteMutation.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setGroupToDelete(null)}
      />
    </section>
  );
}

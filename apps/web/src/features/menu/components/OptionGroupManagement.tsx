import { useState } from 'react';
import { Plus } from 'lucide-react';
import { useSnackbar } from 'notistack';
import type { OptionGroup } from '@quan/contract/options';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Dialog } from '../../../components/Dialog';
import { describeApiError } from '../../../lib/api-client';
import { formatPriceChange, formatQuantityChange } from '../../../lib/format';
import { useT, type Translate } from '../../../lib/i18n';
import { useCreateOptionGroup } from '../api/create-option-group';
import { useDeleteOptionGroup } from '../api/delete-option-group';
import { useOptionGroups } from '../api/list-option-groups';
import { useSetBranchOption } from '../api/set-branch-option';
import { useUpdateOptionGroup } from '../api/update-option-group';
import { OptionGroupForm, type OptionGroupSave } from './OptionGroupForm';
import { describeOptionRule } from '../../../components/option-rule';
import type { RecipeIngredients } from './RecipeEditor';
import { EditDeleteActions } from './EditDeleteActions';

interface OptionGroupManagementProps {
  /** The ingredients options may change in a portion's recipe; the page loads them. */
  ingredients: RecipeIngredients;
  /** The branch this session works in, when the chain has more than one (see ItemManagement); null with one. */
  branchName?: string | null;
}

function listNames(t: Translate, names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return t('menu-admin.listAnd', { first: names.slice(0, -1).join(', '), last: names[names.length - 1] });
}

/**
 * Option groups for managers ("Size: Nhỏ / Vừa / Lớn", "Topping: up to 3"): list with their rule, options
 * and the dishes offering them, create, edit, delete. A dish picks its groups in its own form.
 */
export function OptionGroupManagement({ ingredients, branchName = null }: OptionGroupManagementProps) {
  const t = useT();
  const groups = useOptionGroups();
  const createMutation = useCreateOptionGroup();
  const updateMutation = useUpdateOptionGroup();
  const deleteMutation = useDeleteOptionGroup();
  const branchOfferMutation = useSetBranchOption();
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState<OptionGroup | 'new' | null>(null);
  const [groupToDelete, setGroupToDelete] = useState<OptionGroup | null>(null);
  const list = groups.data ?? [];

  async function save({ group, branchOffers }: OptionGroupSave) {
    if (editing === 'new') {
      if (group) {
        const created = await createMutation.mutateAsync(group);
        enqueueSnackbar(t('menu-admin.group.created', { name: created.name }), { variant: 'success' });
      }
    } else if (editing) {
      // The menu's group first, then this branch's offers: an option this save took off has none left to set.
      const updated = group ? await updateMutation.mutateAsync({ id: editing._id, ...group }) : editing;
      const kept = new Set(updated.options.map((option) => option._id));
      // One call per option: each one saved is kept even if a later one is refused, and the dialog stays open.
      for (const { optionId, ...offer } of branchOffers) {
        if (kept.has(optionId)) await branchOfferMutation.mutateAsync({ id: optionId, ...offer });
      }
      enqueueSnackbar(
        group
          ? t('menu-admin.group.saved', { name: updated.name })
          : t('menu-admin.branch.saved', { name: updated.name }),
        { variant: 'success' },
      );
    }
    setEditing(null);
  }

  function confirmDelete() {
    if (!groupToDelete) return;
    const group = groupToDelete;
    deleteMutation.mutate(group._id, {
      onSuccess: () => enqueueSnackbar(t('menu-admin.group.deleted', { name: group.name }), { variant: 'success' }),
      // A 409 names the dishes that still offer the group.
      onError: (error) =>
        enqueueSnackbar(describeApiError(error, t('menu-admin.deleteError', { name: group.name })), {
          variant: 'error',
        }),
      onSettled: () => setGroupToDelete(null),
    });
  }

  function renderGroup(group: OptionGroup) {
    const rule = describeOptionRule(t, { ...group, optionCount: group.options.length });
    return (
      <article aria-label={group.name} className="flex flex-wrap items-start gap-3 py-3">
        <div className="min-w-0 flex-1 basis-64 space-y-1">
          <h3 className="font-medium text-stone-900">
            {group.name}
            <span className="ml-2 inline-flex rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-700">
              {rule}
            </span>
          </h3>
          {/* One chip per option, so a list of free preferences does not read as one run-on line. */}
          <ul
            aria-label={t('menu-admin.group.optionsOf', { name: group.name })}
            className="flex flex-wrap gap-1.5 text-sm text-stone-800"
          >
            {group.options.map((option) => {
              const price = formatPriceChange(option.priceDelta);
              return (
                <li
                  key={option._id}
                  className={`max-w-full rounded-md border px-2 py-0.5 ${
                    option.isDefault ? 'border-amber-700 bg-amber-50' : 'border-stone-200 bg-stone-50'
                  }`}
                >
                  <span className="whitespace-nowrap">
                    {option.name}
                    {price && <span className="text-stone-600 tabular-nums"> {price}</span>}
                    {option.isDefault && (
                      <span className="text-xs font-semibold text-amber-900"> · {t('menu-admin.group.isDefault')}</span>
                    )}
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
              ? t('menu-admin.group.notOffered')
              : t('menu-admin.group.offeredWith', {
                  dishes: listNames(
                    t,
                    group.dishes.map((dish) => dish.name),
                  ),
                })}
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
          {t('menu-admin.group.loading')}
        </p>
      );
    }
    if (groups.isError) {
      return (
        <div role="alert" className="space-y-2">
          <p className="text-sm text-stone-800">{describeApiError(groups.error, t('menu-admin.group.loadError'))}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void groups.refetch()}>
            {t('menu-admin.tryAgain')}
          </button>
        </div>
      );
    }
    if (list.length === 0) {
      return <p className="text-sm text-stone-600">{t('menu-admin.group.empty')}</p>;
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
          <h2 id="option-group-management-title" className="text-lg font-semibold text-stone-900">
            {t('menu-admin.group.heading')}
          </h2>
          <p className="max-w-prose text-sm text-stone-600">{t('menu-admin.group.intro')}</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-4" />
          {t('menu-admin.group.new')}
        </button>
      </div>
      {renderList()}
      {editing && (
        <Dialog
          title={editing === 'new' ? t('menu-admin.group.new') : t('menu-admin.row.editNamed', { name: editing.name })}
          onClose={() => setEditing(null)}
          className="max-w-2xl"
        >
          <OptionGroupForm
            group={editing === 'new' ? undefined : editing}
            ingredients={ingredients}
            branchName={branchName}
            isPending={createMutation.isPending || updateMutation.isPending || branchOfferMutation.isPending}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        </Dialog>
      )}
      <ConfirmDialog
        open={groupToDelete !== null}
        title={t('menu-admin.group.deleteTitle')}
        description={
          <p>
            <strong>{groupToDelete?.name}</strong> {t('menu-admin.group.deleteBody')}
            {groupToDelete &&
              groupToDelete.dishes.length > 0 &&
              ` ${t('menu-admin.group.deleteStillOffered', {
                count: groupToDelete.dishes.length,
                dishes: listNames(
                  t,
                  groupToDelete.dishes.map((dish) => dish.name),
                ),
              })}`}
          </p>
        }
        confirmLabel={t('menu-admin.group.deleteConfirm')}
        isPending={deleteMutation.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setGroupToDelete(null)}
      />
    </section>
  );
}

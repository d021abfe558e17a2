import { useId, useState } from 'react';
import { MAX_GROUPS_PER_DISH, type DishOptionGroup } from '@quan/contract/options';
import { describeApiError } from '../../../lib/api-client';
import { useOptionGroups } from '../api/list-option-groups';
import { describeOptionRule } from '@quan/contract/option-rules';
import { formatPriceDelta } from './option-rules';

interface OptionGroupPickerProps {
  /** The ids of the chosen groups, in the order the dish offers them. */
  value: readonly string[];
  onChange: (ids: string[]) => void;
  /** The dish's groups as saved, which keep their place at the top and show before the list has loaded. */
  savedGroups: readonly DishOptionGroup[];
  error?: string;
}

type Choice = Pick<DishOptionGroup, '_id' | 'name' | 'minSelected' | 'maxSelected'> & {
  options: readonly Pick<DishOptionGroup['options'][number], 'name' | 'priceDelta'>[];
};

/**
 * The option groups offered with a dish, as a checkbox list. The dish's own groups come first in their
 * order, then the others; the order sheet asks in the order of this list.
 */
export function OptionGroupPicker({ value, onChange, savedGroups, error }: OptionGroupPickerProps) {
  const baseId = useId();
  const groups = useOptionGroups();
  // Fixed when the form opens, so ticking a box never moves the list under the finger.
  const [savedIds] = useState(() => savedGroups.map((group) => group._id));
  const loaded = groups.data ?? [];
  const byId = new Map<string, Choice>(savedGroups.map((group) => [group._id, group]));
  for (const group of loaded) byId.set(group._id, group);
  // A saved group that is no longer in the list (deleted meanwhile) is offered only while chosen.
  const visible = groups.isSuccess
    ? savedIds.filter((id) => loaded.some((group) => group._id === id) || value.includes(id))
    : savedIds;
  const order = [...visible, ...loaded.map((group) => group._id).filter((id) => !savedIds.includes(id))];
  const chosen = new Set(value);
  const full = chosen.size >= MAX_GROUPS_PER_DISH;

  function toggle(id: string, checked: boolean) {
    const next = new Set(chosen);
    if (checked) next.add(id);
    else next.delete(id);
    onChange(order.filter((groupId) => next.has(groupId)));
  }

  function renderStatus() {
    if (groups.isPending) {
      return (
        <p role="status" className="text-sm text-stone-600">
          Loading option groups…
        </p>
      );
    }
    if (groups.isError) {
      return (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-stone-800">
          <p>{describeApiError(groups.error, 'Could not load the option groups.')}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void groups.refetch()}>
            Try again
          </button>
        </div>
      );
    }
    if (order.length === 0) {
      return (
        <p className="text-sm text-stone-600">
          No option groups yet: create them under “Option groups”, then pick them here.
        </p>
      );
    }
    return null;
  }

  return (
    <fieldset className="space-y-2 rounded-xl border border-stone-200 p-4" aria-describedby={`${baseId}-hint`}>
      <legend className="px-1 text-sm font-semibold text-stone-900">Options</legend>
      <p id={`${baseId}-hint`} className="text-xs text-stone-600">
        The choices the waiter and the guest make for this dish, asked in this order.
      </p>
      {order.length > 0 && (
        <ul className="space-y-1">
          {order.map((id) => {
            const group = byId.get(id);
            if (!group) return null;
            const checkboxId = `${baseId}-${id}`;
            const isChosen = chosen.has(id);
            const summary = `${describeOptionRule({ ...group, optionCount: group.options.length })} · ${group.options
              .map((option) =>
                option.priceDelta ? `${option.name} ${formatPriceDelta(option.priceDelta)}` : option.name,
              )
              .join(', ')}`;
            return (
              <li key={id} className="flex min-h-11 items-start gap-3 py-1">
                <input
                  id={checkboxId}
                  type="checkbox"
                  className="mt-0.5 size-5 shrink-0 accent-amber-700"
                  checked={isChosen}
                  disabled={!isChosen && full}
                  aria-describedby={`${checkboxId}-summary`}
                  onChange={(event) => toggle(id, event.target.checked)}
                />
                <div className="min-w-0 text-sm">
                  <label htmlFor={checkboxId} className="block cursor-pointer font-medium text-stone-800">
                    {group.name}
                  </label>
                  <p id={`${checkboxId}-summary`} className="text-xs text-stone-600">
                    {summary}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {full && <p className="text-xs text-stone-600">A dish offers at most {MAX_GROUPS_PER_DISH} option groups.</p>}
      {error && <p className="field-error">{error}</p>}
      {renderStatus()}
    </fieldset>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { MAX_GROUPS_PER_DISH, type DishOptionGroup } from '@quan/contract/options';
import { describeApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useOptionGroups } from '../api/list-option-groups';
import { describeOptionRule } from '../../../components/option-rule';
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
 * The option groups offered with a dish, as a checkbox list: the dish's own groups first, then the others.
 * A group ticked joins the end of the chosen ones, which the order sheet asks in the order of the list under
 * the checkboxes, where they move up and down.
 */
export function OptionGroupPicker({ value, onChange, savedGroups, error }: OptionGroupPickerProps) {
  const t = useT();
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
  // The move button to focus once a group has moved: its row is re-rendered elsewhere, or the button disabled.
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterMove = useRef<string | null>(null);

  useEffect(() => {
    const key = focusAfterMove.current;
    if (key === null) return;
    focusAfterMove.current = null;
    moveButtons.current.get(key)?.focus();
  });

  function toggle(id: string, checked: boolean) {
    if (!checked) onChange(value.filter((groupId) => groupId !== id));
    else if (!value.includes(id)) onChange([...value, id]);
  }

  function move(index: number, step: -1 | 1) {
    const next = [...value];
    const [id] = next.splice(index, 1);
    if (id === undefined) return;
    const to = index + step;
    next.splice(to, 0, id);
    onChange(next);
    // Keep the focus on the button pressed, or on the other one when the group reached an end.
    const atEnd = step === -1 ? to === 0 : to === next.length - 1;
    const pressed = step === -1 ? 'up' : 'down';
    const other = step === -1 ? 'down' : 'up';
    focusAfterMove.current = `${id}:${atEnd ? other : pressed}`;
  }

  function moveButtonRef(key: string) {
    return (button: HTMLButtonElement | null) => {
      if (button) moveButtons.current.set(key, button);
      else moveButtons.current.delete(key);
    };
  }

  function renderOrder() {
    if (value.length < 2) return null;
    return (
      <div className="space-y-1 border-t border-stone-200 pt-3">
        <p id={`${baseId}-order`} className="text-sm font-medium text-stone-900">
          {t('menu-admin.picker.order')}
        </p>
        <ol aria-labelledby={`${baseId}-order`} className="space-y-1">
          {value.map((id, index) => {
            const name = byId.get(id)?.name ?? t('menu-admin.picker.deletedGroup');
            return (
              <li key={id} className="flex items-center gap-2 text-sm">
                <span className="w-5 shrink-0 text-right text-stone-500 tabular-nums">{index + 1}.</span>
                <span className="min-w-0 flex-1 font-medium text-stone-800">{name}</span>
                <button
                  ref={moveButtonRef(`${id}:up`)}
                  type="button"
                  className="btn btn-secondary size-11 p-0 sm:size-9"
                  aria-label={t('menu-admin.moveUp', { name })}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUp aria-hidden="true" className="size-4" />
                </button>
                <button
                  ref={moveButtonRef(`${id}:down`)}
                  type="button"
                  className="btn btn-secondary size-11 p-0 sm:size-9"
                  aria-label={t('menu-admin.moveDown', { name })}
                  disabled={index === value.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDown aria-hidden="true" className="size-4" />
                </button>
              </li>
            );
          })}
        </ol>
      </div>
    );
  }

  function renderStatus() {
    if (groups.isPending) {
      return (
        <p role="status" className="text-sm text-stone-600">
          {t('menu-admin.group.loading')}
        </p>
      );
    }
    if (groups.isError) {
      return (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-stone-800">
          <p>{describeApiError(groups.error, t('menu-admin.group.loadError'))}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void groups.refetch()}>
            {t('menu-admin.tryAgain')}
          </button>
        </div>
      );
    }
    if (order.length === 0) {
      return <p className="text-sm text-stone-600">{t('menu-admin.picker.empty')}</p>;
    }
    return null;
  }

  return (
    <fieldset className="space-y-2 rounded-xl border border-stone-200 p-4" aria-describedby={`${baseId}-hint`}>
      <legend className="px-1 text-sm font-semibold text-stone-900">{t('menu-admin.group.options')}</legend>
      <p id={`${baseId}-hint`} className="text-xs text-stone-600">
        {t('menu-admin.picker.hint')}
      </p>
      {order.length > 0 && (
        <ul className="space-y-1">
          {order.map((id) => {
            const group = byId.get(id);
            if (!group) return null;
            const checkboxId = `${baseId}-${id}`;
            const isChosen = chosen.has(id);
            const summary = `${describeOptionRule(t, { ...group, optionCount: group.options.length })} · ${group.options
              .map((option) =>
                option.priceDelta ? `${option.name} ${formatPriceDelta(t, option.priceDelta)}` : option.name,
              )
              .join(', ')}`;
            return (
              <li key={id} className="flex items-start gap-3">
                {/* A 44 px tall label on a phone, the checkbox centred on it. */}
                <div className="flex h-11 shrink-0 items-center sm:h-7">
                  <input
                    id={checkboxId}
                    type="checkbox"
                    className="size-5 accent-amber-700"
                    checked={isChosen}
                    disabled={!isChosen && full}
                    aria-describedby={`${checkboxId}-summary`}
                    onChange={(event) => toggle(id, event.target.checked)}
                  />
                </div>
                <div className="min-w-0 flex-1 pb-1 text-sm">
                  <label
                    htmlFor={checkboxId}
                    className="flex min-h-11 cursor-pointer items-center font-medium text-stone-800 sm:min-h-7"
                  >
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
      {renderOrder()}
      {full && <p className="text-xs text-stone-600">{t('menu-admin.picker.full', { count: MAX_GROUPS_PER_DISH })}</p>}
      {error && <p className="field-error">{error}</p>}
      {renderStatus()}
    </fieldset>
  );
}

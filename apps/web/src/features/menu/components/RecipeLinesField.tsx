import { useId, type ReactNode } from 'react';
import { Plus, X } from 'lucide-react';
import {
  useFieldArray,
  useWatch,
  type Control,
  type FieldArray,
  type FieldArrayPath,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';
import type { Ingredient } from '@quan/contract/ingredient';
import type { RecipeLine } from '@quan/contract/menu';
import { formatUnitCost } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import type { RecipeIngredients } from './RecipeEditor';

/** A line as both forms hold it: a dish's recipe and an option's stock changes share the shape. */
type LineInput = { ingredientId: string; quantity: number };

// A dish's recipe and an option's stock changes work the same way; they differ in numbers and room only.
const variants = {
  // Quantities above 0, at most 30 (the contract's limit). The select shows each ingredient's cost per unit
  // because the dish's form prices a portion from them.
  dish: { maxLines: 30, min: 0, placeholder: '0', showCost: true, gap: 'space-y-3', removeClass: 'mt-1', addClass: '' },
  // Signed changes ("+0.1 kg Thịt bò" for a large bowl, "−0.05 kg" for a small one), at most 20 (the
  // contract's limit), not priced. They sit in an option's card, whose buttons keep a 44 px touch target.
  option: {
    maxLines: 20,
    min: undefined,
    placeholder: '+0.1',
    showCost: false,
    gap: 'space-y-2',
    removeClass: 'size-11 p-0 sm:size-10',
    addClass: 'min-h-11 sm:min-h-8',
  },
};

interface RecipeLinesFieldProps<T extends FieldValues, TValues extends FieldValues> {
  variant: keyof typeof variants;
  control: Control<T, unknown, TValues>;
  register: UseFormRegister<T>;
  /** The form's array of lines: `recipe` of a dish, `options.${i}.recipe` of an option. */
  name: FieldArrayPath<T>;
  errors: FieldErrors<{ lines: LineInput[] }>['lines'];
  ingredients: RecipeIngredients;
  /** The saved lines, whose names and units show before the ingredients have loaded. */
  savedLines: readonly Pick<RecipeLine, 'ingredientId' | 'name' | 'unit'>[];
  /** The caller's words; `ingredient` is the line's ingredient, or "ingredient 2" before one is chosen. */
  labels: {
    list?: string;
    quantity: (ingredient: string) => string;
    remove: (ingredient: string) => string;
    add: string;
    addAria?: string;
  };
  /** Shown instead of the list while it has no lines. */
  empty?: ReactNode;
  /** Beside the add button (the dish's portion cost). */
  aside?: ReactNode;
  /** More status above the add button; a failed load of the ingredients always shows with its retry. */
  children?: ReactNode;
}

/**
 * Ingredient lines, each ingredient once, with a quantity per portion in the ingredient's unit: the one editor
 * behind a dish's recipe and an option's stock changes.
 */
export function RecipeLinesField<T extends FieldValues, TValues extends FieldValues>({
  variant,
  control,
  register,
  name,
  errors,
  ingredients,
  savedLines,
  labels,
  empty,
  aside,
  children,
}: RecipeLinesFieldProps<T, TValues>) {
  const t = useT();
  const v = variants[variant];
  const baseId = useId();
  const { fields, append, remove } = useFieldArray({ control, name });
  // The path is generic, so react-hook-form cannot tell the lines' type; both forms hold `LineInput`s.
  const lines = (useWatch({ control, name: name as Path<T> }) as LineInput[] | undefined) ?? [];
  const available = ingredients.status === 'success' ? ingredients.ingredients : [];

  // Names and units of saved lines too, so a line still reads right before (or without) the ingredients.
  const known = new Map<string, Pick<Ingredient, 'name' | 'unit'>>(
    savedLines.map((line) => [line.ingredientId, { name: line.name, unit: line.unit }]),
  );
  for (const ingredient of available) known.set(ingredient._id, ingredient);
  const chosenIds = new Set(lines.map((line) => line.ingredientId).filter(Boolean));
  const canAdd =
    ingredients.status === 'success' &&
    fields.length < v.maxLines &&
    available.some((ingredient) => !chosenIds.has(ingredient._id));
  const listError = errors?.message ?? errors?.root?.message;

  return (
    <div className={v.gap}>
      {fields.length === 0 ? (
        empty
      ) : (
        <ul className={v.gap} aria-label={labels.list}>
          {fields.map((field, index) => {
            const line = lines[index];
            const info = line?.ingredientId ? known.get(line.ingredientId) : undefined;
            const ingredientName = info?.name ?? t('menu-admin.recipe.ingredientNumberLower', { number: index + 1 });
            const selectId = `${baseId}-${field.id}-ingredient`;
            const quantityId = `${baseId}-${field.id}-quantity`;
            const unitId = `${baseId}-${field.id}-unit`;
            const lineErrors = errors?.[index];
            // Each ingredient once: another line's ingredient is not offered here.
            const choices = available.filter(
              (ingredient) => ingredient._id === line?.ingredientId || !chosenIds.has(ingredient._id),
            );
            // A saved ingredient that is no longer offered (deleted, or not loaded yet) stays selectable.
            const savedOnly = line?.ingredientId && info && !available.some((i) => i._id === line.ingredientId);
            return (
              <li key={field.id} className="grid grid-cols-[minmax(0,1fr)_8.5rem_auto] items-start gap-2">
                <div>
                  <label htmlFor={selectId} className="sr-only">
                    {t('menu-admin.recipe.ingredientNumber', { number: index + 1 })}
                  </label>
                  <select
                    id={selectId}
                    className="field-input"
                    aria-invalid={lineErrors?.ingredientId ? true : undefined}
                    aria-describedby={lineErrors?.ingredientId ? `${selectId}-error` : undefined}
                    {...register(`${name}.${index}.ingredientId` as Path<T>)}
                  >
                    <option value="">{t('menu-admin.recipe.chooseIngredientOption')}</option>
                    {savedOnly && <option value={line.ingredientId}>{info.name}</option>}
                    {choices.map((ingredient) => (
                      <option key={ingredient._id} value={ingredient._id}>
                        {`${ingredient.name} (${v.showCost ? `${formatUnitCost(ingredient.costPerUnit)} / ` : ''}${ingredient.unit})`}
                      </option>
                    ))}
                  </select>
                  {lineErrors?.ingredientId && (
                    <p id={`${selectId}-error`} className="field-error">
                      {lineErrors.ingredientId.message}
                    </p>
                  )}
                </div>
                <div>
                  <label htmlFor={quantityId} className="sr-only">
                    {labels.quantity(ingredientName)}
                  </label>
                  <div className="flex items-center gap-2">
                    <input
                      id={quantityId}
                      type="number"
                      inputMode="decimal"
                      min={v.min}
                      step="any"
                      placeholder={v.placeholder}
                      className="field-input"
                      aria-invalid={lineErrors?.quantity ? true : undefined}
                      aria-describedby={[unitId, lineErrors?.quantity ? `${quantityId}-error` : null]
                        .filter(Boolean)
                        .join(' ')}
                      {...register(`${name}.${index}.quantity` as Path<T>, { valueAsNumber: true })}
                    />
                    <span id={unitId} className="w-8 shrink-0 text-sm text-stone-700">
                      {info?.unit ?? ''}
                    </span>
                  </div>
                  {lineErrors?.quantity && (
                    <p id={`${quantityId}-error`} className="field-error">
                      {lineErrors.quantity.message}
                    </p>
                  )}
                </div>
                <button
                  type="button"
                  className={`btn btn-secondary btn-sm border-0 ${v.removeClass}`}
                  aria-label={labels.remove(ingredientName)}
                  onClick={() => remove(index)}
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {listError && <p className="field-error">{listError}</p>}
      {ingredients.status === 'error' && (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-stone-800">
          <p>{ingredients.message}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={ingredients.retry}>
            {t('menu-admin.tryAgain')}
          </button>
        </div>
      )}
      {children}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <button
          type="button"
          className={`btn btn-secondary btn-sm ${v.addClass}`}
          disabled={!canAdd}
          aria-label={labels.addAria}
          onClick={() => append({ ingredientId: '', quantity: Number.NaN } as FieldArray<T, FieldArrayPath<T>>)}
        >
          <Plus aria-hidden="true" className="size-4" />
          {labels.add}
        </button>
        {aside}
      </div>
    </div>
  );
}

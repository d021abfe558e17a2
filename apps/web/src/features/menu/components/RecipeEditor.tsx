import { useId } from 'react';
import { Plus, X } from 'lucide-react';
import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Link } from 'react-router';
import { portionCost, type Ingredient } from '@quan/contract/ingredient';
import type { RecipeLine } from '@quan/contract/menu';
import { formatMoney, formatUnitCost } from '../../../lib/format';
import type { ItemFormInput, ItemFormValues } from './ItemForm';

/** The ingredients a recipe may use, as the page that composes the menu with the ingredients loaded them. */
export type RecipeIngredients =
  | { status: 'pending' }
  | { status: 'error'; message: string; retry: () => void }
  | { status: 'success'; ingredients: readonly Ingredient[] };

const maxRecipeLines = 30;

interface RecipeEditorProps {
  control: Control<ItemFormInput, unknown, ItemFormValues>;
  register: UseFormRegister<ItemFormInput>;
  errors: FieldErrors<ItemFormInput>['recipe'];
  ingredients: RecipeIngredients;
  /** The dish's saved recipe, whose names and units show before the ingredients have loaded. */
  savedLines: readonly RecipeLine[];
}

/**
 * The recipe of one portion: ingredient lines (each ingredient once) with their quantity in the ingredient's
 * unit, and what one portion costs at the ingredients' current cost per unit.
 */
export function RecipeEditor({ control, register, errors, ingredients, savedLines }: RecipeEditorProps) {
  const baseId = useId();
  const { fields, append, remove } = useFieldArray({ control, name: 'recipe' });
  const lines = useWatch({ control, name: 'recipe' }) ?? [];
  const price = useWatch({ control, name: 'price' });
  const available = ingredients.status === 'success' ? ingredients.ingredients : [];

  const known = new Map<string, Pick<Ingredient, 'name' | 'unit'>>(
    savedLines.map((line) => [line.ingredientId, { name: line.name, unit: line.unit }]),
  );
  for (const ingredient of available) known.set(ingredient._id, ingredient);
  const chosenIds = new Set(lines.map((line) => line.ingredientId).filter(Boolean));
  const canAddLine =
    ingredients.status === 'success' &&
    fields.length < maxRecipeLines &&
    available.some((ingredient) => !chosenIds.has(ingredient._id));

  const completeLines = lines.filter(
    (line) => line.ingredientId && Number.isFinite(line.quantity) && line.quantity > 0,
  );
  const cost =
    ingredients.status === 'success'
      ? portionCost(completeLines, new Map(available.map((ingredient) => [ingredient._id, ingredient.costPerUnit])))
      : null;
  const costShare = cost !== null && cost > 0 && Number.isFinite(price) && price > 0 ? cost / price : null;
  const recipeError = errors?.message ?? errors?.root?.message;

  function renderStatus() {
    if (ingredients.status === 'pending') {
      return (
        <p role="status" className="text-sm text-stone-600">
          Loading ingredients…
        </p>
      );
    }
    if (ingredients.status === 'error') {
      return (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-stone-800">
          <p>{ingredients.message}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={ingredients.retry}>
            Try again
          </button>
        </div>
      );
    }
    if (available.length === 0) {
      return (
        <p className="text-sm text-stone-600">
          No ingredients yet.{' '}
          <Link to="/ingredient-management" className="font-semibold text-amber-800 underline">
            Add them on the Ingredients page
          </Link>{' '}
          first.
        </p>
      );
    }
    return null;
  }

  return (
    <fieldset className="space-y-3 rounded-xl border border-stone-200 p-4" aria-describedby={`${baseId}-hint`}>
      <legend className="px-1 text-sm font-semibold text-stone-900">Recipe</legend>
      <p id={`${baseId}-hint`} className="text-xs text-stone-600">
        What one portion uses. Each order takes it from stock; the dish is sold out when stock cannot cover a portion.
      </p>
      {fields.length === 0 ? (
        <p className="text-sm text-stone-600">No ingredients: orders of this dish use no stock.</p>
      ) : (
        <ul className="space-y-3">
          {fields.map((field, index) => {
            const line = lines[index];
            const info = line?.ingredientId ? known.get(line.ingredientId) : undefined;
            const lineNo = index + 1;
            const selectId = `${baseId}-${field.id}-ingredient`;
            const quantityId = `${baseId}-${field.id}-quantity`;
            const unitId = `${baseId}-${field.id}-unit`;
            const lineErrors = errors?.[index];
            // Each ingredient once: another line's ingredient is not offered here.
            const options = available.filter(
              (ingredient) => ingredient._id === line?.ingredientId || !chosenIds.has(ingredient._id),
            );
            const savedOnly = line?.ingredientId && info && !available.some((i) => i._id === line.ingredientId);
            return (
              <li key={field.id} className="grid grid-cols-[minmax(0,1fr)_8.5rem_auto] items-start gap-2">
                <div>
                  <label htmlFor={selectId} className="sr-only">
                    Ingredient {lineNo}
                  </label>
                  <select
                    id={selectId}
                    className="field-input"
                    aria-invalid={lineErrors?.ingredientId ? true : undefined}
                    aria-describedby={lineErrors?.ingredientId ? `${selectId}-error` : undefined}
                    {...register(`recipe.${index}.ingredientId`)}
                  >
                    <option value="">Choose an ingredient…</option>
                    {savedOnly && <option value={line.ingredientId}>{info.name}</option>}
                    {options.map((ingredient) => (
                      <option key={ingredient._id} value={ingredient._id}>
                        {ingredient.name} ({formatUnitCost(ingredient.costPerUnit)} / {ingredient.unit})
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
                    Quantity per portion of {info?.name ?? `ingredient ${lineNo}`}
                  </label>
                  <div className="flex items-center gap-2">
                    <input
                      id={quantityId}
                      type="number"
                      inputMode="decimal"
                      min={0}
                      step="any"
                      placeholder="0"
                      className="field-input"
                      aria-invalid={lineErrors?.quantity ? true : undefined}
                      aria-describedby={[unitId, lineErrors?.quantity ? `${quantityId}-error` : null]
                        .filter(Boolean)
                        .join(' ')}
                      {...register(`recipe.${index}.quantity`, { valueAsNumber: true })}
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
                  className="btn btn-secondary btn-sm mt-1 border-0"
                  aria-label={`Remove ${info?.name ?? `ingredient ${lineNo}`} from the recipe`}
                  onClick={() => remove(index)}
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {recipeError && <p className="field-error">{recipeError}</p>}
      {renderStatus()}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={!canAddLine}
          onClick={() => append({ ingredientId: '', quantity: Number.NaN })}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add ingredient
        </button>
        {cost !== null && fields.length > 0 && (
          <p aria-live="polite" className="text-sm font-semibold text-stone-900">
            {`Cost of one portion: ${formatMoney(cost)}`}
            {costShare !== null && (
              <span className="font-normal text-stone-600"> ({Math.round(costShare * 100)} % of the price)</span>
            )}
          </p>
        )}
      </div>
    </fieldset>
  );
}

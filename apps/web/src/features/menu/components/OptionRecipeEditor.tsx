import { useId } from 'react';
import { Plus, X } from 'lucide-react';
import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { Ingredient } from '@quan/contract/ingredient';
import type { Option } from '@quan/contract/options';
import type { OptionGroupFormInput, OptionGroupFormValues } from './OptionGroupForm';
import type { RecipeIngredients } from './RecipeEditor';

const maxChanges = 20;

interface OptionRecipeEditorProps {
  control: Control<OptionGroupFormInput, unknown, OptionGroupFormValues>;
  register: UseFormRegister<OptionGroupFormInput>;
  optionIndex: number;
  /** For the accessible names of the buttons. */
  optionName: string;
  errors: FieldErrors<OptionGroupFormInput['options'][number]>['recipe'];
  ingredients: RecipeIngredients;
  /** The group's saved changes, whose names and units show before the ingredients have loaded. */
  savedLines: readonly Option['recipe'][number][];
}

/**
 * What one option changes in a portion's recipe, per ingredient, signed: "+0.1 kg Thịt bò" for a large
 * bowl, "1 Trứng" for an added egg, "−0.05 kg" for a smaller portion. Each ingredient once per option.
 */
export function OptionRecipeEditor({
  control,
  register,
  optionIndex,
  optionName,
  errors,
  ingredients,
  savedLines,
}: OptionRecipeEditorProps) {
  const baseId = useId();
  const { fields, append, remove } = useFieldArray({ control, name: `options.${optionIndex}.recipe` });
  const lines = useWatch({ control, name: `options.${optionIndex}.recipe` }) ?? [];
  const available = ingredients.status === 'success' ? ingredients.ingredients : [];

  const known = new Map<string, Pick<Ingredient, 'name' | 'unit'>>(
    savedLines.map((line) => [line.ingredientId, { name: line.name, unit: line.unit }]),
  );
  for (const ingredient of available) known.set(ingredient._id, ingredient);
  const chosenIds = new Set(lines.map((line) => line.ingredientId).filter(Boolean));
  const canAdd =
    ingredients.status === 'success' &&
    fields.length < maxChanges &&
    available.some((ingredient) => !chosenIds.has(ingredient._id));
  const listError = errors?.message ?? errors?.root?.message;

  return (
    <div className="space-y-2">
      {fields.length > 0 && (
        <ul className="space-y-2" aria-label={`Stock changes of ${optionName}`}>
          {fields.map((field, index) => {
            const line = lines[index];
            const info = line?.ingredientId ? known.get(line.ingredientId) : undefined;
            const lineNo = index + 1;
            const selectId = `${baseId}-${field.id}-ingredient`;
            const quantityId = `${baseId}-${field.id}-quantity`;
            const unitId = `${baseId}-${field.id}-unit`;
            const lineErrors = errors?.[index];
            const choices = available.filter(
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
                    {...register(`options.${optionIndex}.recipe.${index}.ingredientId`)}
                  >
                    <option value="">Choose an ingredient…</option>
                    {savedOnly && <option value={line.ingredientId}>{info.name}</option>}
                    {choices.map((ingredient) => (
                      <option key={ingredient._id} value={ingredient._id}>
                        {ingredient.name} ({ingredient.unit})
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
                    Change of {info?.name ?? `ingredient ${lineNo}`} per portion
                  </label>
                  <div className="flex items-center gap-2">
                    <input
                      id={quantityId}
                      type="number"
                      inputMode="decimal"
                      step="any"
                      placeholder="+0.1"
                      className="field-input"
                      aria-invalid={lineErrors?.quantity ? true : undefined}
                      aria-describedby={[unitId, lineErrors?.quantity ? `${quantityId}-error` : null]
                        .filter(Boolean)
                        .join(' ')}
                      {...register(`options.${optionIndex}.recipe.${index}.quantity`, { valueAsNumber: true })}
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
                  className="btn btn-secondary btn-sm size-11 border-0 p-0 sm:size-10"
                  aria-label={`Remove the change of ${info?.name ?? `ingredient ${lineNo}`} from ${optionName}`}
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
            Try again
          </button>
        </div>
      )}
      <button
        type="button"
        className="btn btn-secondary btn-sm min-h-11 sm:min-h-8"
        disabled={!canAdd}
        aria-label={`Add a stock change to ${optionName}`}
        onClick={() => append({ ingredientId: '', quantity: Number.NaN })}
      >
        <Plus aria-hidden="true" className="size-4" />
        Stock change
      </button>
    </div>
  );
}

import { useId } from 'react';
import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Link } from 'react-router';
import { portionCost, type Ingredient } from '@quan/contract/ingredient';
import type { RecipeLine } from '@quan/contract/menu';
import { formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import type { ItemFormInput, ItemFormValues } from './ItemForm';
import { RecipeLinesField } from './RecipeLinesField';

/** The ingredients a recipe may use, as the page that composes the menu with the ingredients loaded them. */
export type RecipeIngredients =
  | { status: 'pending' }
  | { status: 'error'; message: string; retry: () => void }
  | { status: 'success'; ingredients: readonly Ingredient[] };

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
  const t = useT();
  const hintId = `${useId()}-hint`;
  const lines = useWatch({ control, name: 'recipe' }) ?? [];
  const price = useWatch({ control, name: 'price' });

  const completeLines = lines.filter(
    (line) => line.ingredientId && Number.isFinite(line.quantity) && line.quantity > 0,
  );
  const cost =
    ingredients.status === 'success'
      ? portionCost(completeLines, new Map(ingredients.ingredients.map((i) => [i._id, i.costPerUnit])))
      : null;
  const costShare = cost !== null && cost > 0 && Number.isFinite(price) && price > 0 ? cost / price : null;

  return (
    <fieldset className="space-y-3 rounded-xl border border-stone-200 p-4" aria-describedby={hintId}>
      <legend className="px-1 text-sm font-semibold text-stone-900">{t('menu-admin.recipe.legend')}</legend>
      <p id={hintId} className="text-xs text-stone-600">
        {t('menu-admin.recipe.hint')}
      </p>
      <RecipeLinesField
        variant="dish"
        control={control}
        register={register}
        name="recipe"
        errors={errors}
        ingredients={ingredients}
        savedLines={savedLines}
        labels={{
          quantity: (ingredient) => t('menu-admin.recipe.quantity', { ingredient }),
          remove: (ingredient) => t('menu-admin.recipe.remove', { ingredient }),
          add: t('menu-admin.recipe.add'),
        }}
        empty={<p className="text-sm text-stone-600">{t('menu-admin.recipe.empty')}</p>}
        aside={
          cost !== null &&
          lines.length > 0 && (
            <p aria-live="polite" className="text-sm font-semibold text-stone-900">
              {t('menu-admin.recipe.cost', { cost: formatMoney(cost) })}
              {costShare !== null && (
                <span className="font-normal text-stone-600">
                  {' '}
                  {t('menu-admin.recipe.costShare', { percent: Math.round(costShare * 100) })}
                </span>
              )}
            </p>
          )
        }
      >
        {ingredients.status === 'pending' && (
          <p role="status" className="text-sm text-stone-600">
            {t('menu-admin.recipe.loadingIngredients')}
          </p>
        )}
        {ingredients.status === 'success' && ingredients.ingredients.length === 0 && (
          <p className="text-sm text-stone-600">
            {t('menu-admin.recipe.noIngredientsBefore')}{' '}
            <Link to="/ingredient-management" className="font-semibold text-amber-800 underline">
              {t('menu-admin.recipe.noIngredientsLink')}
            </Link>{' '}
            {t('menu-admin.recipe.noIngredientsAfter')}
          </p>
        )}
      </RecipeLinesField>
    </fieldset>
  );
}
